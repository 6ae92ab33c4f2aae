import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@beacon/platform";
import { flipDueChecks } from "../../src/actions/going-down.js";
import { compileBodyRegex } from "../../src/lib/body-regex.js";
import { extensionsOf, PING_CHECK_COLUMNS, PINGED_COLUMNS, planPing, type PingPlan } from "../../src/lib/ping-plan.js";
import type { Check } from "../../src/store/schema.js";
import { SqlitePingStore } from "../../src/store/sqlite-pings.js";
import { call, checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

/** The type the upstream lists the check's newest ping under. */
async function lastPingType(h: Harness, uuid: string): Promise<string> {
  const res = await call(h.app, "GET", `/api/v3/checks/${uuid}/pings/`, { key: h.keys.api_key });
  return res.json.pings[0].type;
}

/** The check as the store should keep it: the rule columns, the uuid, and the rules they derive. */
function kept(row: Check): Record<string, unknown> {
  const columns = Object.fromEntries([...PING_CHECK_COLUMNS, "uuid" as const].map((col) => [col, row[col]]));
  return { ...columns, extensions: extensionsOf(row), bodyPattern: compileBodyRegex(row.body_regex) };
}

describe("the SQLite ping store", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("reads every column the ping rules need, each under its own name", async (t) => {
    if (!h.deps.sqlite) return t.skip("SQLite only");
    const store = new SqlitePingStore(h.deps.sqlite);
    // Distinct values in every column, so a column read into the wrong field shows.
    const c = await createCheckVia(h, {
      schedule: "*/5 * * * *", tz: "Europe/Riga", grace: 120, methods: "POST", manual_resume: true,
      success_kw: "ok", failure_kw: "fail", start_kw: "go", filter_body: true, filter_default_fail: true,
    });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}/start?rid=1b3c2bd0-3a4b-4c69-9f3e-0d2f4b3f6a11` });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: "ok" });
    const row = await checkRow(h, c.uuid);
    const expected = kept(row);
    store.transaction(() => {
      assert.deepEqual(store.findByUuid(c.uuid), expected);
      assert.deepEqual(store.findById(row.id), expected);
      assert.equal(store.findByUuid("00000000-0000-4000-8000-000000000000"), undefined);
    });
  });

  it("keeps a check as it wrote it, field for field as the row reads", async (t) => {
    if (!h.deps.sqlite) return t.skip("SQLite only");
    const store = new SqlitePingStore(h.deps.sqlite);
    const c = await createCheckVia(h, { timeout: 3600 });
    const now = h.clock.now().getTime();
    store.transaction(() => {
      const check = store.findByUuid(c.uuid)!;
      store.updateCheck(check, planPing(check, "success", now, null));
    });
    const row = await checkRow(h, c.uuid);
    const expected = kept(row);
    store.transaction(() => assert.deepEqual(store.findByUuid(c.uuid), expected));
  });

  it("keeps a check in step with its row across batches, found by id or by uuid", async (t) => {
    if (!h.deps.sqlite) return t.skip("SQLite only");
    const store = new SqlitePingStore(h.deps.sqlite);
    const c = await createCheckVia(h, { timeout: 3600 });
    const { id } = await checkRow(h, c.uuid);
    const now = h.clock.now().getTime();
    // A start found by id, then its success found by uuid: the duration comes from the start
    // as the first batch left the kept check.
    store.transaction(() => {
      const check = store.findById(id)!;
      store.updateCheck(check, planPing(check, "start", now, null));
    });
    store.transaction(() => {
      const check = store.findByUuid(c.uuid)!;
      store.updateCheck(check, planPing(check, "success", now + 5000, null));
    });
    const row = await checkRow(h, c.uuid);
    assert.equal(row.last_duration, 5000);
    const expected = kept(row);
    store.transaction(() => {
      assert.deepEqual(store.findById(id), expected);
      assert.deepEqual(store.findByUuid(c.uuid), expected);
    });
  });

  it("writes each field of the plan to its own column, and keeps it so", async (t) => {
    if (!h.deps.sqlite) return t.skip("SQLite only");
    const store = new SqlitePingStore(h.deps.sqlite);
    const c = await createCheckVia(h, { timeout: 3600 });
    // Distinct values in every field, so a value bound to the wrong column shows.
    const plan: PingPlan = {
      action: "success",
      after: { n_pings: 7, last_ping: 1_001, last_start: 1_002, last_start_rid: "rid", last_duration: 1_003, status: "down", fail_count: 4, alert_after: 1_005 },
      flip: null,
    };
    store.transaction(() => store.updateCheck(store.findByUuid(c.uuid)!, plan));
    const row = await checkRow(h, c.uuid);
    assert.deepEqual(Object.fromEntries(PINGED_COLUMNS.map((col) => [col, row[col]])), plan.after);
    store.transaction(() => assert.deepEqual(store.findByUuid(c.uuid), kept(row)));
  });

  it("derives a check's extensions from the row it reads, and again once the API changed them", async () => {
    const c = await createCheckVia(h, { timeout: 3600, body_regex: "ERROR" });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: "an ERROR here" });
    assert.equal((await checkRow(h, c.uuid)).status, "down");
    const updated = await call(h.app, "POST", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key, body: { body_regex: "" } });
    assert.equal(updated.status, 200);
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: "an ERROR here" });
    assert.equal((await checkRow(h, c.uuid)).status, "up");
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key, body: { body_regex: "FATAL" } });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: "an ERROR here" });
    assert.equal((await checkRow(h, c.uuid)).status, "up");
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: "FATAL" });
    assert.equal((await checkRow(h, c.uuid)).status, "down");
  });

  it("forgets what a transaction that rolled back wrote", async (t) => {
    if (!h.deps.sqlite) return t.skip("SQLite only");
    const store = new SqlitePingStore(h.deps.sqlite);
    const c = await createCheckVia(h);
    const now = h.clock.now().getTime();
    assert.throws(() =>
      store.transaction(() => {
        const check = store.findByUuid(c.uuid)!;
        store.updateCheck(check, planPing(check, "success", now, null));
        throw new Error("the batch failed");
      }),
    );
    store.transaction(() => assert.equal(store.findByUuid(c.uuid)!.n_pings, 0));
  });

  it("reads a check again after the API changed it", async () => {
    const c = await createCheckVia(h);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    const updated = await call(h.app, "POST", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key, body: { methods: "POST" } });
    assert.equal(updated.status, 200);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    // A GET to a POST-only check is ignored.
    assert.equal(await lastPingType(h, c.uuid), "ign");
  });

  it("reads a check again after the alert worker marked it down", async () => {
    const c = await createCheckVia(h, { timeout: 60, grace: 60 });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    h.clock.advance(121_000);
    await flipDueChecks(h.deps);
    assert.equal((await checkRow(h, c.uuid)).status, "down");
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    assert.equal((await checkRow(h, c.uuid)).status, "up");
    const flips = await call(h.app, "GET", `/api/v3/checks/${c.uuid}/flips/`, { key: h.keys.api_key });
    assert.deepEqual(flips.json.flips.map((f: { up: number }) => f.up), [1, 0, 1]);
  });
});

describe("the SQLite ping store on a database file", () => {
  it("reads a check again after another connection changed it", async (t) => {
    if (process.env.TEST_DATABASE_URL) return t.skip("SQLite only");
    const dir = mkdtempSync(join(tmpdir(), "beacon-test-"));
    const url = `sqlite:${join(dir, "monitor.db")}`;
    const h = await startHarness({ databaseUrl: url });
    const other = openDatabase(url);
    try {
      const c = await createCheckVia(h);
      await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
      // As a second process (or a CLI command) would.
      other.sqlite!.prepare("UPDATE checks SET methods = 'POST' WHERE uuid = ?").run(c.uuid);
      await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
      assert.equal(await lastPingType(h, c.uuid), "ign");
    } finally {
      await other.close();
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
