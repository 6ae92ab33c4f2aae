// The one call each organization-level action makes after its commit. deps.notify is read at
// call time, so a test (or the event system, when it lands) may install it after start-up.
import type { ChatDeps } from "../deps.js";
import type { EventUser, PendingEvent } from "../lib/events.js";

export function publish(deps: Pick<ChatDeps, "notify">, events: PendingEvent[]): void {
  if (events.length) deps.notify?.(events);
}

export const toUsers = (event: Record<string, unknown>, users: EventUser[]): PendingEvent => ({ event, users });

export { activeUserIds, adminUserIds } from "../store/users.js";
