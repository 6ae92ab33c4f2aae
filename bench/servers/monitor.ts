// The monitor under load: a fresh database (BENCH_DATABASE_URL, default a temporary
// SQLite file), listening on a free port. BENCH_DIAG=1 prints one line a second to stderr:
// event-loop delay, GC pauses, heap and WAL size (what the ping latency tail is made of).
// BENCH_CPU_PROF=<file> writes a CPU profile of the whole run there on SIGTERM (NODE_OPTIONS
// may not carry --cpu-prof).
import { Session } from "node:inspector/promises";
import { closeSync, mkdtempSync, openSync, readSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { loadMonitorConfig } from "../../apps/monitor/src/config.js";
import { buildMonitorApp, openMonitor } from "../../apps/monitor/src/main.js";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-bench-")), "monitor.db")}`;
const monitor = await openMonitor(loadMonitorConfig({ databaseUrl, port: "0" }));
const app = buildMonitorApp(monitor.deps);
const address = await app.listen({ host: "127.0.0.1", port: 0 });

const profileFile = process.env.BENCH_CPU_PROF;
const session = profileFile ? new Session() : null;
if (session) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
}
process.stdout.write(`LISTENING ${address}\n`);

if (process.env.BENCH_DIAG) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let gcMs = 0;
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      gcMax = Math.max(gcMax, e.duration);
    }
  }).observe({ entryTypes: ["gc"] });
  const wal = databaseUrl.startsWith("sqlite:") ? `${databaseUrl.slice("sqlite:".length)}-wal` : null;
  // The WAL header's checkpoint sequence (+1 each time the WAL restarts from its start), and
  // from the shared-memory index the last frame written and the last frame checkpointed.
  const peek = (file: string, length: number): Buffer | null => {
    try {
      const fd = openSync(file, "r");
      const buf = Buffer.alloc(length);
      readSync(fd, buf, 0, length, 0);
      closeSync(fd);
      return buf;
    } catch {
      return null;
    }
  };
  // Time from the request's arrival to the end of its response, inside the server.
  let served = 0;
  let servedMax = 0;
  let servedOver5 = 0;
  app.server.on("request", (_req, res) => {
    const start = performance.now();
    res.once("finish", () => {
      const ms = performance.now() - start;
      served++;
      if (ms > servedMax) servedMax = ms;
      if (ms > 5) servedOver5++;
    });
  });
  const t0 = Date.now();
  setInterval(() => {
    const walMb = wal ? (statSync(wal, { throwIfNoEntry: false })?.size ?? 0) / 1e6 : 0;
    const line = {
      t: Math.round((Date.now() - t0) / 1000),
      loop_p99_ms: +(delay.percentile(99) / 1e6).toFixed(1),
      loop_max_ms: +(delay.max / 1e6).toFixed(1),
      gc_ms: +gcMs.toFixed(1),
      gc_max_ms: +gcMax.toFixed(1),
      served,
      served_max_ms: +servedMax.toFixed(1),
      served_over_5ms: servedOver5,
      heap_mb: Math.round(process.memoryUsage().heapUsed / 1e6),
      wal_mb: +walMb.toFixed(1),
      wal_restarts: wal ? (peek(wal, 16)?.readUInt32BE(12) ?? 0) : 0,
      frames: wal ? (peek(`${wal.slice(0, -4)}-shm`, 100)?.readUInt32LE(16) ?? 0) : 0,
      backfilled: wal ? (peek(`${wal.slice(0, -4)}-shm`, 100)?.readUInt32LE(96) ?? 0) : 0,
    };
    process.stderr.write(`DIAG ${JSON.stringify(line)}\n`);
    delay.reset();
    served = 0;
    servedMax = 0;
    servedOver5 = 0;
    gcMs = 0;
    gcMax = 0;
  }, 1000).unref();
}

process.once("SIGTERM", async () => {
  if (session) writeFileSync(profileFile!, JSON.stringify((await session.post("Profiler.stop")).profile));
  await app.close();
  await monitor.close();
  process.exit(0);
});
