// Concurrent check creation (docs/postgresql.md): on PostgreSQL two apps with a pool each, as two
// processes sharing the database would be, send their creates at once. On SQLite the same requests
// run against the one app (SQLite serialises writers), so the expectations hold on both.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { createLogger } from "@beacon/platform";
import { createProject } from "../../src/actions/projects.js";
import { buildMonitorApp, openMonitor } from "../../src/main.js";
import { call, startHarness, type Harness } from "../helpers.js";

describe("Concurrent check creates and upserts", () => {
  let h: Harness;
  let apps: FastifyInstance[];
  let closeSecond = async () => {};
  before(async () => {
    h = await startHarness();
    apps = [h.app];
    if (h.deps.dialect === "postgres") {
      const second = await openMonitor(h.deps.config, { clock: h.clock, log: createLogger("test", "silent") });
      const app = buildMonitorApp(second.deps);
      apps.push(app);
      closeSecond = async () => {
        await app.close();
        await second.close();
      };
    }
  });
  after(async () => {
    await closeSecond();
    await h.close();
  });

  const post = (i: number, key: string, body: unknown) => call(apps[i % apps.length], "POST", "/api/v3/checks/", { key, body });

  it("never lets 30 concurrent creates pass an owner's limit of 5", async () => {
    const keys = await createProject(h.deps, { name: "Limited", ownerEmail: "carol@example.org", checkLimit: 5 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i, keys.api_key, { name: `c${i}` })));
    assert.deepEqual(answers.filter((a) => a.status === 201).length, 5);
    assert.deepEqual(answers.filter((a) => a.status === 403).length, 25);
    const list = await call(h.app, "GET", "/api/v3/checks/", { key: keys.api_key });
    assert.equal(list.json.checks.length, 5);
  });

  it("makes one check of 20 concurrent upserts of one name, and updates it 19 times", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i, h.keys.api_key, { name: "nightly", unique: ["name"], desc: `d${i}` })));
    assert.deepEqual(answers.map((a) => a.status).sort((a, b) => a - b), [...Array(19).fill(200), 201]);
    assert.equal(new Set(answers.map((a) => a.json.uuid)).size, 1);
    const list = await call(h.app, "GET", "/api/v3/checks/", { key: h.keys.api_key });
    assert.equal(list.json.checks.filter((c: any) => c.name === "nightly").length, 1);
  });

  it("makes one check of concurrent upserts keyed on other unique fields", async () => {
    const body = { name: "etl", tags: "prod", timeout: 600, grace: 60, unique: ["name", "tags", "timeout", "grace"] };
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i, h.keys.api_key, body)));
    assert.equal(answers.filter((a) => a.status === 201).length, 1);
    assert.equal(new Set(answers.map((a) => a.json.uuid)).size, 1);
  });

  it("provisions up to twice the limit, no more, from concurrent create=1 pings of new slugs", async () => {
    const keys = await createProject(h.deps, { name: "Provisioned", ownerEmail: "dave@example.org", checkLimit: 2 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => apps[i % apps.length].inject({ method: "GET", url: `/ping/${keys.ping_key}/job-${i}?create=1` })),
    );
    assert.equal(answers.filter((a) => a.statusCode === 201).length, 4);
    const list = await call(h.app, "GET", "/api/v3/checks/", { key: keys.api_key });
    assert.equal(list.json.checks.length, 4);
  });

  it("makes one account of concurrent create-project runs for one new owner", async () => {
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => createProject(h.deps, { name: `P${i}`, ownerEmail: "erin@example.org" })));
    assert.equal(made.length, 6);
    const owners = await h.deps.db.selectFrom("accounts").select("id").where("email", "=", "erin@example.org").execute();
    assert.equal(owners.length, 1);
  });
});

describe("Concurrent updates of one check", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("answers every one and leaves the channels of one of them, not a mix", async () => {
    const { createIntegration } = await import("../../src/actions/integrations.js");
    const channels = await Promise.all(["a", "b", "c", "d"].map((name) => createIntegration(h.deps, h.project, { kind: "email", name, value: `${name}@example.org`, emailVerified: true })));
    const created = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "shared" } });
    const sets = [[0, 1], [2, 3], [0, 2], [1, 3], [0, 1, 2, 3], [3]].map((ids) => ids.map((i) => channels[i].uuid).sort().join(","));
    const answers = await Promise.all(sets.map((value) => call(h.app, "POST", `/api/v3/checks/${created.json.uuid}`, { key: h.keys.api_key, body: { channels: value } })));
    for (const a of answers) assert.equal(a.status, 200, a.text);
    const after = await call(h.app, "GET", `/api/v3/checks/${created.json.uuid}`, { key: h.keys.api_key });
    assert.ok(sets.includes(after.json.channels), after.json.channels);
  });
});
