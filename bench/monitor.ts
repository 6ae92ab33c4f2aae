// Monitor benchmarks. Each scenario seeds its data, then loads one path. Ping ingest runs
// against 10,000 checks (round-robin) at 100 connections, then at a steady 2,000 pings/s
// for latency, and on SQLite once more in random order after the API reads; the alert worker
// is timed on 100,000 checks falling due in one second, without and with the extensions.
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { createLogger, openDatabase } from "@beacon/platform";
import { FakeClock } from "@beacon/testing";
import { newCheckRow } from "../apps/monitor/src/actions/checks.js";
import { flipDueChecks } from "../apps/monitor/src/actions/going-down.js";
import { processFlips, releaseEndedHolds } from "../apps/monitor/src/actions/flip-notifications.js";
import { createIntegration } from "../apps/monitor/src/actions/integrations.js";
import { loadMonitorConfig } from "../apps/monitor/src/config.js";
import { openMonitor } from "../apps/monitor/src/main.js";
import { findProjectByUuid } from "../apps/monitor/src/store/projects.js";
import type { MaintenanceWindow } from "../apps/monitor/src/store/schema.js";
import { load, measureCeiling, report, startServer } from "./lib.js";

async function post(url: string, key: string, body: unknown): Promise<any> {
  const res = await fetch(url, { method: "POST", headers: { "X-Api-Key": key }, body: JSON.stringify(body) });
  return res.json();
}

function createProject(databaseUrl: string): any {
  return JSON.parse(
    execFileSync(process.execPath, ["bin/beacon.js", "monitor", "create-project", "--name", "bench", "--check-limit", "200000", "--database", databaseUrl], { encoding: "utf8" }),
  );
}

/** Inserts `n` checks straight into the database (the API would take minutes). */
async function seedChecks(databaseUrl: string, projectUuid: string, n: number, fields: (i: number) => Record<string, unknown> = () => ({})): Promise<string[]> {
  const monitor = await openMonitor(loadMonitorConfig({ databaseUrl }, {}), { log: createLogger("bench", "silent") });
  const project = (await findProjectByUuid(monitor.deps.db, projectUuid))!;
  const uuids: string[] = [];
  const now = Date.now();
  for (let i = 0; i < n; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({ ...newCheckRow(project, now), name: `c${i + j}`, ...fields(i + j) }));
    await monitor.deps.db.insertInto("checks").values(rows).execute();
    uuids.push(...rows.map((r) => r.uuid));
  }
  await monitor.close();
  return uuids;
}

/**
 * A new empty database: a SQLite file, or with `postgres` a new schema in BENCH_PG_URL's
 * database (dropped by `drop`).
 */
