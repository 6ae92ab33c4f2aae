// Consistent copies of a server's database while it runs, and putting one back.
// SQLite: the online backup API (better-sqlite3's backup(), which copies pages in steps and
// restarts when a writer changes a page it copied, so the copy is one instant's database).
// PostgreSQL: pg_dump's custom format and pg_restore, when they are installed; otherwise the
// error says which command to run.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { databaseDialect, type Database } from "./db.js";
import { StartupError } from "./startup.js";

/** The file a database's copy takes inside a backup directory. */
export function backupFileName(name: string, url: string): string {
  return databaseDialect(url) === "sqlite" ? `${name}.db` : `${name}.pgdump`;
}

/** The connection string pg_dump and pg_restore understand, and the schema a test URL names. */
function postgresTarget(url: string): { url: string; schema?: string } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema") ?? undefined;
  parsed.searchParams.delete("schema");
  return { url: parsed.toString(), schema };
}

function run(command: string, args: string[], hint: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") reject(new StartupError(`${command} is not installed (it comes with PostgreSQL's client package); install it, or run: ${hint}`));
      else reject(error);
    });
    child.on("close", (code) => (code === 0 ? resolve() : reject(new StartupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Copies the open database into `file` (a new file); returns the file. */
export async function backupDatabase(database: Pick<Database<unknown>, "sqlite">, url: string, file: string): Promise<string> {
  if (database.sqlite) {
    await database.sqlite.backup(file);
    return file;
  }
  const target = postgresTarget(url);
  const args = ["--format=custom", `--file=${file}`, ...(target.schema ? [`--schema=${target.schema}`] : []), target.url];
  await run("pg_dump", args, `pg_dump ${args.map((a) => `'${a}'`).join(" ")}`);
  return file;
}

/**
 * Puts a copy made by backupDatabase back in place of the database at `url`. The servers using
 * it must be stopped. SQLite: the file is replaced (its WAL dropped). PostgreSQL: pg_restore
 * drops and recreates every object the dump holds.
 */
export async function restoreDatabase(url: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new StartupError(`no backup at ${file}`);
  if (databaseDialect(url) === "sqlite") {
    const path = url.slice("sqlite:".length).split("?")[0];
    if (!path || path === ":memory:") throw new StartupError("cannot restore into an in-memory database");
    mkdirSync(join(path, ".."), { recursive: true });
    for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path);
    } finally {
      source.close();
    }
    return;
  }
  const target = postgresTarget(url);
  const args = ["--clean", "--if-exists", "--no-owner", "--single-transaction", `--dbname=${target.url}`, file];
  await run("pg_restore", args, `pg_restore ${args.map((a) => `'${a}'`).join(" ")}`);
}
