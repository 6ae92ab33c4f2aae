// Shared by the organization-level endpoint tests: captures what actions publish.
import type { EventUser } from "../../src/lib/events.js";
import type { ChatTest } from "../helpers.js";

export interface Captured {
  event: Record<string, unknown>;
  users: EventUser[];
}

/**
 * Taps the event system (deps.events.tap), so the events still reach the queues; `take()`
 * waits for everything published so far to be delivered, then returns and clears it.
 */
export function captureEvents(t: ChatTest): { take(): Promise<Captured[]> } {
  let events: Captured[] = [];
  t.deps.events.tap((notice) => {
    events.push({ event: notice.event, users: notice.users });
  });
  return {
    async take() {
      await t.deps.events.flush();
      const out = events;
      events = [];
      return out;
    },
  };
}
