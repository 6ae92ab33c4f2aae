// The one call each organization-level action makes after its commit. deps.notify is read at
// call time, so a test (or the event system, when it lands) may install it after start-up.
import type { ChatDeps } from "../deps.js";
import type { EventUser, PendingEvent } from "../lib/events.js";
import type { ChatDb } from "../store/schema.js";
import { isAdmin } from "../lib/roles.js";

export function publish(deps: Pick<ChatDeps, "notify">, events: PendingEvent[]): void {
  if (events.length) deps.notify?.(events);
}

export const toUsers = (event: Record<string, unknown>, users: EventUser[]): PendingEvent => ({ event, users });

/** Zulip's active_user_ids(realm): who hears about realm-wide changes. */
export async function activeUserIds(db: ChatDb, realmId: number): Promise<number[]> {
  const rows = await db.selectFrom("users").select("id").where("realm_id", "=", realmId).where("is_active", "=", 1).orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** Active administrators (owners included), bots among them as in Zulip. */
export async function adminUserIds(db: ChatDb, realmId: number): Promise<number[]> {
  const rows = await db.selectFrom("users").select(["id", "role"]).where("realm_id", "=", realmId).where("is_active", "=", 1).orderBy("id").execute();
  return rows.filter((r) => isAdmin(r)).map((r) => r.id);
}
