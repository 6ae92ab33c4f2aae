// Whether a SQLite database may have changed, asked of SQLite itself in two statements:
// `total_changes()` counts every row inserted, updated or deleted through this connection
// (Kysely's and the ping path's alike, committed or not, triggers and cascades included), and
// `PRAGMA data_version` moves when another connection commits (a CLI command, a second
// process, a row changed by hand). So no write can be missed, whichever code makes it; only a
// schema change goes uncounted, and the schema changes only in migrations, before serving.
import type { Database } from "@beacon/platform";
import type { MonitorDB } from "./schema.js";

export type Handle = NonNullable<Database<MonitorDB>["sqlite"]>;

export class ChangeStamp {
  private readonly changes;
  private readonly version;

  constructor(sqlite: Handle) {
    this.changes = sqlite.prepare("SELECT total_changes()").pluck();
    this.version = sqlite.prepare("PRAGMA data_version").pluck();
  }

  /** Equal readings: nothing was written in between, by anyone. */
  read(): string {
    return `${this.changes.get() as number}:${this.version.get() as number}`;
  }
}