export async function freshDatabase(postgres = false): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgres) return { url: `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-bench-")), "monitor.db")}`, drop: async () => {} };
  const base = process.env.BENCH_PG_URL!;
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const admin = async (text: string) => {
    const database = openDatabase(base);
    await sql.raw(text).execute(database.db);
    await database.close();
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  return { url: url.toString(), drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

/** A copy of `items` in random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function pingScenarios(ceiling: number, postgres = false): Promise<number> {
  const database = await freshDatabase(postgres);
  const databaseUrl = database.url;
  const label = postgres ? "PostgreSQL" : "SQLite";
  const keys = createProject(databaseUrl);
  const uuids = await seedChecks(databaseUrl, keys.uuid, 10_000);
  const server = await startServer("bench/servers/monitor.ts", { BENCH_DATABASE_URL: databaseUrl });
  try {
    const paths = uuids.map((u) => `/ping/${u}`);
    const ingest = await load({ url: server.url, paths, connections: 100, duration: 10 });
    report({ scenario: `monitor: ping ingest, 10,000 checks, 100 connections (${label})`, rps: ingest.rps, p99_ms: ingest.p99, ratio: +(ingest.rps / ceiling).toFixed(3), errors: ingest.errors + ingest.non2xx, target: postgres ? "rps >= half of SQLite's" : "rps >= 12000 and ratio >= 0.6" });

    const steady = await load({ url: server.url, paths, connections: 10, duration: 10, rate: 2000 });
    report({ scenario: `monitor: ping latency at a steady 2,000 pings/s (${label})`, rps: steady.rps, p50_ms: steady.p50, p99_ms: steady.p99, errors: steady.errors + steady.non2xx, target: "p99 < 5 ms" });
    if (postgres) return ingest.rps;

    const get = await load({ url: server.url, paths: uuids.slice(0, 50).map((u) => `/api/v3/checks/${u}`), headers: { "x-api-key": keys.api_key } });
    report({ scenario: "monitor: GET one check (API v3)", rps: get.rps, p99_ms: get.p99, ratio: +(get.rps / ceiling).toFixed(3), errors: get.errors + get.non2xx });

    // Ingest again, in an order with no locality (last, so that the scenarios above meet the
    // same database as before it was added): consecutive pings in the round-robin list go to
    // checks created one after another, whose rows share pages, as a batch of real pings rarely does.
    const scattered = await load({ url: server.url, paths: shuffled(paths), connections: 100, duration: 10 });
    report({ scenario: "monitor: ping ingest, 10,000 checks in random order, 100 connections (SQLite)", rps: scattered.rps, p99_ms: scattered.p99, ratio: +(scattered.rps / ceiling).toFixed(3), errors: scattered.errors + scattered.non2xx });
    return ingest.rps;
  } finally {
    await server.stop();
    await database.drop();
  }
}

async function listScenario(ceiling: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "beacon-bench-"));
  const databaseUrl = `sqlite:${join(dir, "monitor.db")}`;
  const keys = createProject(databaseUrl);
  const server = await startServer("bench/servers/monitor.ts", { BENCH_DATABASE_URL: databaseUrl });
  try {
    for (let i = 0; i < 50; i++) await post(`${server.url}/api/v3/checks/`, keys.api_key, { name: `c${i}`, tags: "bench" });
    const list = await load({ url: `${server.url}/api/v3/checks/`, headers: { "x-api-key": keys.api_key } });
    report({ scenario: "monitor: list 50 checks (API v3)", rps: list.rps, p99_ms: list.p99, ratio: +(list.rps / ceiling).toFixed(3), errors: list.errors + list.non2xx });
    if (process.env.BENCH_ONLY === "api") {
      const listed: any = await (await fetch(`${server.url}/api/v3/checks/`, { headers: { "x-api-key": keys.api_key } })).json();
      const uuids: string[] = listed.checks.map((c: any) => c.uuid);
      const get = await load({ url: server.url, paths: uuids.map((u) => `/api/v3/checks/${u}`), headers: { "x-api-key": keys.api_key } });
      report({ scenario: "monitor: GET one check of 50 (API v3)", rps: get.rps, p99_ms: get.p99, ratio: +(get.rps / ceiling).toFixed(3), errors: get.errors + get.non2xx });
    }
  } finally {
    await server.stop();
  }
}

/** The PostgreSQL ping scenarios (BENCH_PG_URL), with their rate's ratio to SQLite's. */
async function postgresPings(ceiling: number, sqliteRate: number | undefined): Promise<void> {
  const rate = await pingScenarios(ceiling, true);
  if (sqliteRate) report({ scenario: "monitor: ping ingest, PostgreSQL against SQLite", ratio: +(rate / sqliteRate).toFixed(3), target: "ratio >= 0.5" });
}

// The alert worker's scenarios start at this instant; the checks fall due in its first second
// plus 120 s (last pings spread over one second, timeout 60 s and grace 60 s).
export const DUE_START = Date.UTC(2030, 0, 1);
/** When the one-off maintenance windows of the extensions' scenario end. */
export const WINDOW_END = DUE_START + 3600_000;
/** The instant the worker runs: every check is past its deadline. */
export const DUE_NOW = DUE_START + 121_000;

/**
 * A new SQLite database of 100,000 up checks whose deadlines all fall in one second; with
 * `extensions`, every extension in use (docs/monitor-extensions.md): half with a failure
 * threshold of 2 and one failure counted (so they are due at the same deadline), a third with
 * a maximum run time, all with a minimum run time, a fifth with a body pattern, one webhook
 * integration on every check, groups of 100 where 99 checks depend on the first, a
 * project-wide recurring maintenance window (closed at that instant, so judged for every flip
 * a dependency does not hold) and a one-off window open on one group root in ten.
 */
export async function seedDueChecks(databaseUrl: string, extensions: boolean): Promise<void> {
  const keys = createProject(databaseUrl);
  const start = DUE_START;
  await seedChecks(databaseUrl, keys.uuid, 100_000, (i) => ({ status: "up", timeout: 60, grace: 60, last_ping: start + (i % 1000), alert_after: start + (i % 1000) + 120_000 }));
  if (!extensions) return;
  const monitor = await openMonitor(loadMonitorConfig({ databaseUrl }, {}), { clock: new FakeClock(new Date(start)), log: createLogger("bench", "silent") });
  const db = monitor.deps.db;
  // Set after seeding: 1,000 rows of every column would pass SQLite's limit of bound values.
  await sql`UPDATE checks SET fail_threshold = 1 + id % 2, fail_count = id % 2, max_duration = CASE WHEN id % 3 = 0 THEN 3600 ELSE 0 END,
    min_duration = 30, body_regex = CASE WHEN id % 5 = 0 THEN 'ERROR|FATAL' ELSE '' END`.execute(db);
  const project = (await findProjectByUuid(db, keys.uuid))!;
  const channel = await createIntegration(monitor.deps, project, { kind: "webhook", name: "hook", value: JSON.stringify({ method_down: "GET", url_down: "http://127.0.0.1:9/", body_down: "", headers_down: {}, method_up: "GET", url_up: "", body_up: "", headers_up: {} }) });
  const ids = (await db.selectFrom("checks").select("id").orderBy("id").execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 1000) {
    const slice = ids.slice(i, i + 1000);
    await db.insertInto("check_channels").values(slice.map((id) => ({ check_id: id, channel_id: channel.id }))).execute();
    const dependents = slice.map((id, j) => ({ id, root: slice[j - ((i + j) % 100)] })).filter((d) => d.root !== undefined && d.root !== d.id);
    if (dependents.length) await db.insertInto("check_dependencies").values(dependents.map((d) => ({ check_id: d.id, depends_on_id: d.root! }))).execute();
  }
  const window = (checkId: number | null, spec: Partial<MaintenanceWindow>) => ({ uuid: randomUUID(), project_id: project.id, check_id: checkId, name: "", starts: null, ends: null, schedule: "", tz: "UTC", duration: 0, created: start, ...spec });
  await db.insertInto("maintenance_windows").values(window(null, { schedule: "0 3 * * *", tz: "Europe/Berlin", duration: 3600 })).execute();
  // Group roots are the checks at multiples of 100: one in ten of them.
  const inMaintenance = ids.filter((_, i) => i % 1000 === 0);
  await db.insertInto("maintenance_windows").values(inMaintenance.map((id) => window(id, { starts: start, ends: WINDOW_END }))).execute();
  await monitor.close();
}

/**
 * The alert worker's steps on a seeded database, each timed (ms); `steps` stops after the
 * first 0 (open and close only), 1 (flips) or 2 (alerts), for instruction counts of each.
 */
export async function runDueChecks(
  databaseUrl: string,
  steps = 3,
): Promise<{ flipped: number; queued: number; held: number; sentAfterWindow: number; flipMs: number; alertMs: number; releaseMs: number; flipCpuMs: number; alertCpuMs: number }> {
  const clock = new FakeClock(new Date(DUE_NOW));
  const monitor = await openMonitor(loadMonitorConfig({ databaseUrl }, {}), { clock, log: createLogger("bench", "silent") });
  // Wall clock, and the process's CPU time (every thread: less moved by other load on the cores).
  const timed = async (step: number, work: () => Promise<number>) => {
    if (step > steps) return { n: 0, ms: 0, cpuMs: 0 };
    const t = performance.now();
    const cpu = process.cpuUsage();
    const n = await work();
    const used = process.cpuUsage(cpu);
    return { n, ms: Math.round(performance.now() - t), cpuMs: Math.round((used.user + used.system) / 1000) };
  };
  try {
    // The worker's own flips are alerted as they are recorded: step 1 queues their alerts.
    let alertedWithFlips = 0;
    const flips = await timed(1, async () => {
      const { down, queued } = await flipDueChecks(monitor.deps);
      alertedWithFlips = queued;
      return down;
    });
    const alerts = await timed(2, async () => alertedWithFlips + (await processFlips(monitor.deps)));
    // Held by a dependency (named on the flip) or by a window (a row of `held_alerts`).
    const db = monitor.deps.db;
    const byDependency = await db.selectFrom("flips").select((eb) => eb.fn.countAll<number>().as("n")).where("held_by_uuid", "is not", null).executeTakeFirstOrThrow();
    const byWindow = await db.selectFrom("held_alerts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const held = Number(byDependency.n) + Number(byWindow.n);
    clock.set(new Date(WINDOW_END));
    const release = await timed(3, () => releaseEndedHolds(monitor.deps));
    return { flipped: flips.n, queued: alerts.n, held, sentAfterWindow: release.n, flipMs: flips.ms, alertMs: alerts.ms, releaseMs: release.ms, flipCpuMs: flips.cpuMs, alertCpuMs: alerts.cpuMs };
  } finally {
    await monitor.close();
  }
}

/** 100,000 up checks whose deadlines all fall in one second: how long until all are down. */
async function goingDownScenario(): Promise<void> {
  const { url } = await freshDatabase();
  await seedDueChecks(url, false);
  const { flipped, flipMs } = await runDueChecks(url);
  report({ scenario: "monitor: 100,000 checks falling due in one second, flipped by the alert worker (SQLite)", flipped, ms: flipMs, target: "all flipped within 1000 ms" });
}

/**
 * The same 100,000 checks with every extension in use (seedDueChecks). Timed: the flips, then
 * the flips turned into alerts (the 99,000 dependents' and the 100 roots in maintenance held
 * back), then the held alerts sent when the one-off windows end.
 */
async function goingDownWithExtensionsScenario(): Promise<void> {
  const { url } = await freshDatabase();
  await seedDueChecks(url, true);
  const r = await runDueChecks(url);
  report({
    scenario: "monitor: 100,000 checks falling due in one second with every extension in use, flipped and alerted (SQLite)",
    flipped: r.flipped, queued: r.queued, held: r.held, flip_ms: r.flipMs, alert_ms: r.alertMs, ms: r.flipMs + r.alertMs, target: "all flipped and alerted within 1000 ms",
    sent_after_window: r.sentAfterWindow, release_ms: r.releaseMs,
  });
}

export async function run(): Promise<void> {
  if (process.env.BENCH_ONLY === "going-down") {
    await goingDownScenario();
    return goingDownWithExtensionsScenario();
  }
  if (process.env.BENCH_ONLY === "api") return listScenario(await measureCeiling("ceiling: trivial route"));
  const pgUrl = process.env.BENCH_PG_URL;
  if (process.env.BENCH_ONLY === "pings" || process.env.BENCH_ONLY === "pings-pg") {
    const ceiling = await measureCeiling("ceiling: trivial route");
    const sqliteRate = process.env.BENCH_ONLY === "pings" ? await pingScenarios(ceiling) : undefined;
    if (pgUrl) await postgresPings(ceiling, sqliteRate);
    return;
  }
  const ceiling = await measureCeiling("ceiling: trivial route");
  const sqliteRate = await pingScenarios(ceiling);
  if (pgUrl) await postgresPings(ceiling, sqliteRate);
  await listScenario(ceiling);
  await measureCeiling("ceiling again: trivial route");
  await goingDownScenario();
  await goingDownWithExtensionsScenario();
}
