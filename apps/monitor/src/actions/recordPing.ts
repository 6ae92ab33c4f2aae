// What one ping does to its check, atomically: counters, timestamps, the start/finish
// pairing by run id, status and flip, the new alert deadline, and the stored ping.
import type { Updateable } from "kysely";
import type { Db } from "../deps.js";
import { alertAfter } from "../lib/status.js";
import { insertFlip } from "../store/flips.js";
import { insertPing } from "../store/pings.js";
import type { Check, ChecksTable } from "../store/schema.js";

export type PingAction = "success" | "start" | "fail" | "log" | "ign";

export interface PingInput {
  action: PingAction;
  now: number;
  rid: string | null;
  exitstatus: number | null;
  scheme: string;
  remoteAddr: string | null;
  method: string;
  ua: string;
  body: Buffer | null;
}

/** The changes a ping makes to the check row; pure, so the rules can be tested alone. */
export function pingEffect(check: Check, action: PingAction, now: number, rid: string | null): Updateable<ChecksTable> {
  const changes: Updateable<ChecksTable> = { n_pings: check.n_pings + 1 };
  if (action === "start") {
    changes.last_start = now;
    changes.last_start_rid = rid;
  } else if (action === "success" || action === "fail") {
    changes.last_ping = now;
    changes.last_duration = null;
    if (check.last_start !== null) {
      if (rid === check.last_start_rid) {
        changes.last_duration = now - check.last_start;
        changes.last_start = null;
        changes.last_start_rid = null;
      } else if (action === "fail" || rid === null) {
        changes.last_start = null;
        changes.last_start_rid = null;
      }
    }
    changes.status = action === "fail" ? "down" : "up";
  }
  return changes;
}

export async function recordPing(db: Db, checkId: number, input: PingInput): Promise<Check | undefined> {
  return db.transaction().execute(async (trx) => {
    const check = await trx.selectFrom("checks").selectAll().where("id", "=", checkId).executeTakeFirst();
    if (!check) return undefined;
    // compat: a paused check that must be resumed by hand ignores every ping, but logs it.
    const action: PingAction = check.status === "paused" && check.manual_resume === 1 ? "ign" : input.action;
    const changes = pingEffect(check, action, input.now, input.rid);
    const updated = { ...check, ...changes } as Check;
    changes.alert_after = alertAfter(updated);

    if (changes.status !== undefined && changes.status !== check.status) {
      await insertFlip(trx, {
        check_id: check.id,
        created: input.now,
        old_status: check.status,
        new_status: changes.status,
        reason: action === "fail" ? "fail" : "",
        processed: null,
      });
    }
    const saved = await trx.updateTable("checks").set(changes).where("id", "=", check.id).returningAll().executeTakeFirst();
    await insertPing(trx, {
      check_id: check.id,
      n: check.n_pings + 1,
      created: input.now,
      kind: action === "success" ? null : action,
      scheme: input.scheme,
      remote_addr: input.remoteAddr,
      method: input.method,
      ua: input.ua.slice(0, 200),
      body: input.body && input.body.length > 0 ? input.body : null,
      exitstatus: input.exitstatus,
      rid: input.rid,
    });
    return saved;
  });
}
