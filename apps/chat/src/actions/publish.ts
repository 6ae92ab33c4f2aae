// How an action emits its events once its transaction has committed (Zulip's
// send_event_on_commit): they go to deps.notify, the event system's ordered pipeline
// (events/system.ts). deps.notify is read at call time, so a test may install a recorder.
import type { ChatDeps } from "../deps.js";
import type { EventUser, PendingEvent } from "../lib/events.js";

export function publish(deps: Pick<ChatDeps, "notify">, events: PendingEvent[]): void {
  if (events.length) deps.notify?.(events);
}

export const toUsers = (event: Record<string, unknown>, users: EventUser[]): PendingEvent => ({ event, users });

export { activeUserIds, adminUserIds } from "../store/users.js";
