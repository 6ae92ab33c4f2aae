// The event loop: register, then long-poll GET /json/events and apply what comes. A lost queue
// (BAD_EVENT_QUEUE_ID: it expired, or the server restarted and forgot it) or a restart event
// means registering again and reloading the stores; the current narrow and the draft stay.
// While the server cannot be reached the loop waits, a little longer each time.
import { ApiError, api } from "./client";
import { applyEvent, type Event } from "./apply";
import { register } from "./register";
import { dropAnsweredEchoes } from "../state/compose";
import { reloadViews } from "../state/messages";
import { eventQueueId } from "../state/queue";
import { notice } from "../state/session";
import { forgetTopics } from "../state/topics";

let running: AbortController | null = null;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Registers (the first time, before the app shows) and starts polling. */
export async function start(): Promise<void> {
  const first = await register();
  stop();
  const controller = new AbortController();
  running = controller;
  void poll(first.queue_id, first.last_event_id, controller.signal);
}

export function stop(): void {
  running?.abort();
  running = null;
  eventQueueId.value = null;
}

async function poll(queueId: string, lastEventId: number, signal: AbortSignal): Promise<void> {
  eventQueueId.value = queueId;
  let failures = 0;
  while (!signal.aborted) {
    try {
      // After a failure the next poll does not wait for an event (dont_block, Zulip's GET
      // /events parameter): its answer says the server is back, and the notice goes at once
      // rather than with the next event, which may be minutes away.
      const { events } = await api.get<{ events: Event[] }>("/events", { queue_id: queueId, last_event_id: lastEventId, dont_block: failures > 0 ? true : undefined }, signal);
      if (failures) notice.value = null;
      failures = 0;
      let again = false;
      for (const event of events) {
        lastEventId = Math.max(lastEventId, event.id);
        if (applyEvent(event) === "reregister") again = true;
      }
      if (again) ({ queueId, lastEventId } = await reregister(signal));
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.code === "BAD_EVENT_QUEUE_ID") {
        try {
          ({ queueId, lastEventId } = await reregister(signal));
          continue;
        } catch {
          // the server is still starting: wait below, then poll the old queue id, fail, retry
        }
      }
      if (error instanceof ApiError && error.status === 401) return;
      failures++;
      if (failures > 1) notice.value = "Reconnecting to the server…";
      await sleep(Math.min(500 * 2 ** (failures - 1), 10_000), signal);
    }
  }
}

async function reregister(signal: AbortSignal): Promise<{ queueId: string; lastEventId: number }> {
  const fresh = await register();
  if (signal.aborted) return { queueId: fresh.queue_id, lastEventId: fresh.last_event_id };
  eventQueueId.value = fresh.queue_id;
  dropAnsweredEchoes();
  forgetTopics();
  reloadViews();
  notice.value = null;
  return { queueId: fresh.queue_id, lastEventId: fresh.last_event_id };
}
