// Step 2 of the alert worker: each unprocessed flip is marked processed and, in the same
// transaction, gets one outbox row per integration to notify (§12.4): none for new→up
// and paused→up, only flips to up or down, disabled and no-op integrations skipped.
import { randomUUID } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { claimFlips, enabledChannelsByCheck, insertNotifications } from "../store/outbox.js";
import type { Flip, Notification } from "../store/schema.js";
import { transportFor } from "../integrations/registry.js";
import { downDependencies, hasDependencies, insertHeldAlerts, lastDownWasHeld } from "../store/dependencies.js";
import type { Db } from "../deps.js";

const BATCH = 1000;

export function needsAlert(flip: Pick<Flip, "old_status" | "new_status">): boolean {
  if (flip.new_status !== "up" && flip.new_status !== "down") return false;
  return !(flip.new_status === "up" && (flip.old_status === "new" || flip.old_status === "paused"));
}

/**
 * Dependencies (docs/monitor-extensions.md): a down flip of a check whose dependency is down
 * now is held back (recorded with the dependency's name, no alert), and so is the up flip that
 * ends such a downtime. The questions are asked once per batch, for its checks that have
 * dependencies at all.
 */
async function withoutHeld(trx: Db, flips: Flip[]): Promise<Flip[]> {
  const dependent = await hasDependencies(trx, [...new Set(flips.map((f) => f.check_id))]);
  if (dependent.size === 0) return flips;
  const concerned = flips.filter((f) => dependent.has(f.check_id));
  const downs = concerned.filter((f) => f.new_status === "down");
  const blockers = await downDependencies(trx, [...new Set(downs.map((f) => f.check_id))]);
  const held = new Set<number>();
  const rows = [];
  for (const flip of downs) {
    const blocker = blockers.get(flip.check_id);
    if (!blocker) continue;
    held.add(flip.id);
    rows.push({ flip_id: flip.id, check_id: flip.check_id, dependency_name: blocker.name, dependency_uuid: blocker.uuid });
  }
  await insertHeldAlerts(trx, rows);
  const heldUps = await lastDownWasHeld(trx, concerned.filter((f) => f.new_status === "up"));
  return flips.filter((f) => !held.has(f.id) && !(f.new_status === "up" && heldUps.has(f.check_id)));
}

/** Returns how many notifications were queued. */
export async function processFlips(deps: MonitorDeps): Promise<number> {
  let queued = 0;
  for (;;) {
    const now = deps.clock.now().getTime();
    const { claimed, rows } = await deps.db.transaction().execute(async (trx) => {
      const flips = await claimFlips(trx, deps.dialect, now, BATCH);
      const alerting = await withoutHeld(trx, flips.filter(needsAlert));
      const channels = await enabledChannelsByCheck(trx, [...new Set(alerting.map((f) => f.check_id))]);
      const rows: Omit<Notification, "id">[] = [];
      for (const flip of alerting) {
        for (const channel of channels.get(flip.check_id) ?? []) {
          if (transportFor(channel.kind).isNoop(channel, flip.new_status)) continue;
          rows.push({
            uuid: randomUUID(),
            check_id: flip.check_id,
            channel_id: channel.id,
            flip_id: flip.id,
            check_status: flip.new_status,
            old_status: flip.old_status,
            reason: flip.reason,
            flip_created: flip.created,
            created: now,
            state: "pending",
            attempts: 0,
            next_attempt: now,
            claimed_until: null,
            sent: null,
            error: "",
          });
        }
      }
      await insertNotifications(trx, rows);
      return { claimed: flips.length, rows };
    });
    queued += rows.length;
    if (claimed < BATCH) return queued;
  }
}
