// Whether push notifications work for a realm: configured on this server (a bouncer URL), and
// not refused by the bouncer for the realm (no registration, no plan). Zulip keeps this as
// realm.push_notifications_enabled and updates it from the bouncer's answers; so does Beacon.
import type { ChatDeps } from "../deps.js";
import { realmSettingValues, setRealmSettingValue } from "../store/settings.js";
import { activeUserIds, publish } from "./publish.js";

export const pushConfigured = (deps: Pick<ChatDeps, "config">): boolean => deps.config.pushBouncerUrl !== "";

export async function realmPushStatus(deps: ChatDeps, realmId: number): Promise<{ enabled: boolean; endTimestamp: number | null }> {
  if (!pushConfigured(deps)) return { enabled: false, endTimestamp: null };
  const stored = await realmSettingValues(deps.db, realmId);
  return { enabled: stored.push_notifications_enabled !== false, endTimestamp: typeof stored.push_notifications_enabled_end_timestamp === "number" ? stored.push_notifications_enabled_end_timestamp : null };
}

/** Records what the bouncer said of the realm and tells its users what changed. */
export async function doSetRealmPushStatus(deps: ChatDeps, realmId: number, enabled: boolean, endTimestamp: number | null): Promise<void> {
  const current = await realmPushStatus(deps, realmId);
  const changes: [string, unknown][] = [];
  if (current.enabled !== enabled) changes.push(["push_notifications_enabled", enabled]);
  if (current.endTimestamp !== endTimestamp) changes.push(["push_notifications_enabled_end_timestamp", endTimestamp]);
  if (!changes.length) return;
  const { stamp } = await deps.events.transaction(async (trx) => {
    for (const [name, value] of changes) await setRealmSettingValue(trx, realmId, name, value);
  });
  const users = await activeUserIds(deps.db, realmId);
  publish(deps, changes.map(([property, value]) => ({ event: { type: "realm", op: "update", property, value }, users, stamp, realmId })));
}
