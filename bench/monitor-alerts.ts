// The alert worker in process on copies of two seeds (bench/monitor.ts seedDueChecks: 100,000
// checks falling due in one second, without and with every extension), made once into
// BENCH_ALERT_SEED (a directory, /tmp/monitor-alert-seed by default) and reused, so repeated
// runs and profiles (`node --cpu-prof`, `valgrind --tool=callgrind`) time the worker alone.
// BENCH_ALERT_RUNS turns each (default 3), interleaving the two seeds; BENCH_ALERT_ONLY=plain
// or extensions runs one; BENCH_ALERT_STEPS=0, 1 or 2 stops after opening the database, the
// flips or the alerts, so that the differences of instruction counts are the steps'.
// Prints one JSON line per run and the load average.
// Usage: npx tsx bench/monitor-alerts.ts
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { runDueChecks, seedDueChecks } from "./monitor.js";

const seedDir = process.env.BENCH_ALERT_SEED ?? "/tmp/monitor-alert-seed";
const runs = Number(process.env.BENCH_ALERT_RUNS ?? 3);
const steps = Number(process.env.BENCH_ALERT_STEPS ?? 3);
const seeds = (["plain", "extensions"] as const).filter((name) => !process.env.BENCH_ALERT_ONLY || process.env.BENCH_ALERT_ONLY === name);

mkdirSync(seedDir, { recursive: true });
for (const name of seeds) {
  const path = join(seedDir, `${name}.db`);
  if (existsSync(path)) continue;
  const building = join(seedDir, `${name}.building.db`);
  rmSync(building, { force: true });
  await seedDueChecks(`sqlite:${building}`, name === "extensions");
  copyFileSync(building, path);
  rmSync(building);
}

for (let run = 0; run < runs; run++) {
  for (const name of seeds) {
    const dir = mkdtempSync(join(tmpdir(), "beacon-alerts-"));
    try {
      copyFileSync(join(seedDir, `${name}.db`), join(dir, "monitor.db"));
      const result = await runDueChecks(`sqlite:${join(dir, "monitor.db")}`, steps);
      process.stdout.write(`${JSON.stringify({ seed: name, run, ...result, load: loadavg()[0]!.toFixed(2) })}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
