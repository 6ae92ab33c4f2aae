// Events an action sends after commit, in Zulip's send_event(realm, event, users) shape,
// handed to publish (actions/publish.ts) for the event queues (apps/chat/src/events).
import type { CommitStamp } from "../events/stamp.js";

export type EventUser = number | { id: number; flags: string[] };

export interface PendingEvent {
  event: Record<string, unknown>;
  users: EventUser[];
  /** the stamp of the write (deps.events.stamp(trx)), so a queue registering meanwhile gets it once */
  stamp?: CommitStamp;
  /** the realm, when known */
  realmId?: number;
}
