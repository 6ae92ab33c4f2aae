import { ZulipError } from "../http/errors.js";

/** The queue is unknown here: garbage-collected, deleted, or someone else's. */
export class BadEventQueueIdError extends ZulipError {
  constructor(queueId: string) {
    super(`Bad event queue ID: ${queueId}`, { code: "BAD_EVENT_QUEUE_ID", data: { queue_id: queueId } });
  }
}
