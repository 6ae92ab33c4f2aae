// PATCH /settings: the caller's account fields (name, email, password) and personal settings,
// or, with target_users, an administrator's bulk change of other users' settings.
// compat: PATCH /settings/display and /settings/notifications are Zulip's deprecated aliases.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ChatDeps } from "../deps.js";
import { guarded, handler, raising, type UserContext } from "../http/endpoint.js";
import { collect, optional, refine, type Param } from "../http/declare.js";
import { BadRequestError, mustBeAdmin, ZulipError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list, object, optionalField, field } from "../http/validators.js";
import { isAdmin } from "../lib/roles.js";
import { checkSettingValues, SECURITY_SENSITIVE_USER_SETTINGS, USER_SETTINGS } from "../lib/settings-spec.js";
import { checkEmailChange, checkPasswordChange } from "../actions/settings-checks.js";
import { doBulkChangeUserSettings, doChangePassword, doChangeUserSettings } from "../actions/settings.js";
import { doChangeFullName } from "../actions/users.js";
import { accessEmailChange, doConfirmEmailChange, doStartEmailChange } from "../actions/email-change.js";
import { checkFullName } from "../actions/user-checks.js";
import { groupSnapshot } from "../store/group-snapshot.js";
import { realmSettingValues } from "../store/settings.js";
import { usersInRealm, type User } from "../store/users.js";
import { GroupGraph } from "../lib/group-graph.js";
import { requireHuman } from "./guards.js";

/** The personal settings a request may give, validated in the table's order (bare strings or JSON values). */
export function userSettingParams(exclude: Set<string> = new Set()): Param<Record<string, unknown>> {
  const table = Object.entries(USER_SETTINGS)
    .filter(([name]) => !exclude.has(name))
    .map(([name, spec]) => [name, spec.bare ? refine(optional(name, raw()), (value) => (value === undefined ? undefined : spec.validator(value, name))) : optional(name, json(spec.validator))] as const);
  return refine(collect<unknown>(table), (given) => Object.fromEntries(given));
}

const targetUsersValidator = object({
  user_ids: optionalField(list(int())),
  group_ids: optionalField(list(int())),
  skip_if_already_edited: field(bool),
});

/** The users target_users names: listed users and the groups' members, bots left out. */
async function targetUsers({ deps, realm }: UserContext, userIds: number[], groupIds: number[]): Promise<User[]> {
  const users = await usersInRealm(deps.db, realm.id);
  const byId = new Map(users.map((u) => [u.id, u]));
  const ids = new Set<number>();
  for (const id of userIds) {
    if (!byId.has(id)) throw new BadRequestError(`Invalid user ID: ${id}`);
    ids.add(id);
  }
  if (groupIds.length) {
    const graph = new GroupGraph(await groupSnapshot(deps.db, realm.id));
    for (const id of groupIds) {
      const group = graph.group(id);
      if (!group || group.name === null) throw new BadRequestError(`Invalid user group ID: ${id}`);
      for (const member of graph.members(id)) ids.add(member);
    }
  }
  // Deactivated users are included: their settings apply if they come back.
  return [...ids].map((id) => byId.get(id)!).filter((u) => !u.is_bot);
}

export const updateSettings = raising(["UNAUTHORIZED_PRINCIPAL", { status: 502, code: "BAD_REQUEST" }], guarded(
  requireHuman,
  handler(
    {
      target: optional("target_users", json(targetUsersValidator)),
      fullName: optional("full_name", raw()),
      email: optional("email", raw()),
      oldPassword: optional("old_password", raw()),
      newPassword: optional("new_password", raw()),
      changes: userSettingParams(),
    },
    async (ctx, { target, fullName, email, oldPassword, newPassword, changes }) => {
      const { deps, user } = ctx;
      if (target !== undefined) {
        if (!target.user_ids?.length && !target.group_ids?.length) throw new BadRequestError("Either user_ids or group_ids must be provided.");
        if (!isAdmin(user)) throw mustBeAdmin();
        if (email !== undefined || newPassword !== undefined || "timezone" in changes) throw new BadRequestError("Cannot change this setting for other users.");
        if (Object.keys(changes).some((name) => SECURITY_SENSITIVE_USER_SETTINGS.has(name))) throw new BadRequestError("Cannot change this setting for other users.");
        checkSettingValues(changes);
        const users = await targetUsers(ctx, target.user_ids ?? [], target.group_ids ?? []);
        await doBulkChangeUserSettings(deps, users, changes, target.skip_if_already_edited);
        return {};
      }

      checkSettingValues(changes);
      if (newPassword !== undefined) {
        await checkPasswordChange(deps, user, oldPassword, newPassword);
        await doChangePassword(deps, user, newPassword, ctx.sessionId);
      }
      if (email !== undefined && email.trim() !== user.delivery_email) {
        await checkEmailChange(deps, user, email.trim());
        await doStartEmailChange(deps, ctx.realm, user, email.trim());
      }
      if (fullName !== undefined && fullName !== user.full_name) {
        const settings = await realmSettingValues(deps.db, user.realm_id);
        // compat: Zulip ignores a forbidden rename silently (the UI never offers one).
        if (settings.name_changes_disabled !== true || isAdmin(user)) await doChangeFullName(deps, user, checkFullName(fullName));
      }
      await doChangeUserSettings(deps, user, changes);
      return {};
    },
  ),
));

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return reply.code(status).type("text/html; charset=utf-8").send(html);
}

/**
 * The confirmation link mailed by PATCH /settings email, outside /api/v1 as in Zulip: the GET
 * only shows a button that POSTs the key (so a mail scanner fetching the link changes nothing),
 * and the POST changes the address.
 */
export function registerEmailChangePages(app: FastifyInstance, deps: ChatDeps): void {
  app.get<{ Params: { key: string } }>("/accounts/confirm_new_email/:key/", async (req, reply) => {
    const key = escapeHtml(req.params.key);
    const form = `<form method="post" action="/accounts/confirm_new_email"><input type="hidden" name="key" value="${key}"><button type="submit">Confirm the new email address</button></form>`;
    return page(reply, 200, "Confirm your new email address", form);
  });
  app.post("/accounts/confirm_new_email", async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const change = await accessEmailChange(deps, typeof body.key === "string" ? body.key : "");
      const { oldEmail, newEmail } = await doConfirmEmailChange(deps, change);
      return page(reply, 200, "Email address changed", `<p>The email address of your account changed from ${escapeHtml(oldEmail)} to ${escapeHtml(newEmail)}.</p>`);
    } catch (error) {
      if (!(error instanceof ZulipError)) throw error;
      return page(reply, error.status, "Email address not changed", `<p>${escapeHtml(error.message)}</p>`);
    }
  });
}
