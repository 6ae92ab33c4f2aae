// Recording a user's presence (Zulip's do_update_user_presence): the stored times move at most
// once every PRESENCE_UPDATE_MIN_FREQ_SECS, each change takes the realm's next presence update
// id, and a user who comes back online (or appears for the first time) is announced at once
// to the realm; everything else reaches clients through their regular presence polls.
//
// Invisible mode (presence_enabled=false) stops recording the user's presence altogether;
// turning it on or off updates their presence at once and announces it to everyone
// (do_change_user_setting), so others see them offline, or back, without waiting for a poll.
import type { ChatDeps } from "../deps.js";
import { activeUserIds, publish } from "./publish.js";
import { legacyPresenceDict, modernPresence, OFFLINE_THRESHOLD_SECS, PRESENCE_PING_INTERVAL_SECS, PRESENCE_UPDATE_MIN_FREQ_SECS, STATUS_ACTIVE, STATUS_IDLE, USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS } from "../lib/presence.js";
import { deletePresence, nextPresenceUpdateId, presenceOf, savePresence, type Presence } from "../store/presence.js";
import { realmSettingValues, userSettingValues } from "../store/settings.js";
import type { User } from "../store/users.js";

const DAY_MS = 24 * 3600 * 1000;

/** POST /users/me/presence: records the user's presence unless they are invisible. */
export async function updateUserPresence(deps: ChatDeps, user: User, status: string, now: number): Promise<void> {
  if ((await userSettingValues(deps.db, user.id)).presence_enabled === false) return;
  await doUpdatePresence(deps, user, status, now);
}

/**
 * presence_enabled changed: back to visible counts as being active now; going invisible
 * replaces the user's presence with one idle connection from long enough ago
 * (OFFLINE_THRESHOLD_SECS + 120 s) that every client shows them offline. Either way the
 * presence event goes out whatever the realm's size or presence setting (force_send_update).
 */
export async function doPresenceEnabledChanged(deps: ChatDeps, user: User, enabled: boolean): Promise<void> {
  const now = deps.clock.now().getTime();
  if (enabled) return doUpdatePresence(deps, user, STATUS_ACTIVE, now, { force: true });
  await deletePresence(deps.db, user.id);
  await doUpdatePresence(deps, user, STATUS_IDLE, now - (OFFLINE_THRESHOLD_SECS + 120) * 1000, { force: true, serverTime: now });
}

/**
 * Moves the user's stored presence to `now` (the time being recorded); `serverTime` (default
 * `now`) is the event's server_timestamp, and `force` announces the result unconditionally.
 */
export async function doUpdatePresence(deps: ChatDeps, user: User, status: string, now: number, options: { force?: boolean; serverTime?: number } = {}): Promise<void> {
  const active = status === STATUS_ACTIVE;
  const force = options.force ?? false;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const existing = await presenceOf(trx, user.id);
    const row: Presence = existing ? { ...existing } : { user_id: user.id, realm_id: user.realm_id, last_active_time: active ? now : null, last_connected_time: now, last_update_id: 0 };
    // A user never seen active counts as long gone, so their first activity is news.
    const sinceActive = existing?.last_active_time != null ? now - existing.last_active_time : DAY_MS;
    const sinceConnected = existing?.last_connected_time != null ? now - existing.last_connected_time : DAY_MS;
    const nowOnline = sinceActive > (OFFLINE_THRESHOLD_SECS - PRESENCE_PING_INTERVAL_SECS - 10) * 1000;
    const becameOnline = active && nowOnline;
    let changed = !existing;
    if (existing && sinceConnected > PRESENCE_UPDATE_MIN_FREQ_SECS * 1000) {
      row.last_connected_time = now;
      changed = true;
    }
    if (existing && active && sinceActive > PRESENCE_UPDATE_MIN_FREQ_SECS * 1000) {
      row.last_active_time = now;
      if (row.last_connected_time === null || now > row.last_connected_time) row.last_connected_time = now;
      changed = true;
    }
    if (changed) {
      row.last_update_id = await nextPresenceUpdateId(trx, user.realm_id);
      await savePresence(trx, row, !existing);
    }
    return { row, announce: !existing || becameOnline, stamp: await deps.events.stamp(trx) };
  });
  if (!force && (!outcome.announce || (await realmSettingValues(deps.db, user.realm_id)).presence_disabled === true)) return;
  const users = await activeUserIds(deps.db, user.realm_id);
  if (!force && users.length > USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS) return;
  const lastActive = outcome.row.last_active_time ?? user.date_joined;
  const lastConnected = outcome.row.last_connected_time ?? user.date_joined;
  const event = {
    type: "presence",
    email: user.email,
    user_id: user.id,
    server_timestamp: (options.serverTime ?? now) / 1000,
    presence: { website: legacyPresenceDict(lastActive, lastConnected) },
    // The simplified_presence_events form (registry.ts picks the shape per client).
    presences: { [String(user.id)]: modernPresence(lastActive, lastConnected) },
  };
  publish(deps, [{ event, users }], { realmId: user.realm_id, stamp: outcome.stamp });
}
