// The ping hot path on SQLite: prepared better-sqlite3 statements, run synchronously
// inside one IMMEDIATE transaction per batch of pings (group commit). Callers must hold
// Kysely's connection (db.connection()) so no Kysely transaction is open meanwhile.
// Per ping it reads only the columns the rules need (PING_CHECK_COLUMNS) as a raw array
// and builds the object itself, and binds positional parameters: in-process, reading a
// check costs about 3.7 µs this way against 6 µs as better-sqlite3 row objects and 8 µs
// for `SELECT *`. And a check it has read is not read again while nothing else has written to
// the database (see `known`).
import { PING_CHECK_COLUMNS, pingedFields, type KeptCheck, type PingFacts, type PingPlan } from "../lib/pingPlan.js";
import { ChangeStamp, type Handle } from "./changeStamp.js";
import type { Check, Flip } from "./schema.js";

// Checks kept between batches (10,000 checks take about 5 MB of heap).
const MAX_KNOWN = 100_000;

/**
 * A raw row (the uuid, then PING_CHECK_COLUMNS in order) -> the check; keep the two lists in
 * step. Every check this store keeps is built here, so all have one object shape.
 */
function pingCheck(r: unknown[] | undefined): KeptCheck | undefined {
  if (r === undefined) return undefined;
  return {
    uuid: r[0],
    id: r[1], project_id: r[2], kind: r[3], timeout: r[4], grace: r[5], schedule: r[6], tz: r[7], methods: r[8], manual_resume: r[9],
    start_kw: r[10], success_kw: r[11], failure_kw: r[12], filter_http_body: r[13], filter_default_fail: r[14],
    status: r[15], n_pings: r[16], last_ping: r[17], last_start: r[18], last_start_rid: r[19], last_duration: r[20], alert_after: r[21],
    fail_threshold: r[22], fail_count: r[23], min_duration: r[24], max_duration: r[25], body_regex: r[26],
  } as KeptCheck;
}

export class SqlitePingStore {
  // The checks this connection read or wrote, as they stand in its transactions, by uuid and by
  // id (one object under both keys, changed in place by updateCheck). Valid while the database's
  // change stamp is the one taken at the end of our last batch: any other write (the API,
  // the alert worker, another process) moves it and empties them. Reading a check is about
  // half of a ping's database work: the statement, and building the raw row as an array.
  private readonly known = new Map<string, KeptCheck>();
  private readonly knownById = new Map<number, KeptCheck>();
  private knownStamp: string | undefined;
  private readonly stamp: ChangeStamp;
  private readonly byUuid;
  private readonly byId;
  private readonly update;
  private readonly updateKeepingDeadline;
  private readonly ping;
  private readonly flip;
  private readonly logLimit;
  private readonly prunePings;
  private readonly oldestPing;
  private readonly pruneNotifications;
  private readonly pruneFlips;

  constructor(private readonly sqlite: Handle) {
    this.stamp = new ChangeStamp(sqlite);
    const columns = ["uuid", ...PING_CHECK_COLUMNS].join(", ");
    this.byUuid = sqlite.prepare(`SELECT ${columns} FROM checks WHERE uuid = ?`).raw();
    this.byId = sqlite.prepare(`SELECT ${columns} FROM checks WHERE id = ?`).raw();
    this.update = sqlite.prepare(
      "UPDATE checks SET n_pings = ?, last_ping = ?, last_start = ?, last_start_rid = ?, last_duration = ?, status = ?, fail_count = ?, alert_after = ? WHERE id = ?",
    );
    // Leaving alert_after out of the SET list spares the write to its index (start, log and
    // ignored pings, and pings that do not move the deadline).
    this.updateKeepingDeadline = sqlite.prepare(
      "UPDATE checks SET n_pings = ?, last_ping = ?, last_start = ?, last_start_rid = ?, last_duration = ?, status = ?, fail_count = ? WHERE id = ?",
    );
    this.ping = sqlite.prepare(
      "INSERT INTO pings (check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.flip = sqlite.prepare(
      "INSERT INTO flips (check_id, created, old_status, new_status, reason, processed) VALUES (@check_id, @created, @old_status, @new_status, @reason, @processed)",
    );
    this.logLimit = sqlite.prepare("SELECT a.ping_log_limit FROM projects p JOIN accounts a ON a.id = p.owner_id WHERE p.id = ?").pluck();
    this.prunePings = sqlite.prepare("DELETE FROM pings WHERE check_id = ? AND n <= ?");
    this.oldestPing = sqlite.prepare("SELECT min(created) FROM pings WHERE check_id = ?").pluck();
    this.pruneNotifications = sqlite.prepare("DELETE FROM notifications WHERE check_id = ? AND state != 'pending' AND created < ?");
    this.pruneFlips = sqlite.prepare("DELETE FROM flips WHERE check_id = ? AND processed IS NOT NULL AND created < ?");
  }

