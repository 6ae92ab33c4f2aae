// The answers clients get while the database or its disk fails: 503 (507 for a full disk) with
// Retry-After in Zulip's error shape, and the same requests succeed once it is back.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createLogger, openDatabase, type Database } from "@beacon/platform";
import { FakeClock, faultyProxy, freshDatabaseUrl, type FaultyProxy, type TestDatabase } from "@beacon/testing";
import type { FastifyInstance } from "fastify";
import { buildChatApp, withEvents } from "../../src/main.js";
import { loadChatConfig } from "../../src/config.js";
import { migrateChat } from "../../src/migrations/index.js";
import type { ChatDatabase } from "../../src/store/schema.js";
import { doCreateRealm } from "../../src/actions/realms.js";
import { basic, chatTest, encode, type ChatTest } from "../helpers.js";

const PG = process.env.TEST_DATABASE_URL;

describe("the chat server's health probes", () => {
  let t: ChatTest;
  before(async () => (t = await chatTest()));
  after(() => t.close());

  it("answers Zulip's /health, /health/live and /health/ready", async () => {
    for (const url of ["/health", "/health/live"]) {
      const res = await t.app.inject({ method: "GET", url });
      assert.equal(res.statusCode, 200, url);
      assert.deepEqual(res.json(), { result: "success", msg: "" });
    }
    const ready = await t.app.inject({ method: "GET", url: "/health/ready" });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { result: "success", msg: "", checks: { database: "ok", migrations: "ok" } });
  });

  it("is not ready, and /health says SERVER_NOT_READY, once the database has a migration this program does not know", async () => {
    await t.deps.db.insertInto("chat_migrations" as never).values({ name: "999_from_the_future", timestamp: "x" } as never).execute();
    try {
      const ready = await t.app.inject({ method: "GET", url: "/health/ready" });
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.headers["retry-after"], "5");
      assert.equal(ready.json().code, "BAD_REQUEST");
      assert.match(ready.json().msg, /^Not ready: migrations: migrated by a newer Beacon \(999_from_the_future;/);
      const health = await t.app.inject({ method: "GET", url: "/health" });
      assert.equal(health.statusCode, 500);
      assert.equal(health.json().code, "SERVER_NOT_READY");
    } finally {
      await t.deps.db.deleteFrom("chat_migrations" as never).where("name" as never, "=", "999_from_the_future" as never).execute();
    }
  });
});

describe("the chat server on a full or read-only SQLite database", { skip: Boolean(PG) }, () => {
  let t: ChatTest;
  before(async () => (t = await chatTest()));
  after(() => t.close());

  it("answers 507 naming the full disk, 503 for a read-only database, and sends again once space returns", async () => {
    const owner = await t.realm();
    const send = (content: string) => t.call(owner, "POST", "/messages", { type: "private", to: [owner.id], content });
    assert.equal((await send("first")).status, 200);
    const handle = t.deps.sqlite!;
    handle.pragma(`max_page_count = ${handle.pragma("page_count", { simple: true })}`);
    try {
      let full;
      for (let i = 0; i < 200 && !full; i++) {
        const res = await send(`message ${i} ${"words ".repeat(300)}`);
        if (res.status !== 200) full = res;
      }
      assert.ok(full, "the database filled up");
      assert.equal(full.status, 507);
      assert.equal(full.headers["retry-after"], "60");
      assert.deepEqual(full.body, { result: "error", msg: "The server's disk is full: the database cannot store this change.", code: "BAD_REQUEST" });
      assert.equal((await t.call(owner, "GET", "/users/me")).status, 200, "reads go on");
    } finally {
      handle.pragma("max_page_count = 4294967294");
    }
    handle.pragma("query_only = ON");
    try {
      const res = await send("read-only");
      assert.equal(res.status, 503);
      assert.deepEqual(res.body, { result: "error", msg: "The database is read-only: it accepts no changes.", code: "BAD_REQUEST" });
    } finally {
      handle.pragma("query_only = OFF");
    }
    assert.equal((await send("after")).status, 200);
  });
});

describe("the chat server while PostgreSQL is unreachable", { skip: !PG }, () => {
  let test: TestDatabase;
  let proxy: FaultyProxy;
  let database: Database<ChatDatabase>;
  let app: FastifyInstance;
  let auth: string;
  let ownerId: number;

  before(async () => {
    test = await freshDatabaseUrl();
    const target = new URL(test.url);
    proxy = await faultyProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = proxy.urlFor(test.url);
    database = openDatabase<ChatDatabase>(url, { poolSize: 4, connectTimeoutMs: 300, statementTimeoutMs: 500 });
    await migrateChat(database.db, database.dialect);
    const clock = new FakeClock("2025-01-15T12:00:00Z");
    const config = { ...loadChatConfig({}, {}), databaseUrl: url, rateLimit: 0, eventBus: "local" };
    const deps = withEvents({ db: database.db, dialect: database.dialect, log: createLogger("chat-test", "silent"), clock, config });
    app = await buildChatApp(deps);
    const realm = await doCreateRealm(database.db, { name: "Outage", subdomain: "", ownerEmail: "owner@example.com", ownerName: "Owner", ownerPassword: null, now: clock.now().getTime() });
    auth = basic("owner@example.com", realm.apiKey);
    ownerId = realm.userId;
  });
  after(async () => {
    proxy.restore();
    await app.close();
    await database.close();
    await proxy.close();
    await test.release();
  });

  const send = (content: string) =>
    app.inject({ method: "POST", url: "/api/v1/messages", headers: { host: "localhost", authorization: auth, "content-type": "application/x-www-form-urlencoded" }, payload: encode({ type: "private", to: [ownerId], content }) });

  it("answers 503 with Retry-After within the timeouts, cut or stalled, and sends again once it is back", async () => {
    assert.equal((await send("before")).statusCode, 200);
    for (const fault of ["cut", "stall"] as const) {
      proxy[fault]();
      const started = performance.now();
      const res = await send(`during ${fault}`);
      assert.ok(performance.now() - started < 2500, `${fault}: ${performance.now() - started} ms`);
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.headers["retry-after"], "5");
      assert.equal(res.json().result, "error");
      assert.equal(res.json().code, "BAD_REQUEST");
      assert.match(res.json().msg, /^The database (is unavailable|did not answer in time); try again shortly\.$/);
      assert.equal((await app.inject({ method: "GET", url: "/health/ready" })).statusCode, 503);
      proxy.restore();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const back = await send(`after ${fault}`);
      assert.equal(back.statusCode, 200, back.body);
    }
  });
});
