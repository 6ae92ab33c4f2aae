// A full disk under load (SQLite): while clients ping and create checks, the database file may
// not grow for two seconds. Every answer is a success or Healthchecks' error shape with 507 and
// Retry-After; the clients are served again within a second of space returning; and every ping
// answered OK and every check answered 201 is in the database afterwards.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { injectFullDisk, recoveryAfter, startLoad, statusCounts } from "@beacon/testing";
import { call, startHarness, type CallResult, type Harness } from "../helpers.js";

const PG = process.env.TEST_DATABASE_URL;
const PINGERS = 3;
const FULL_FOR_MS = 2_000;

describe("the monitor under load while the disk is full", { skip: PG ? "a full disk is injected into SQLite's file; PostgreSQL's disk faults are answered by the same classifier (storage-faults.test.ts)" : false }, () => {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(() => h.close());

  it("answers 507 with Retry-After or success, recovers within a second, and keeps every acknowledged ping and check", async (t) => {
    const checks: string[] = [];
    for (let i = 0; i < PINGERS; i++) checks.push((await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: `pinged by client ${i}` } })).json.uuid);
    const acknowledgedPings = new Map<string, Set<string>>(checks.map((uuid) => [uuid, new Set()]));
    const acknowledgedChecks = new Set<string>();
    const wrongAnswers: string[] = [];
    const expectAnswer = (label: string, res: CallResult, success: number) => {
      if (res.status === success) return;
      const fullDisk = res.status === 507 && res.headers["retry-after"] === "60" && res.json?.error === "The server's disk is full: the database cannot store this change.";
      if (!fullDisk) wrongAnswers.push(`${label}: ${res.status} ${JSON.stringify(res.headers["retry-after"])} ${res.text}`);
    };

    // Clients 0..PINGERS-1 ping their own check with bodies large enough to need new pages; the last creates checks.
    const load = startLoad(PINGERS + 1, async (client, sequence) => {
      if (client < PINGERS) {
        const body = `client ${client} ping ${sequence} ${"x".repeat(3_000)}`;
        const res = await call(h.app, "POST", `/ping/${checks[client]}`, { rawBody: body });
        expectAnswer(`ping ${client}/${sequence}`, res, 200);
        if (res.status === 200) acknowledgedPings.get(checks[client]!)!.add(body);
        return res.status;
      }
      const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: `made ${sequence}`, desc: "y".repeat(2_000) } });
      expectAnswer(`check ${sequence}`, res, 201);
      if (res.status === 201) acknowledgedChecks.add(res.json.uuid);
      return res.status;
    });

    const { fullAt, backAt } = await injectFullDisk(load, h.deps.sqlite!, FULL_FOR_MS);

    const isSuccess = (status: number) => status === 200 || status === 201;
    const during = load.answers.filter((answer) => answer.sentAt > fullAt + 100 && answer.answeredAt < backAt);
    assert.ok(during.some((answer) => answer.status === 507), `the full disk was noticed: ${statusCounts(during)}`);
    const recovery = recoveryAfter(load.answers, backAt, isSuccess);
    t.diagnostic(`recovery after space returned (ms, loaded machine): ${recovery.ms === undefined ? null : Math.round(recovery.ms)}; answers: ${statusCounts(load.answers)}`);
    assert.deepEqual(wrongAnswers, []);
    assert.deepEqual(recovery.lateFailures, [], "requests sent more than a second after space returned failed");
    assert.ok(recovery.ms !== undefined && recovery.ms < 1_000, `served again after ${recovery.ms} ms`);

    for (const [uuid, bodies] of acknowledgedPings) {
      const rows = await h.deps.db
        .selectFrom("pings")
        .innerJoin("checks", "checks.id", "pings.check_id")
        .select("pings.body")
        .where("checks.uuid", "=", uuid)
        .execute();
      const stored = new Set(rows.map((row) => Buffer.from(row.body as Uint8Array).toString("utf8")));
      assert.deepEqual([...bodies].filter((body) => !stored.has(body)), [], `pings answered OK are missing for ${uuid}`);
    }
    const madeRows = await h.deps.db.selectFrom("checks").select("uuid").execute();
    const made = new Set(madeRows.map((row) => row.uuid));
    assert.deepEqual([...acknowledgedChecks].filter((uuid) => !made.has(uuid)), [], "checks answered 201 are missing");
  });
});