  /** Runs `work` in one IMMEDIATE transaction: it waits for other writers, never upgrades. */
  transaction<T>(work: () => T): T {
    try {
      return this.sqlite
        .transaction(() => {
          // Read once the write lock is ours: no other connection can commit until we do.
          if (this.stamp.read() !== this.knownStamp) this.forget();
          const result = work();
          this.knownStamp = this.stamp.read();
          return result;
        })
        .immediate();
    } catch (error) {
      // Rolled back: what we kept of this transaction's writes was never written.
      this.forget();
      throw error;
    }
  }

  private forget(): void {
    this.known.clear();
    this.knownById.clear();
    this.knownStamp = undefined;
  }

  /**
   * Inside `transaction` only (the kept checks are checked against the database there). The
   * check is kept from here on: updateCheck changes it in place.
   */
  findByUuid(uuid: string): KeptCheck | undefined {
    return this.known.get(uuid) ?? this.keep(this.byUuid.get(uuid) as unknown[] | undefined);
  }

  /** Inside `transaction` only. */
  findById(id: number): KeptCheck | undefined {
    return this.knownById.get(id) ?? this.keep(this.byId.get(id) as unknown[] | undefined);
  }

  /** A check just read inside the transaction, kept as it is (the database's row). */
  private keep(row: unknown[] | undefined): KeptCheck | undefined {
    const check = pingCheck(row);
    if (check === undefined) return undefined;
    if (this.known.size >= MAX_KNOWN) {
      this.known.clear();
      this.knownById.clear();
    }
    this.known.set(check.uuid, check);
    this.knownById.set(check.id, check);
    return check;
  }

  /**
   * Writes the plan's changes to the check row (the fields a ping can change), and to the kept
   * check, in place: replacing it would cost two map writes a ping.
   */
  updateCheck(check: KeptCheck, plan: PingPlan): void {
    const after = pingedFields(check, plan);
    if (after.alert_after === check.alert_after) this.updateKeepingDeadline.run(after.n_pings, after.last_ping, after.last_start, after.last_start_rid, after.last_duration, after.status, after.fail_count, check.id);
    else this.update.run(after.n_pings, after.last_ping, after.last_start, after.last_start_rid, after.last_duration, after.status, after.fail_count, after.alert_after, check.id);
    check.n_pings = after.n_pings;
    check.last_ping = after.last_ping;
    check.last_start = after.last_start;
    check.last_start_rid = after.last_start_rid;
    check.last_duration = after.last_duration;
    check.status = after.status as KeptCheck["status"];
    check.alert_after = after.alert_after;
    check.fail_count = after.fail_count;
  }

  insertPing(checkId: number, plan: PingPlan, now: number, facts: PingFacts): void {
    const body = facts.body && facts.body.length > 0 ? facts.body : null;
    const kind = plan.action === "success" ? null : plan.action;
    const ua = facts.ua.length > 200 ? facts.ua.slice(0, 200) : facts.ua;
    this.ping.run(checkId, plan.n, now, kind, facts.scheme, facts.remoteAddr, facts.method, ua, body, facts.exitstatus, facts.rid);
  }

  insertFlip(row: Omit<Flip, "id">): void {
    this.flip.run(row);
  }

  /** Same rules as pruneCheckHistory in pingWrites.ts. */
  prune(check: Pick<Check, "id" | "project_id">, nPings: number, flipCutoff: number): void {
    const limit = (this.logLimit.get(check.project_id) as number | undefined) ?? 100;
    this.prunePings.run(check.id, nPings - limit);
    const oldest = this.oldestPing.get(check.id) as number | null;
    if (oldest === null) return;
    this.pruneNotifications.run(check.id, oldest);
    this.pruneFlips.run(check.id, Math.min(oldest, flipCutoff));
  }
}
