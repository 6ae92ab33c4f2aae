// Commit stamps: how a queue registered while a write was in flight tells whether that write
// is already in the /register snapshot (drop its events) or not (deliver them).
//
// Zulip allocates the queue, fetches state, then re-applies whatever reached the queue in
// between (apply_events). Beacon instead numbers every write and every snapshot:
//
// - PostgreSQL: a write's stamp is its transaction id (pg_current_xact_id), the snapshot is
//   pg_current_snapshot() taken as the first statement of the REPEATABLE READ transaction
//   that reads the state, and "in the snapshot" is PostgreSQL's own visibility rule. Exact
//   across any number of processes, and it costs one round trip per write.
// - SQLite: Kysely runs every query of a process on one connection behind a mutex, so
//   transactions are serialized; a write takes the next number of a process-wide counter
//   inside its transaction and the snapshot reads the counter inside its own. A new message
//   can also be stamped with its id: ids are handed out in commit order on SQLite.
import { sql } from "kysely";
import type { ChatDb, Dialect } from "../store/schema.js";

export type CommitStamp = { xid: number } | { seq: number } | { messageId: number };

export type SnapshotMark =
  | { kind: "pg"; xmin: number; xmax: number; running: Set<number> }
  | { kind: "sqlite"; seq: number; maxMessageId: number };

let sequence = 0;

/** The stamp of the transaction `trx` (call it inside the writing transaction). */
export async function commitStamp(trx: ChatDb, dialect: Dialect): Promise<CommitStamp> {
  if (dialect === "sqlite") return { seq: ++sequence };
  const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx);
  return { xid: Number(rows[0].xid) };
}

/** Reads the snapshot mark; must be the first statement of the state-reading transaction. */
export async function snapshotMark(trx: ChatDb, dialect: Dialect): Promise<SnapshotMark> {
  if (dialect === "sqlite") {
    const seq = sequence;
    const row = await trx.selectFrom("messages").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
    return { kind: "sqlite", seq, maxMessageId: Number(row?.id ?? 0) };
  }
  const { rows } = await sql<{ snap: string }>`select pg_current_snapshot()::text as snap`.execute(trx);
  return parsePgSnapshot(rows[0].snap);
}

/** `xmin:xmax:xip,…` as printed by pg_current_snapshot(). */
export function parsePgSnapshot(text: string): SnapshotMark {
  const [xmin, xmax, xip] = text.split(":");
  const running = new Set((xip ?? "").split(",").filter(Boolean).map(Number));
  return { kind: "pg", xmin: Number(xmin), xmax: Number(xmax), running };
}

/** Whether the write that carries `stamp` had committed when the snapshot was taken. */
export function inSnapshot(mark: SnapshotMark, stamp: CommitStamp): boolean {
  if (mark.kind === "pg") {
    if (!("xid" in stamp)) return false;
    if (stamp.xid < mark.xmin) return true;
    return stamp.xid < mark.xmax && !mark.running.has(stamp.xid);
  }
  if ("seq" in stamp) return stamp.seq <= mark.seq;
  if ("messageId" in stamp) return stamp.messageId <= mark.maxMessageId;
  return false;
}
