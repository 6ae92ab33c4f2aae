// The ping API's entry point (HTTP and e-mail pings): the dialect's batching queue when there
// is one (ping-queue.ts, postgres-ping-queue.ts), else one transaction per ping (record-ping.ts).
import type { MonitorDeps } from "../deps.js";
import { findCheckById, findCheckByUuid } from "../store/checks.js";
import { sqlitePingQueue, type SqlitePingQueue } from "./ping-queue.js";
import { postgresPingQueue, type PostgresPingQueue } from "./postgres-ping-queue.js";
import { precheck, recordPing, type PingOutcome, type PingSubmission, type PingTarget } from "./record-ping.js";

/**
 * Batched (group commit) on SQLite and on PostgreSQL. Not itself async: the queue's promise is
 * handed back as it is, where an async function's would wrap it and add two turns of the
 * microtask queue to every ping. It still never throws: a queue that
 * cannot be made (its statements fail to prepare) is a rejected ping, as a failed write is.
 */
export function acceptPing(deps: MonitorDeps, target: PingTarget, submission: PingSubmission): Promise<PingOutcome> {
  let queue: SqlitePingQueue | PostgresPingQueue | undefined;
  try {
    queue = sqlitePingQueue(deps) ?? postgresPingQueue(deps);
  } catch (error) {
    return Promise.reject(error);
  }
  return queue ? queue.submit(target, submission) : acceptUnbatched(deps, target, submission);
}

async function acceptUnbatched(deps: MonitorDeps, target: PingTarget, submission: PingSubmission): Promise<PingOutcome> {
  const check = "uuid" in target ? await findCheckByUuid(deps.db, target.uuid) : await findCheckById(deps.db, target.checkId);
  const outcome = precheck(check, submission);
  if (outcome !== "ok") return outcome;
  const input = { ...submission.input, now: deps.clock.now().getTime() };
  const saved = await recordPing(deps.db, check!.id, input, () => deps.alertWorker?.wake());
  return saved ? "ok" : "not_found";
}
