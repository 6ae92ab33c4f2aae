// The realm's presence as POST /users/me/presence and /register report it (Zulip's
// get_presence_response): keyed by user id (slim) or by email (legacy), the last two weeks by
// default, or only what changed after the client's last_update_id.
import type { ChatDb } from "../store/schema.js";
import { legacyPresence, modernPresence } from "../lib/presence.js";
import { realmPresences } from "../store/presence.js";
import { realmSettingValues } from "../store/settings.js";

const DAY_MS = 24 * 3600 * 1000;

export async function presenceResponse(db: ChatDb, realmId: number, now: number, options: { slim: boolean; lastUpdateId?: number; historyLimitDays?: number }): Promise<Record<string, unknown>> {
  const { slim, lastUpdateId, historyLimitDays } = options;
  // A realm with presence disabled shows nobody's (get_presences_for_realm).
  if ((await realmSettingValues(db, realmId)).presence_disabled === true) return { presences: {}, server_timestamp: now / 1000, presence_last_update_id: -1 };
  const rows =
    historyLimitDays === 0
      ? []
      : await realmPresences(db, realmId, {
          afterUpdateId: lastUpdateId,
          // A client that already holds presence data needs no time cut-off.
          since: lastUpdateId === undefined || lastUpdateId <= 0 ? now - (historyLimitDays ?? 14) * DAY_MS : undefined,
        });
  const presences: Record<string, unknown> = {};
  for (const row of rows) {
    const active = row.last_active_time ?? row.date_joined;
    const connected = row.last_connected_time ?? row.date_joined;
    if (slim) presences[String(row.user_id)] = modernPresence(active, connected);
    else presences[row.email] = legacyPresence(active, connected);
  }
  const last = rows.length ? Math.max(...rows.map((r) => Number(r.last_update_id))) : (lastUpdateId ?? -1);
  return { presences, server_timestamp: now / 1000, presence_last_update_id: last };
}
