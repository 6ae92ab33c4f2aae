// Step 3 of the alert worker: delivering outbox rows. Each claim is one attempt under a
// lease. A transient failure (the receiver unreachable or answering 5xx/429, the database
// away) is retried with growing pauses for up to RETRY_FOR_MS, so the alert goes out once
// the fault clears; a final one (a 4xx, a setting that cannot work) is not retried, and a
// permanent one also disables the integration; anything else is tried MAX_ATTEMPTS times.
// The upstream makes three quick attempts and records the last error: the messages recorded
// here are its own ("Received status code 503"), only the retries last longer. Every outcome is written to the notification and to the integration's
// last_error. A worker that dies mid-delivery stops renewing its lease, so the alert is
// retried by another worker LEASE_MS later rather than lost; the retry carries the same
// Idempotency-Key (the notification's uuid) so a webhook receiver can drop the duplicate.
import { storageFault } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { alertServices } from "./alert-services.js";
import { pythonJson } from "../http/router.js";
import { presentCheck } from "../present/check.js";
import { loadAlertRows } from "../store/alert-context.js";
import { channelUuidsByCheck } from "../store/channels.js";
import { claimNotifications, finishNotification, recordChannelDelivery, renewNotificationLeases } from "../store/outbox.js";
import type { Notification } from "../store/schema.js";
import { failureOf, TransportError, type AlertContext, type Failure } from "../integrations/alert.js";
import { transportFor } from "../integrations/registry.js";
import { sortByNaturalName } from "../integrations/text.js";

export const MAX_ATTEMPTS = 3;
/** Wait before attempt 2, 3, 4…: the last one repeats. */
export const BACKOFF_MS = [10_000, 60_000, 5 * 60_000, 15 * 60_000];
/** How long after its alert was queued a transient failure is still retried. */
export const RETRY_FOR_MS = 24 * 3_600_000;
/**
 * A claim holds this long unless renewed; a live worker renews its deliveries' leases every
 * HEARTBEAT_MS (an attempt may take 30 s: the HTTP timeout), so a dead worker's alerts are
 * taken over within LEASE_MS (formerly a fixed 120 s lease).
 */
export const LEASE_MS = 15_000;
export const HEARTBEAT_MS = 5_000;

export async function claimDeliveries(deps: MonitorDeps, limit: number): Promise<Notification[]> {
  if (limit <= 0) return [];
  const now = deps.clock.now().getTime();
  return claimNotifications(deps.db, deps.dialect, now, limit, now + LEASE_MS);
}

/** The heartbeat: extends the leases of the deliveries this worker has under way. */
export async function renewDeliveryLeases(deps: MonitorDeps, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await renewNotificationLeases(deps.db, ids, deps.clock.now().getTime() + LEASE_MS);
}

async function alertContext(deps: MonitorDeps, n: Notification): Promise<AlertContext | undefined> {
  const rows = await loadAlertRows(deps.db, n.check_id, n.channel_id, n.flip_created);
  if (!rows) return undefined;
  const now = deps.clock.now().getTime();
  const { check, previousFlip } = rows;
  const downDuration = n.check_status === "up" && previousFlip?.new_status === "down" ? n.flip_created - previousFlip.created : null;
  const channelUuids = (await channelUuidsByCheck(deps.db, [check.id])).get(check.id) ?? [];
  return {
    config: deps.config,
    secretKey: deps.secretKey,
    now,
    flip: { created: n.flip_created, old_status: n.old_status, new_status: n.check_status, reason: n.reason },
    check,
    project: rows.project,
    channel: rows.channel,
    lastPing: rows.lastPing,
    downDuration,
    otherDown: rows.siblings.length === 0 ? null : sortByNaturalName(rows.siblings.filter((s) => s.status === "down")),
    notificationUuid: n.uuid,
    checkJson: () => pythonJson(presentCheck(check, channelUuids, { config: deps.config, version: 3, readOnly: false, now })),
    ...alertServices(deps, rows.channel),
  };
}

/** The pause before the attempt after attempt `attempts`. */
export function backoffAfter(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1];
}

/** Whether a failed attempt is tried again: what failed, how often, and how long ago the alert was queued. */
function retried(failure: Failure, n: Notification, now: number): boolean {
  if (failure.permanent || failure.final) return false;
  if (failure.transient) return now + backoffAfter(n.attempts) - n.created <= RETRY_FOR_MS;
  return n.attempts < MAX_ATTEMPTS;
}

async function releaseForRetry(deps: MonitorDeps, n: Notification): Promise<void> {
  // If even this cannot be written, the lease runs out and has the same effect.
  await finishNotification(deps.db, n.id, { next_attempt: deps.clock.now().getTime() + BACKOFF_MS[0], claimed_until: null }).catch(() => undefined);
}

/** One attempt at one notification; never throws. */
export async function deliver(deps: MonitorDeps, n: Notification): Promise<void> {
  const startedAt = deps.clock.now().getTime();
  const start = Date.now();
  let failure: Failure | undefined;
  try {
    const ctx = await alertContext(deps, n);
    // The check or integration was deleted meanwhile: nothing left to tell.
    if (!ctx) return await finishNotification(deps.db, n.id, { state: "failed", error: "Check or integration does not exist any more", claimed_until: null });
    await transportFor(ctx.channel.kind).notify(ctx);
  } catch (e) {
    // The database away is an outage the worker reports once, not a failure of this alert nor
    // of its integration: it is tried again shortly, and its integration's last_error is left alone.
    if (!(e instanceof TransportError) && storageFault(e)) return releaseForRetry(deps, n);
    failure = failureOf(e);
    if (failure.unexpected) deps.log.error({ err: e, notification: n.uuid }, "notification failed");
  }
  const now = deps.clock.now().getTime();
  const error = failure?.error ?? "";
  try {
    if (!failure) await finishNotification(deps.db, n.id, { state: "sent", sent: now, error: "", claimed_until: null });
    else if (!retried(failure, n, now)) await finishNotification(deps.db, n.id, { state: "failed", error, claimed_until: null });
    else await finishNotification(deps.db, n.id, { error, next_attempt: now + backoffAfter(n.attempts), claimed_until: null });
    await recordChannelDelivery(deps.db, n.channel_id, { last_error: error, last_notify: startedAt, last_notify_duration: Date.now() - start, disable: failure?.permanent ?? false });
  } catch (e) {
    // The lease runs out and the delivery is tried again.
    if (!storageFault(e)) deps.log.error({ err: e, notification: n.uuid }, "could not record a delivery");
  }
}
