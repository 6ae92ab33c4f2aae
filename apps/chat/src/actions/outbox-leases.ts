// A claimed outbox batch is a short lease (store/outbox-claims.ts) that a heartbeat renews while
// the batch is delivered: a slow bouncer or webhook never loses its rows, while the rows of a
// worker that died go out a lease later rather than after a long fixed timeout.
import { withHeartbeat } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { renewClaims, type OutboxTable } from "../store/outbox-claims.js";

export interface LeaseTiming {
  /** how long a claim holds unless renewed */
  leaseMs: number;
  /** how often a live worker renews it */
  heartbeatMs: number;
}

/** Runs `work` on rows claimed until `until`, renewing their lease every `heartbeatMs`. */
export function holdingClaims<R>(deps: ChatDeps, table: OutboxTable, ids: number[], until: number, timing: LeaseTiming, work: () => Promise<R>): Promise<R> {
  let held = ids;
  let deadline = until;
  const renew = async () => {
    const next = deps.clock.now().getTime() + timing.leaseMs;
    // Rows settled meanwhile (sent, deleted, or put back for a retry) are not renewed.
    held = await renewClaims(deps.db, table, held, deadline, next);
    deadline = next;
  };
  return withHeartbeat(timing.heartbeatMs, renew, work, (err) => deps.log.error({ err, table }, "could not renew an outbox claim"));
}
