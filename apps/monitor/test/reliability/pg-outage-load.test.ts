// PostgreSQL failing under the monitor while clients ping and create checks: its connections
// terminated (pg_terminate_backend, as a failover or a pooler restart does), then new
// connections refused for a few seconds (through a proxy that cuts every connection, as a
// restart does). The process survives; every answer is a success or Healthchecks' error shape
// with 503 and Retry-After, within the timeouts; the clients are served again within a second
// of the database being back; and every ping and check acknowledged is in the database.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { createLogger } from "@beacon/platform";
import { faultyProxy, freshDatabaseUrl, injectOutages, startLoad, type FaultyProxy, type TestDatabase } from "@beacon/testing";
import { createProject, type NewProjectKeys } from "../../src/actions/projects.js";
import { loadMonitorConfig } from "../../src/config.js";
import { buildMonitorApp, openMonitor, type Monitor } from "../../src/main.js";
import { call } from "../helpers.js";

const PG = process.env.TEST_DATABASE_URL;
const CONNECT_TIMEOUT_MS = 500;
const STATEMENT_TIMEOUT_MS = 1_000;
// The longest a request may wait: a free connection, then a statement unanswered for its
// timeout and the client's grace second; plus a second for a loaded machine's scheduling.
const LONGEST_ANSWER_MS = CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 1_000 + 1_000;
const PINGERS = 3;

describe("the monitor under load while PostgreSQL fails", { skip: !PG && "needs PostgreSQL (TEST_DATABASE_URL): the faults are a server's connections ending" }, () => {
  let test: TestDatabase;
  let proxy: FaultyProxy;
  let monitor: Monitor;
  let app: FastifyInstance;
  let keys: NewProjectKeys;
  let admin: pg.Client;
  const applicationName = `beacon-monitor-faults-${process.pid}`;

  before(async () => {
    test = await freshDatabaseUrl();
    const target = new URL(test.url);
    proxy = await faultyProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(proxy.urlFor(test.url));
    url.searchParams.set("application_name", applicationName);
    const config = loadMonitorConfig({ databaseUrl: url.toString(), secretKey: "test-secret", dbConnectTimeoutMs: String(CONNECT_TIMEOUT_MS), dbStatementTimeoutMs: String(STATEMENT_TIMEOUT_MS), pingLogLimit: "100000" });
    monitor = await openMonitor(config, { log: createLogger("test", "silent") });
    app = buildMonitorApp(monitor.deps);
    keys = await createProject(monitor.deps, { name: "Under load", ownerEmail: "load@example.org" });
    admin = new pg.Client({ connectionString: PG });
    await admin.connect();
  });
  after(async () => {
    proxy?.restore();
    await admin?.end();
    await app?.close();
    await monitor?.close();
    await proxy?.close();
    await test?.release();
  });

  /** Ends every connection the monitor holds, as a failover does; returns how many there were. */
  async function terminateBackends(): Promise<number> {
    const { rows } = await admin.query("select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1", [applicationName]);
    return rows.filter((row) => row.ended).length;
  }

  it("survives, answers 503 with Retry-After or success, recovers within a second, and keeps every acknowledged write", async (t) => {
    const checks: string[] = [];
    for (let i = 0; i < PINGERS; i++) {
      const created = await call(app, "POST", "/api/v3/checks/", { key: keys.api_key, body: { name: `pinged by client ${i}` } });
      assert.equal(created.status, 201);
      checks.push(created.json.uuid);
    }
    const acknowledgedPings = new Map<string, Set<string>>(checks.map((uuid) => [uuid, new Set()]));
    const acknowledgedChecks = new Set<string>();
    const wrongAnswers: string[] = [];

    const expectAnswer = (label: string, res: Awaited<ReturnType<typeof call>>, success: number) => {
      if (res.status === success) return;
      if (res.status === 503 && res.headers["retry-after"] === "5" && /^The database (is unavailable|did not answer in time); try again shortly\.$/.test(res.json?.error)) return;
      wrongAnswers.push(`${label}: ${res.status} ${JSON.stringify(res.headers["retry-after"])} ${res.text}`);
    };
    // Clients 0..PINGERS-1 ping their own check with a body naming the ping; the last one creates checks.
    const load = startLoad(PINGERS + 1, async (client, sequence) => {
      if (client < PINGERS) {
        const body = `client ${client} ping ${sequence}`;
        const res = await call(app, "POST", `/ping/${checks[client]}`, { rawBody: body });
        expectAnswer(body, res, 200);
        if (res.status === 200) acknowledgedPings.get(checks[client])!.add(body);
        return res.status;
      }
      const res = await call(app, "POST", "/api/v3/checks/", { key: keys.api_key, body: { name: `made ${sequence}` } });
      expectAnswer(`check ${sequence}`, res, 201);
      if (res.status === 201) acknowledgedChecks.add(res.json.uuid);
      return res.status;
    });
    const isSuccess = (status: number) => status === 200 || status === 201;
    await injectOutages({ load, terminateBackends, fewestConnections: 1, proxy, isSuccess, longestAnswerMs: LONGEST_ANSWER_MS, diagnostic: (line) => t.diagnostic(line) });
    assert.deepEqual(wrongAnswers, []);

    const schema = new URL(test.url).searchParams.get("schema");
    for (const [uuid, bodies] of acknowledgedPings) {
      const { rows } = await admin.query(`select convert_from(p.body, 'UTF8') as body from ${schema}.pings p join ${schema}.checks c on c.id = p.check_id where c.uuid = $1`, [uuid]);
      const stored = new Set(rows.map((row) => row.body));
      assert.ok(bodies.size > 0);
      assert.deepEqual([...bodies].filter((body) => !stored.has(body)), [], `acknowledged pings of ${uuid} missing`);
    }
    const list = await call(app, "GET", "/api/v3/checks/", { key: keys.api_key });
    const listed = new Set(list.json.checks.map((check: { uuid: string }) => check.uuid));
    assert.ok(acknowledgedChecks.size > 0);
    assert.deepEqual([...acknowledgedChecks].filter((uuid) => !listed.has(uuid)), [], "acknowledged checks missing");
  });
});
