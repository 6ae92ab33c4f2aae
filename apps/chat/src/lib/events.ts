// Events an action would send after commit, in Zulip's send_event(realm, event, users) shape.
// Delivery (event queues, issue 7) plugs in through deps.notify; until then they are only
// recorded in the action results.

export type EventUser = number | { id: number; flags: string[] };

export interface PendingEvent {
  event: Record<string, unknown>;
  users: EventUser[];
}

export type Notify = (events: PendingEvent[]) => void;
