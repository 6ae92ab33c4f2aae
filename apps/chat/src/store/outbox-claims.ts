// The claim every outbox shares (push_outbox, outgoing_webhook_outbox): one statement,
// UPDATE … WHERE id IN (due rows not under a live lease, FOR UPDATE SKIP LOCKED on
// PostgreSQL) RETURNING, so several workers never take one row twice. A lease's deadline
// doubles as its owner's mark: a worker that renews only rows still holding the deadline it
// set never extends a row another worker took over after its lease lapsed (that worker set a
// later deadline).
import { sql, type Generated, type Kysely, type Selectable } from "kysely";
import type { ChatDatabase, ChatDb, Dialect } from "./schema.js";

export type OutboxTable = "push_outbox" | "outgoing_webhook_outbox";

/** What the claim reads and writes: the same columns in every outbox. */
interface LeasedRow {
  id: Generated<number>;
  next_attempt: number;
  claimed_until: number | null;
  /** push_outbox only (see countAttempts) */
  attempts: number;
}

/**
 * Takes up to `limit` rows due at `now`, oldest due first, leasing them until `until`.
 * `countAttempts`: the table counts attempts at the claim (push_outbox), so a row whose
 * worker died mid-send still reaches its last attempt.
 */
export async function claimDue<T extends OutboxTable>(db: ChatDb, dialect: Dialect, table: T, now: number, limit: number, until: number, options: { countAttempts?: boolean } = {}): Promise<Selectable<ChatDatabase[T]>[]> {
  const outbox = db as unknown as Kysely<Record<OutboxTable, LeasedRow>>;
  let pick = outbox
    .selectFrom(table as OutboxTable)
    .select("id")
    .where("next_attempt", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .orderBy("next_attempt")
    .orderBy("id")
    .limit(limit);
  if (dialect === "postgres") pick = pick.forUpdate().skipLocked();
  const rows = await outbox
    .updateTable(table as OutboxTable)
    .set(options.countAttempts ? { claimed_until: until, attempts: sql`attempts + 1` } : { claimed_until: until })
    .where("id", "in", pick)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id) as unknown as Selectable<ChatDatabase[T]>[];
}

/** Moves the lease of these rows from `held` to `until` where `held` is still theirs; returns the ids moved (the rows still held). */
export async function renewClaims(db: ChatDb, table: OutboxTable, ids: number[], held: number, until: number): Promise<number[]> {
  if (!ids.length) return [];
  const outbox = db as unknown as Kysely<Record<OutboxTable, LeasedRow>>;
  const rows = await outbox.updateTable(table).set({ claimed_until: until }).where("id", "in", ids).where("claimed_until", "=", held).returning("id").execute();
  return rows.map((row) => row.id);
}
