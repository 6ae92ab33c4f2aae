// `beacon chat backup`, `restore` and `migrate` run as an operator runs them (bin/beacon.js in a
// child process), against the database and uploads directory the server uses. The copy's
// consistency under write load is packages/platform/test/backup.test.ts; this is about the
// commands, the uploaded files among them.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { createLogger, systemClock } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { loadChatConfig } from "../../src/config.js";
import { buildChatApp, openChatDatabase, withEvents } from "../../src/main.js";
import { chatMigrations } from "../../src/migrations/index.js";
import { basic, encode } from "../helpers.js";

const execute = promisify(execFile);
const beacon = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));
const PG = Boolean(process.env.TEST_DATABASE_URL);
const pgDumpMissing = PG && spawnSync("pg_dump", ["--version"]).error !== undefined;

interface Place {
  url: string;
  uploads: string;
}

const envFor = (place: Place) => ({ ...process.env, LOG_LEVEL: "silent", CHAT_UPLOADS_DIR: place.uploads });

async function cli(place: Place, ...args: string[]): Promise<any> {
  const { stdout } = await execute(process.execPath, [beacon, "chat", ...args, "--database", place.url], { env: envFor(place) });
  return JSON.parse(stdout);
}

/** What `beacon chat …` wrote on standard error when it failed; fails the test if it succeeded. */
async function refusal(place: Place, ...args: string[]): Promise<{ stderr: string; code: number }> {
  try {
    // Bounded: a server that starts instead of refusing would otherwise hold the test for ever.
    await execute(process.execPath, [beacon, "chat", ...args, "--database", place.url], { env: envFor(place), timeout: 120_000 });
  } catch (error) {
    const failed = error as { stderr: string; code: number };
    return { stderr: failed.stderr, code: failed.code };
  }
  throw new Error(`beacon chat ${args[0]} succeeded`);
}

/** Runs `work` against a chat server opened in this process on `place`, closed again before returning. */
async function withApp<T>(place: Place, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const config = { ...loadChatConfig({}, {}), databaseUrl: place.url, uploadsDir: place.uploads, rateLimit: 0 };
  const log = createLogger("chat-test", "silent");
  const database = await openChatDatabase(config, log);
  const app = await buildChatApp(withEvents({ db: database.db, dialect: database.dialect, sqlite: database.sqlite, log, clock: systemClock, config }));
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}

interface Owner {
  email: string;
  api_key: string;
  user_id: number;
}

const headersOf = (owner: Owner) => ({ host: "acme.localhost", authorization: basic(owner.email, owner.api_key) });

async function send(app: FastifyInstance, owner: Owner, content: string): Promise<number> {
  const res = await app.inject({ method: "POST", url: "/api/v1/messages", headers: { ...headersOf(owner), "content-type": "application/x-www-form-urlencoded" }, payload: encode({ type: "private", to: [owner.user_id], content }) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().id;
}

async function upload(app: FastifyInstance, owner: Owner, name: string, text: string): Promise<string> {
  const boundary = "----beacon-backup-test";
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  const res = await app.inject({ method: "POST", url: "/api/v1/user_uploads", headers: { ...headersOf(owner), "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().url;
}

describe("beacon chat backup and restore", { skip: pgDumpMissing && "pg_dump is not installed: PostgreSQL's backup runs it" }, () => {
  let dir: string;
  let test: TestDatabase;
  let live: Place;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-chat-backup-"));
    test = await freshDatabaseUrl();
    live = { url: test.dialect === "sqlite" ? `sqlite:${join(dir, "live", "chat.db")}` : test.url, uploads: join(dir, "live", "uploads") };
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await test.release();
  });

  it("puts back the messages and uploaded files the backup copied, and drops what came after", async () => {
    const owner: Owner = await cli(live, "create-realm", "--name", "Acme", "--owner-email", "boss@acme.test", "--owner-name", "Boss", "--subdomain", "acme");
    const kept = await withApp(live, async (app) => {
      const file = await upload(app, owner, "kept.txt", "copied by the backup");
      return { file, message: await send(app, owner, `see [kept.txt](${file})`) };
    });

    const backup = join(dir, "backup");
    const written = await cli(live, "backup", "--to", backup);
    assert.deepEqual(written, { database: join(backup, test.dialect === "sqlite" ? "chat.db" : "chat.pgdump"), uploads: join(backup, "uploads") });

    const later = await withApp(live, async (app) => {
      const file = await upload(app, owner, "later.txt", "written after the backup");
      await send(app, owner, `see [later.txt](${file})`);
      return file;
    });

    assert.deepEqual(await cli(live, "restore", "--from", backup), { restored: live.url, uploads: live.uploads });

    await withApp(live, async (app) => {
      const query = encode({ anchor: "newest", num_before: 10, num_after: 0, narrow: [] });
      const messages = await app.inject({ method: "GET", url: `/api/v1/messages?${query}`, headers: headersOf(owner) });
      assert.equal(messages.statusCode, 200, messages.body);
      assert.deepEqual(
        messages.json().messages.map((m: any) => m.id),
        [kept.message],
      );
      const file = await app.inject({ method: "GET", url: kept.file, headers: headersOf(owner) });
      assert.equal(file.statusCode, 200);
      assert.equal(file.body, "copied by the backup");
      assert.equal((await app.inject({ method: "GET", url: later, headers: headersOf(owner) })).statusCode, 404);
    });
  });

  it("says where there is no backup to restore", async () => {
    const { stderr, code } = await refusal({ ...live, uploads: join(dir, "elsewhere") }, "restore", "--from", join(dir, "nothing-here"));
    assert.equal(code, 1);
    assert.match(stderr, /^error: no backup at .*nothing-here/);
  });
});

describe("beacon chat migrate on a database a newer Beacon migrated", () => {
  let dir: string;
  let test: TestDatabase;
  let place: Place;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-chat-newer-"));
    test = await freshDatabaseUrl();
    place = { url: test.dialect === "sqlite" ? `sqlite:${join(dir, "chat.db")}` : test.url, uploads: join(dir, "uploads") };
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await test.release();
  });

  it("refuses with the server's own message, naming both levels, and no stack trace", async () => {
    await withApp(place, async () => {});
    const database = await openChatDatabase({ ...loadChatConfig({}, {}), databaseUrl: place.url }, createLogger("chat-test", "silent"));
    await database.db.insertInto("chat_migrations" as never).values({ name: "099_from_the_future", timestamp: new Date().toISOString() } as never).execute();
    await database.close();

    const migrate = await refusal(place, "migrate");
    const serve = await refusal(place, "serve", "--port", "0");
    assert.equal(migrate.stderr, serve.stderr);
    assert.equal(migrate.code, 1);
    const latest = Object.keys(chatMigrations(test.dialect)).at(-1);
    assert.equal(
      migrate.stderr,
      `error: the chat database was migrated by a newer Beacon (its schema is at 099_from_the_future, this Beacon knows up to ${latest}; unknown: 099_from_the_future). Run the newer Beacon, or restore a backup taken before the upgrade.\n`,
    );
  });
});
