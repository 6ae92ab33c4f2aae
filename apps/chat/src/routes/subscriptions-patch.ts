// PATCH /users/me/subscriptions: subscribe to `add` and unsubscribe from `delete` in one call,
// answering with both halves' keys (Zulip's update_subscriptions_backend).
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, Params } from "../http/params.js";
import { field, list, object, optionalField, string } from "../http/validators.js";
import { MAX_CHANNEL_DESCRIPTION_LENGTH } from "../actions/channel-checks.js";
import { readChannelSettings } from "./channel-settings.js";
import { addSubscriptions, removeSubscriptions } from "./subscriptions.js";

// compat: `color` is accepted and, as with POST /users/me/subscriptions, not applied.
const additions = list(object({ name: field(string()), color: optionalField(string()), description: optionalField(string({ maxLength: MAX_CHANNEL_DESCRIPTION_LENGTH })) }));

export function register(api: Api): void {
  api.user("PATCH", "/users/me/subscriptions", async (ctx) => {
    const remove = ctx.params.withDefault("delete", json(list(string())), []);
    const add = ctx.params.withDefault("add", json(additions), []);
    if (!add.length && !remove.length) throw new BadRequestError('Nothing to do. Specify at least one of "add" or "delete".');
    // Channels created here take every channel setting's default.
    const settings = readChannelSettings(new Params({}, {}));
    const added = await addSubscriptions(api.deps, ctx, { requests: add, settings, retentionGiven: false, principals: undefined, fatal: true });
    const removed = await removeSubscriptions(api.deps, ctx, remove, undefined);
    return { ...added, ...removed };
  });
}
