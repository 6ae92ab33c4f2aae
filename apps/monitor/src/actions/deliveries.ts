// Step 3 of the alert worker: delivering outbox rows. Each claim is one attempt under a
// lease; a failure is retried with backoff up to MAX_ATTEMPTS, a permanent one disables
// the integration. Every outcome is written to the notification and to the integration's
// last_error. A worker that dies mid-delivery stops renewing its lease, so the alert is
// retried by another worker LEASE_MS later rather than lost; the retry carries the same
// Idempotency-Key (the notification's uuid) so a webhook receiver can drop the duplicate.
import type { MonitorDeps } from "../deps.js";
import { alertServices } from "./alertServices.js";
import { pythonJson } from "../http/router.js";
import { presentCheck } from "../present/check.js";
import { loadAlertRows } from "../store/alertContext.js";
import { channelUuidsByCheck } from "../store/channels.js";
import { claimNotifications, finishNotification, recordChannelDelivery, renewNotificationLeases } from "../store/outbox.js";
import type { Notification } from "../store/schema.js";
import { failureOf, type AlertContext } from "../integrations/alert.js";
import { transportFor } from "../integrations/registry.js";
import { sortByNaturalName } from "../integrations/text.js";

export const MAX_ATTEMPTS = 3;
/** Wait before attempt 2 and 3. */
export const BACKOFF_MS = [10_000, 60_000];
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

/** One attempt at one notification; never throws. */
export async function deliver(deps: MonitorDeps, n: Notification): Promise<void> {
  const startedAt = deps.clock.now().getTime();
  const start = Date.now();
  let error = "";
  let permanent = false;
  let final = false;
  try {
    const ctx = await alertContext(deps, n);
    // The check or integration was deleted meanwhile: nothing left to tell.
    if (!ctx) return await finishNotification(deps.db, n.id, { state: "failed", error: "Check or integration does not exist any more", claimed_until: null });
    await transportFor(ctx.channel.kind).notify(ctx);
  } catch (e) {
    const failure = failureOf(e);
    ({ error, permanent, final } = failure);
    if (failure.unexpected) deps.log.error({ err: e, notification: n.uuid }, "notification failed");
  }
  const now = deps.clock.now().getTime();
  try {
    if (!error) await finishNotification(deps.db, n.id, { state: "sent", sent: now, error: "", claimed_until: null });
    else if (permanent || final || n.attempts >= MAX_ATTEMPTS) await finishNotification(deps.db, n.id, { state: "failed", error, claimed_until: null });
    else await finishNotification(deps.db, n.id, { error, next_attempt: now + BACKOFF_MS[n.attempts - 1], claimed_until: null });
    await recordChannelDelivery(deps.db, n.channel_id, { last_error: error, last_notify: startedAt, last_notify_duration: Date.now() - start, disable: permanent });
  } catch (e) {
    // The lease runs out and the delivery is tried again.
    deps.log.error({ err: e, notification: n.uuid }, "could not record a delivery");
  }
}
