// The monitor under load: a fresh database (BENCH_DATABASE_URL, default a temporary
// SQLite file), listening on a free port. BENCH_DIAG=1 prints one line a second to stderr:
// event-loop delay, GC pauses, heap and WAL size (what the ping latency tail is made of).
// BENCH_CPU_PROF=<file> writes a CPU profile of the whole run there on SIGTERM (NODE_OPTIONS
// may not carry --cpu-prof).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { loadMonitorConfig } from "../../apps/monitor/src/config.js";
import { buildMonitorApp, openMonitor } from "../../apps/monitor/src/main.js";
import { startCpuProfile, walStats } from "./diag.js";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-bench-")), "monitor.db")}`;
const monitor = await openMonitor(loadMonitorConfig({ databaseUrl, port: "0" }));
const app = buildMonitorApp(monitor.deps);
const address = await app.listen({ host: "127.0.0.1", port: 0 });

const profile = await startCpuProfile(process.env.BENCH_CPU_PROF);
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
  const walNow = walStats(databaseUrl);
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
      ...walNow(),
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
  await profile.stop();
  await app.close();
  await monitor.close();
  process.exit(0);
});
