// Pause and resume. Both record a flip that is already processed: they never alert.
import type { MonitorDeps } from "../deps.js";
import { insertFlip } from "../store/flips.js";
import { updateCheckRow } from "../store/checks.js";
import type { Check } from "../store/schema.js";

export async function pauseCheck(deps: MonitorDeps, check: Check): Promise<Check | undefined> {
  if (check.status === "paused") return check;
  const now = deps.clock.now().getTime();
  return deps.db.transaction().execute(async (trx) => {
    await insertFlip(trx, { check_id: check.id, created: now, old_status: check.status, new_status: "paused", reason: "", processed: now });
    // compat: last_ping is kept on pause, unlike on resume.
    return updateCheckRow(trx, check.id, { status: "paused", last_start: null, last_start_rid: null, alert_after: null });
  });
}

export type ResumeOutcome = { kind: "resumed"; check: Check } | { kind: "not_paused" } | { kind: "gone" };

export async function resumeCheck(deps: MonitorDeps, check: Check): Promise<ResumeOutcome> {
  if (check.status !== "paused") return { kind: "not_paused" };
  const now = deps.clock.now().getTime();
  const resumed = await deps.db.transaction().execute(async (trx) => {
    await insertFlip(trx, { check_id: check.id, created: now, old_status: "paused", new_status: "new", reason: "", processed: now });
    return updateCheckRow(trx, check.id, { status: "new", last_start: null, last_start_rid: null, last_ping: null, alert_after: null });
  });
  return resumed ? { kind: "resumed", check: resumed } : { kind: "gone" };
}
