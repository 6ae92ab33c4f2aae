// The monitor under load: a fresh database (BENCH_DATABASE_URL, default a temporary
// SQLite file), listening on a free port.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadMonitorConfig } from "../../apps/monitor/src/config.js";
import { buildMonitorApp, openMonitor } from "../../apps/monitor/src/main.js";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-bench-")), "monitor.db")}`;
const monitor = await openMonitor(loadMonitorConfig({ databaseUrl, port: "0" }));
const app = buildMonitorApp(monitor.deps);
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`LISTENING ${address}\n`);
process.once("SIGTERM", async () => {
  await app.close();
  await monitor.close();
  process.exit(0);
});
