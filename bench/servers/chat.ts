// The chat server under load, on the SQLite (or PostgreSQL) database named by
// BENCH_DATABASE_URL, already migrated and seeded by bench/chat.ts; no rate limit.
// BENCH_DIAG=1 prints one line a second to stderr: event-loop delay, GC pauses (each over
// 5 ms listed with its kind), time inside the server per request, WAL size and counters (what
// the steady-rate send tail is made of). BENCH_CPU_PROF=<file> writes a CPU profile on SIGTERM.
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { loadChatConfig } from "../../apps/chat/src/config.js";
import { startChatServer } from "../../apps/chat/src/main.js";
import { SqliteMessageStore } from "../../apps/chat/src/store/sqlite-messages.js";
import { startCpuProfile, walStats } from "./diag.js";

const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadChatConfig({ databaseUrl, port: "0", rateLimit: "0" });
const chat = await startChatServer(config);

const profile = await startCpuProfile(process.env.BENCH_CPU_PROF);
process.stdout.write(`LISTENING ${chat.address}\n`);

if (process.env.BENCH_DIAG) {
  const delay = monitorEventLoopDelay({ resolution: 2 });
  delay.enable();
  const GC_KINDS: Record<number, string> = { 1: "minor", 2: "major", 4: "incremental", 8: "weakcb" };
  let gcMs = 0;
  let gcLong: string[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (e.duration > 5) gcLong.push(`${GC_KINDS[kind] ?? kind}:${e.duration.toFixed(1)}`);
    }
  }).observe({ entryTypes: ["gc"] });
  const walNow = walStats(databaseUrl);
  // The send batches' transactions (synchronous: write, WAL append, commit), timed in place.
  // For the slowest per second, the main thread's CPU and run-queue wait from
  // /proc/self/task/<pid>/schedstat: the rest of the wall time it was blocked (I/O, locks).
  let commits: number[] = [];
  let worstCommit = "";
  let worstMs = 0;
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const sched = (): number[] => {
    try {
      return readFileSync(schedstat, "utf8").split(" ").map(Number);
    } catch {
      return [0, 0];
    }
  };
  const transaction = SqliteMessageStore.prototype.transaction;
  SqliteMessageStore.prototype.transaction = function <T>(this: SqliteMessageStore, work: () => T): T {
    const before = sched();
    const start = performance.now();
    try {
      return transaction.call(this, work) as T;
    } finally {
      const ms = performance.now() - start;
      commits.push(ms);
      if (ms > worstMs) {
        const after = sched();
        const cpu = (after[0] - before[0]) / 1e6;
        const queued = (after[1] - before[1]) / 1e6;
        worstMs = ms;
        worstCommit = `wall ${ms.toFixed(1)} cpu ${cpu.toFixed(1)} runq ${queued.toFixed(1)} blocked ${Math.max(0, ms - cpu - queued).toFixed(1)}`;
      }
    }
  };
  let served: number[] = [];
  chat.app.server.on("request", (_req, res) => {
    const start = performance.now();
    res.once("finish", () => served.push(performance.now() - start));
  });
  const t0 = Date.now();
  let cpu = process.cpuUsage();
  setInterval(() => {
    served.sort((a, b) => a - b);
    commits.sort((a, b) => a - b);
    const q = (p: number, list = served) => +(list[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0).toFixed(1);
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const line = {
      t: Math.round((Date.now() - t0) / 1000),
      loop_p99_ms: +(delay.percentile(99) / 1e6).toFixed(1),
      loop_max_ms: +(delay.max / 1e6).toFixed(1),
      gc_ms: +gcMs.toFixed(1),
      gc_long: gcLong.join(" "),
      cpu_ms: Math.round((used.user + used.system) / 1000),
      served: served.length,
      served_p50_ms: q(0.5),
      served_p99_ms: q(0.99),
      served_max_ms: q(1),
      commits: commits.length,
      commit_p50_ms: q(0.5, commits),
      commit_max_ms: q(1, commits),
      worst_commit: worstCommit,
      heap_mb: Math.round(process.memoryUsage().heapUsed / 1e6),
      ...walNow(),
    };
    process.stderr.write(`DIAG ${JSON.stringify(line)}\n`);
    delay.reset();
    served = [];
    commits = [];
    worstCommit = "";
    worstMs = 0;
    gcMs = 0;
    gcLong = [];
  }, 1000).unref();
}

process.once("SIGTERM", async () => {
  await profile.stop();
  await chat.close();
  process.exit(0);
});
