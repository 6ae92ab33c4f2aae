// PATCH /realm: organization settings (administrators; some owners only).
import type { Api } from "../http/endpoint.js";
import { BadRequestError, mustBeAdmin, mustBeOwner } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { isAdmin, isOwner } from "../lib/roles.js";
import { isStringSetting, REALM_SETTINGS } from "../lib/realm-settings.js";
import { doSetRealmSettings } from "../actions/realm-settings.js";
import { accessChannelById, channelScope } from "./channel-access.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("PATCH", "/realm", async (ctx) => {
    const { params, user, realm } = ctx;
    if (!isAdmin(user)) throw mustBeAdmin();
    const changes: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(REALM_SETTINGS)) {
      // Strings arrive bare; everything else JSON-encoded.
      const value = isStringSetting(name) ? params.optional(name, raw()) : params.optional(name, json(spec.validator));
      if (value === undefined) continue;
      if (isStringSetting(name)) spec.validator(value, name);
      if (spec.ownerOnly && !isOwner(user)) throw mustBeOwner();
      changes[name] = value === "unlimited" ? null : typeof value === "string" && name === "name" ? value.trim() : value;
    }
    const scope = await channelScope(deps.db, ctx);
    for (const [name, value] of Object.entries(changes)) {
      if (!REALM_SETTINGS[name]!.channel || value === -1) continue;
      const stream = accessChannelById(scope, ctx, value as number);
      if (name === "moderation_request_channel_id" && !stream.invite_only) throw new BadRequestError("Moderation request channel must be private.");
    }
    const changed = await doSetRealmSettings(deps, realm, changes);
    // compat: Zulip answers with each changed setting, strings reduced to "updated".
    return Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, typeof v === "string" ? "updated" : v]));
  });
}
