// Monitor benchmarks. Each scenario seeds its data over the public API, then loads one path.
import { load, measureCeiling, report, startServer } from "./lib.js";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

async function post(url: string, key: string, body: unknown): Promise<any> {
  const res = await fetch(url, { method: "POST", headers: { "X-Api-Key": key }, body: JSON.stringify(body) });
  return res.json();
}

export async function run(): Promise<void> {
  const ceiling = await measureCeiling("ceiling: trivial route");

  const dir = mkdtempSync(join(tmpdir(), "beacon-bench-"));
  const databaseUrl = `sqlite:${join(dir, "monitor.db")}`;
  const keys = JSON.parse(
    execFileSync(process.execPath, ["bin/beacon.js", "monitor", "create-project", "--name", "bench", "--database", databaseUrl], { encoding: "utf8" }),
  );
  const server = await startServer("bench/servers/monitor.ts", { BENCH_DATABASE_URL: databaseUrl });
  try {
    const uuids: string[] = [];
    for (let i = 0; i < 50; i++) uuids.push((await post(`${server.url}/api/v3/checks/`, keys.api_key, { name: `c${i}`, tags: "bench" })).uuid);

    const get = await load({ url: server.url, paths: uuids.map((u) => `/api/v3/checks/${u}`), headers: { "x-api-key": keys.api_key } });
    report({ scenario: "monitor: GET one check (API v3)", rps: get.rps, p99_ms: get.p99, ratio: +(get.rps / ceiling).toFixed(3), errors: get.errors + get.non2xx });

    const list = await load({ url: `${server.url}/api/v3/checks/`, headers: { "x-api-key": keys.api_key } });
    report({ scenario: "monitor: list 50 checks (API v3)", rps: list.rps, p99_ms: list.p99, ratio: +(list.rps / ceiling).toFixed(3), errors: list.errors + list.non2xx });
  } finally {
    await server.stop();
  }
  await measureCeiling("ceiling again: trivial route");
}
