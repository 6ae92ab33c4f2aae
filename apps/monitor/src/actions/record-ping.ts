// Recording a ping, atomically per check: counters, timestamps, the start/finish pairing
// by run id, status and flip, the new alert deadline, and the stored ping. The SQLite hot
// path batches pings (ping-queue.ts); this is the Kysely path every dialect can run.
// accept-ping.ts picks the path for a ping that arrives.
import type { Db } from "../deps.js";
import { classifyPing, FLIP_RETENTION_MS, pingRow, planPing, PRUNE_EVERY, withPingRules, type PingFacts } from "../lib/ping-plan.js";
import { insertFlip } from "../store/flips.js";
import { insertPing } from "../store/pings.js";
import { lockCheckForPing, pingLogLimit, pruneCheckHistory, saveCheckAfterPing } from "../store/ping-writes.js";
import type { Check } from "../store/schema.js";

/** A ping to record at `now`. */
export interface PingInput extends PingFacts {
  now: number;
}

export type PingTarget = { uuid: string } | { checkId: number };

export type PingOutcome = "ok" | "not_found" | "bad_exit_status" | "bad_rid";

/** A ping as it arrived: the URL's exit status and rid are validated against the check. */
export interface PingSubmission {
  input: PingFacts;
  ridValid: boolean;
}

/** The order of the upstream's checks: unknown check, then exit status, then rid. */
export function precheck(check: object | undefined, submission: PingSubmission): PingOutcome {
  if (!check) return "not_found";
  if (submission.input.exitstatus !== null && submission.input.exitstatus > 255) return "bad_exit_status";
  if (!submission.ridValid) return "bad_rid";
  return "ok";
}

/** Records a ping through Kysely; answers only once it is committed. */
export async function recordPing(db: Db, checkId: number, input: PingInput, onFlip?: () => void): Promise<Check | undefined> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await lockCheckForPing(trx, checkId);
    if (!row) return undefined;
    const check = withPingRules(row);
    const plan = planPing(check, classifyPing(check, input), input.now, input.rid, input.body);
    if (plan.flip) await insertFlip(trx, { check_id: check.id, created: input.now, ...plan.flip, processed: null });
    const saved = await saveCheckAfterPing(trx, check.id, plan.after);
    await insertPing(trx, pingRow(check.id, plan, input, input.now));
    return { saved, flipped: plan.flip !== null };
  });
  if (!result) return undefined;
  if (result.flipped) onFlip?.();
  const saved = result.saved;
  if (saved && saved.n_pings % PRUNE_EVERY === 0) {
    await pruneCheckHistory(db, saved.id, saved.n_pings, await pingLogLimit(db, saved.project_id), input.now - FLIP_RETENTION_MS);
  }
  return saved;
}
