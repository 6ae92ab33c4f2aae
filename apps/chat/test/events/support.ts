// Helpers for the event tests: register a queue over HTTP, read it, and capture every notice the
// server publishes (what was sent, to whom) next to what a queue received.
import assert from "node:assert/strict";
import type { ChatTest, Account, Params } from "../helpers.js";
import type { Notice } from "../../src/events/notice.js";

export interface Queue {
  id: string;
  lastEventId: number;
  state: Record<string, any>;
}

export async function registerQueue(t: ChatTest, who: Account, params: Params = {}): Promise<Queue> {
  const res = await t.call(who, "POST", "/register", { fetch_event_types: [], ...params });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { id: res.body.queue_id, lastEventId: res.body.last_event_id, state: res.body };
}

/** The queue's pending events (dont_block), acknowledging everything read before. */
export async function nextEvents(t: ChatTest, who: Account, queue: Queue): Promise<any[]> {
  await t.deps.events.flush();
  const res = await t.call(who, "GET", "/events", { queue_id: queue.id, last_event_id: queue.lastEventId, dont_block: true });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const events = res.body.events as any[];
  if (events.length) queue.lastEventId = events[events.length - 1].id;
  return events;
}

/** Events without their queue-assigned ids, for comparing shapes. */
export const withoutIds = (events: any[]) => events.map(({ id: _id, ...rest }) => rest);

export interface Capture {
  notices: Notice[];
  /** notices of one event type */
  of(type: string, op?: string): Notice[];
  clear(): void;
  stop(): void;
}

export function capture(t: ChatTest): Capture {
  const notices: Notice[] = [];
  const stop = t.deps.events.tap((n) => notices.push(n));
  return {
    notices,
    of: (type, op) => notices.filter((n) => n.event.type === type && (op === undefined || n.event.op === op)),
    clear: () => void notices.splice(0),
    stop,
  };
}

/** The user ids a notice went to, sorted. */
export const recipients = (notice: Notice): number[] => notice.users.map((u) => (typeof u === "number" ? u : u.id)).sort((a, b) => a - b);
