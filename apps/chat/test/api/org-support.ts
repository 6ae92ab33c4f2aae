// Shared by the organization-level endpoint tests: captures what actions publish.
import type { PendingEvent } from "../../src/lib/events.js";
import type { ChatTest } from "../helpers.js";

/** Installs a recorder on deps.notify; `take()` returns and clears what was published. */
export function captureEvents(t: ChatTest): { take(): PendingEvent[] } {
  let events: PendingEvent[] = [];
  t.deps.notify = (batch) => {
    events.push(...batch);
  };
  return {
    take() {
      const out = events;
      events = [];
      return out;
    },
  };
}
