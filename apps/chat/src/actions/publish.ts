// How an action emits events (Zulip's send_event_on_commit): call publish once the
// transaction has committed, with the commit stamp taken inside it, and the events go into
// the event system's ordered pipeline (events/system.ts), on to this process's queues and, over
// the bus, to every other process's, in the order they were published.
//
// A message send is the one exception: it runs its transaction through
// deps.events.transactionWithEvents, which on the PostgreSQL bus notifies the events inside it,
// so that they leave at the commit (send-message.ts, events/system.ts).
//
// Typing notifications write nothing and so have no transaction and no stamp: they are
// published at once (Zulip sends them with send_event_rollback_unsafe), through this same
// function, so they keep their place in the order.
import type { ChatDeps } from "../deps.js";
import type { CommitStamp } from "../events/stamp.js";
import type { PendingEvent } from "../lib/events.js";

/** The write the events belong to: its realm and, when it had a transaction, its commit stamp. */
export interface Write {
  realmId: number;
  stamp?: CommitStamp;
}

/**
 * Sends `events` (Zulip's send_event(realm, event, users) each) in order. `write` gives the
 * realm and commit stamp of events that do not carry their own.
 */
export function publish(deps: Pick<ChatDeps, "events">, events: PendingEvent[], write?: Write): void {
  if (!events.length) return;
  deps.events.emit(write ? events.map((e) => ({ realmId: write.realmId, stamp: write.stamp, ...e })) : events);
}

export { activeUserIds, adminUserIds } from "../store/users.js";
