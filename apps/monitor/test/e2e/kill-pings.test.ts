// kill -9 during a burst of pings loses nothing acknowledged: pings are answered only after
// their batch has committed (group commit on SQLite and on PostgreSQL). A real
// `beacon monitor serve` process is killed with SIGKILL while pings are in flight; every ping
// it answered 200 must then be in the database, and each check's counter must match its rows.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { openDatabase } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase, freePort } from "@beacon/testing";
import type { MonitorDB } from "../../src/store/schema.js";

const run = promisify(execFile);
const beacon = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));


describe("kill -9 while pings arrive", () => {
  let database: TestDatabase;
  let url: string;
  let server: ChildProcess | undefined;

  before(async () => {
    database = await freshDatabaseUrl();
    url = database.dialect === "sqlite" ? `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-kill-")), "monitor.db")}` : database.url;
  });
  after(async () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    await database.release();
  });

  it("keeps every acknowledged ping", async () => {
    const env = { ...process.env, LOG_LEVEL: "silent" };
    const keys = JSON.parse((await run(process.execPath, [beacon, "monitor", "create-project", "--name", "Kill", "--database", url], { env })).stdout);
    const port = await freePort();
    server = spawn(process.execPath, [beacon, "monitor", "serve", "--host", "127.0.0.1", "--port", String(port), "--database", url], { env, stdio: "ignore" });
    const base = `http://127.0.0.1:${port}`;
    let ready = false;
    // A minute at most: on a loaded machine tsx alone can take over ten seconds to start.
    for (let i = 0; i < 600 && !ready; i++) {
      ready = (await fetch(`${base}/api/v3/checks/`, { headers: { "X-Api-Key": keys.api_key } }).catch(() => undefined))?.status === 200;
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(ready, "server did not start");
    const uuids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${base}/api/v3/checks/`, { method: "POST", headers: { "X-Api-Key": keys.api_key }, body: JSON.stringify({ name: `k${i}` }) });
      uuids.push(((await res.json()) as { uuid: string }).uuid);
    }

    // 40 senders ping round-robin (at most 90 pings a check: none pruned) until the kill.
    const acknowledged = new Map<string, number>(uuids.map((u) => [u, 0]));
    let sent = 0;
    let killed = false;
    const sender = async () => {
      while (!killed && sent < 20 * 90) {
        const uuid = uuids[sent++ % uuids.length];
        const res = await fetch(`${base}/ping/${uuid}`).catch(() => undefined);
        if (res?.status === 200) acknowledged.set(uuid, acknowledged.get(uuid)! + 1);
      }
    };
    const senders = Array.from({ length: 40 }, sender);
    // Kill once a good share is acknowledged, with requests still in flight.
    while (!killed) {
      await new Promise((r) => setTimeout(r, 20));
      if ([...acknowledged.values()].reduce((a, b) => a + b, 0) >= 300 || sent >= 20 * 90) {
        server.kill("SIGKILL");
        killed = true;
      }
    }
    await once(server, "exit");
    await Promise.all(senders);

    const db = openDatabase<MonitorDB>(url);
    try {
      let total = 0;
      for (const uuid of uuids) {
        const check = await db.db.selectFrom("checks").select(["id", "n_pings"]).where("uuid", "=", uuid).executeTakeFirstOrThrow();
        const rows = await db.db.selectFrom("pings").select((eb) => eb.fn.countAll<number>().as("n")).where("check_id", "=", check.id).executeTakeFirstOrThrow();
        assert.ok(check.n_pings >= acknowledged.get(uuid)!, `check ${uuid}: ${check.n_pings} stored, ${acknowledged.get(uuid)} acknowledged`);
        assert.equal(Number(rows.n), check.n_pings, "a ping counted without its row, or the reverse");
        total += acknowledged.get(uuid)!;
      }
      assert.ok(total >= 300 || sent >= 20 * 90, `only ${total} acknowledged`);
    } finally {
      await db.close();
    }
  });
});
