// The ping hot path on SQLite: prepared better-sqlite3 statements, run synchronously
// inside one IMMEDIATE transaction per batch of pings (group commit). Callers must hold
// Kysely's connection (db.connection()) so no Kysely transaction is open meanwhile.
import type { Database } from "@beacon/platform";
import type { Check, MonitorDB, Ping, Flip } from "./schema.js";

type Handle = NonNullable<Database<MonitorDB>["sqlite"]>;

export interface CheckPingUpdate {
  n_pings: number;
  last_ping: number | null;
  last_start: number | null;
  last_start_rid: string | null;
  last_duration: number | null;
  status: string;
  alert_after: number | null;
}

export class SqlitePingStore {
  private readonly byUuid;
  private readonly byId;
  private readonly update;
  private readonly ping;
  private readonly flip;
  private readonly logLimit;
  private readonly prunePings;
  private readonly oldestPing;
  private readonly pruneNotifications;
  private readonly pruneFlips;

  constructor(private readonly sqlite: Handle) {
    this.byUuid = sqlite.prepare("SELECT * FROM checks WHERE uuid = ?");
    this.byId = sqlite.prepare("SELECT * FROM checks WHERE id = ?");
    this.update = sqlite.prepare(
      "UPDATE checks SET n_pings = @n_pings, last_ping = @last_ping, last_start = @last_start, last_start_rid = @last_start_rid, " +
        "last_duration = @last_duration, status = @status, alert_after = @alert_after WHERE id = @id",
    );
    this.ping = sqlite.prepare(
      "INSERT INTO pings (check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid) " +
        "VALUES (@check_id, @n, @created, @kind, @scheme, @remote_addr, @method, @ua, @body, @exitstatus, @rid)",
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
    return this.sqlite.transaction(work).immediate();
  }

  get inTransaction(): boolean {
    return this.sqlite.inTransaction;
  }

  findByUuid(uuid: string): Check | undefined {
    return this.byUuid.get(uuid) as Check | undefined;
  }

  findById(id: number): Check | undefined {
    return this.byId.get(id) as Check | undefined;
  }

  updateCheck(id: number, row: CheckPingUpdate): void {
    this.update.run({ ...row, id });
  }

  insertPing(row: Omit<Ping, "id">): void {
    this.ping.run(row);
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
