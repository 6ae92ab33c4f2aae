// The alert worker (upstream "sendalerts"): flips checks whose deadline passed, turns
// flips into outbox rows, and delivers them. It runs inside `serve` and as
// `beacon monitor sendalerts`; on PostgreSQL any number of them may run at once.
//
// Timing: when idle it polls every POLL_MS at most, and sleeps only until just past the
// earliest deadline or retry when that comes sooner, so detection lag stays well under a
// second. Pings that record a flip in this process wake it at once. While the database is
// down it keeps polling without a log line per cycle: one when it pauses, one when it resumes.
import type { MonitorDeps } from "../deps.js";
import { nextDeadline } from "../store/due-checks.js";
import { nextRetry } from "../store/outbox.js";
import { OutageLog, withHeartbeat } from "@beacon/platform";
import { dueNow, holdEndsIn } from "./alert-clock.js";
import { claimDeliveries, deliver, HEARTBEAT_MS, renewDeliveryLeases } from "./deliveries.js";
import { processFlips, releaseEndedHolds } from "./flip-notifications.js";
import { nextRelease } from "../store/held-alerts.js";
import { flipDueChecks } from "./going-down.js";
import { sendDueReportsNow } from "./monthly-reports.js";

const POLL_MS = 500;
const MIN_SLEEP_MS = 5;
const CONCURRENCY = 10;

export interface AlertWorker {
  wake(): void;
  /** Stops polling and waits for deliveries under way: a restart repeats nothing. */
  stop(): Promise<void>;
}

/** One pass of every step, awaiting the deliveries it starts (tests drive this). */
export async function runAlertCycle(deps: MonitorDeps): Promise<{ down: number; queued: number; delivered: number }> {
  const { down, queued: alerted } = await flipDueChecks(deps);
  const queued = alerted + (await processFlips(deps)) + (await releaseEndedHolds(deps));
  let delivered = 0;
  for (;;) {
    const batch = await claimDeliveries(deps, CONCURRENCY);
    if (batch.length === 0) break;
    const ids = batch.map((n) => n.id);
    await withHeartbeat(HEARTBEAT_MS, () => renewDeliveryLeases(deps, ids), () => Promise.all(batch.map((n) => deliver(deps, n))), (err) => deps.log.error({ err }, "could not renew delivery leases"));
    delivered += batch.length;
  }
  return { down, queued, delivered };
}

export function startAlertWorker(deps: MonitorDeps): AlertWorker {
  let running = true;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  const inflight = new Set<Promise<void>>();
  const leased = new Set<number>();
  const outage = new OutageLog(deps.log, "alert worker");

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function cycle(): Promise<void> {
    await flipDueChecks(deps);
    await processFlips(deps);
    await releaseEndedHolds(deps);
    // A report that cannot be sent must not hold up alerts.
    await sendDueReportsNow(deps).catch((err) => deps.log.error({ err }, "monthly reports failed"));
    const batch = await claimDeliveries(deps, CONCURRENCY - inflight.size);
    for (const n of batch) {
      leased.add(n.id);
      const p = deliver(deps, n).finally(() => {
        leased.delete(n.id);
        inflight.delete(p);
        worker.wake();
      });
      inflight.add(p);
    }
  }

  // The heartbeat: while deliveries are under way their leases are renewed; when this process
  // dies it stops, and another worker takes them over LEASE_MS later.
  let renewing = false;
  const heartbeat = setInterval(() => {
    if (renewing || leased.size === 0) return;
    renewing = true;
    renewDeliveryLeases(deps, [...leased])
      .catch((err) => outage.failed(err) || deps.log.error({ err }, "could not renew delivery leases"))
      .finally(() => (renewing = false));
  }, HEARTBEAT_MS);
  heartbeat.unref?.();

  async function delay(): Promise<number> {
    const now = deps.clock.now().getTime();
    const [deadline, retry, release] = await Promise.all([nextDeadline(deps.db), nextRetry(deps.db, now), nextRelease(deps.db)]);
    let ms = Math.min(POLL_MS, holdEndsIn(deps) ?? POLL_MS);
    if (release !== null) ms = Math.min(ms, release - now);
    // The worker flips a check strictly after its deadline: aim 1 ms past it.
    if (deadline !== null) ms = Math.min(ms, deadline - dueNow(deps) + 1);
    if (retry !== null && inflight.size < CONCURRENCY) ms = Math.min(ms, retry - now);
    // A floor, so a deadline another worker holds cannot make this one spin.
    return Math.max(ms, MIN_SLEEP_MS);
  }

  async function loop(): Promise<void> {
    while (running) {
      woken = false;
      let ms = POLL_MS;
      try {
        await cycle();
        ms = await delay();
        outage.succeeded();
      } catch (error) {
        if (!running) break;
        if (!outage.failed(error)) deps.log.error({ err: error }, "alert worker cycle failed");
      }
      if (running) await sleep(ms);
    }
  }

  const worker: AlertWorker = {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await done;
      await Promise.all(inflight);
      clearInterval(heartbeat);
      if (deps.alertWorker === worker) deps.alertWorker = undefined;
    },
  };
  deps.alertWorker = worker;
  const done = loop();
  return worker;
}
