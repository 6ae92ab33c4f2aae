// POST /users/me/presence: report one's own status and read everyone else's; GET /realm/presence
// and GET /users/{user_id_or_email}/presence: read them without reporting.
import { handler } from "../http/endpoint.js";
import { optional, required, withDefault } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int } from "../http/validators.js";
import { updateUserPresence } from "../actions/presence.js";
import { singleUserPresence, STATUS_ACTIVE, STATUS_IDLE } from "../lib/presence.js";
import { presenceOf } from "../store/presence.js";
import { realmSettingValues } from "../store/settings.js";
import { userByApiEmail, userInRealm } from "../store/users.js";
import { presenceResponse } from "./presence-state.js";

// compat: typed_endpoint reads these in alphabetical order.
export const updatePresence = handler(
  {
    historyLimitDays: optional("history_limit_days", json(int())),
    lastUpdateId: optional("last_update_id", json(int())),
    newUserInput: withDefault("new_user_input", json(bool), false),
    pingOnly: withDefault("ping_only", json(bool), false),
    slimPresence: withDefault("slim_presence", json(bool), false),
    status: required("status", raw()),
  },
  async ({ deps, user, realm }, { historyLimitDays, lastUpdateId, pingOnly, slimPresence, status }) => {
    if (user.is_bot) throw new BadRequestError("This endpoint does not accept bot requests.");
    // Passing last_update_id means the client speaks the modern format.
    const slim = slimPresence || lastUpdateId !== undefined;
    if (status !== STATUS_ACTIVE && status !== STATUS_IDLE) throw new BadRequestError(`Invalid status: ${status}`);
    const now = deps.clock.now().getTime();
    await updateUserPresence(deps, user, status, now);
    if (pingOnly) return {};
    return presenceResponse(deps.db, realm.id, now, { slim, lastUpdateId, historyLimitDays });
  },
);

// get_presence_backend: the realm's presence in the legacy per-email form.
export const realmPresence = handler({}, async ({ deps, realm }) => {
  const { presences, server_timestamp } = await presenceResponse(deps.db, realm.id, deps.clock.now().getTime(), { slim: false });
  return { server_timestamp, presences };
});

// get_presence_backend for one active user, named by id or by Zulip API email.
export const userPresence = handler({}, async ({ deps, path, realm }) => {
  const key = path.user_id_or_email ?? "";
  const target = /^[0-9]+$/.test(key) ? await userInRealm(deps.db, realm.id, Number(key)) : await userByApiEmail(deps.db, realm.id, key);
  if (!target || !target.is_active) throw new BadRequestError("No such user");
  if (target.is_bot) throw new BadRequestError("Presence is not supported for bot users.");
  const presence = await presenceOf(deps.db, target.id);
  if (!presence || (await realmSettingValues(deps.db, realm.id)).presence_disabled === true) throw new BadRequestError(`No presence data for ${key}`);
  const now = deps.clock.now().getTime();
  const active = presence.last_active_time ?? target.date_joined;
  const connected = presence.last_connected_time ?? target.date_joined;
  return { server_timestamp: now / 1000, presence: singleUserPresence(active, connected, now) };
});
