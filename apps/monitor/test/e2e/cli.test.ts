// The `beacon monitor` commands as a black-box suite would use them: provision with
// create-project and create-integration, then talk to `beacon monitor serve`.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freshDatabaseUrl, type TestDatabase, freePort } from "@beacon/testing";

const run = promisify(execFile);
const beacon = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));


async function cli(...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [beacon, "monitor", ...args], { env: { ...process.env, LOG_LEVEL: "silent" } });
  return JSON.parse(stdout);
}

describe("beacon monitor CLI", () => {
  let database: TestDatabase;
  let url: string;
  let server: ChildProcess | undefined;

  before(async () => {
    database = await freshDatabaseUrl();
    url = database.dialect === "sqlite" ? `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-cli-")), "monitor.db")}` : database.url;
  });
  after(async () => {
    server?.kill("SIGTERM");
    await database.release();
  });

  it("lists both apps and serve at the top, and each app's own commands under its name", async () => {
    const help = async (...args: string[]) => (await run(process.execPath, [beacon, ...args, "--help"], { env: { ...process.env, LOG_LEVEL: "silent" } })).stdout;
    const top = await help();
    for (const command of ["monitor", "chat", "serve"]) assert.match(top, new RegExp(`^  ${command}\\b`, "m"));
    const monitor = await help("monitor");
    for (const command of ["serve", "sendalerts", "migrate", "backup", "create-project", "create-integration"]) assert.match(monitor, new RegExp(`^  ${command}\\b`, "m"));
    assert.match(await help("chat"), /^ {2}create-realm\b/m);
  });

  it("migrates an empty database", async () => {
    const out = await cli("migrate", "--database", url);
    assert.equal(out.applied[0], "001_initial");
    assert.deepEqual(await cli("migrate", "--database", url), { applied: [] });
  });

  it("creates a project and prints its keys once", async () => {
    const keys = await cli("create-project", "--name", "CI", "--owner", "ci@example.org", "--check-limit", "5", "--database", url);
    assert.deepEqual(Object.keys(keys), ["uuid", "name", "api_key", "api_key_readonly", "ping_key", "badge_key"]);
    assert.match(keys.api_key, /^hcw_[A-Za-z0-9]{28}$/);
    assert.match(keys.api_key_readonly, /^hcr_[A-Za-z0-9]{28}$/);
    assert.equal(keys.name, "CI");
  });

  it("refuses an unknown integration kind", async () => {
    await assert.rejects(cli("create-integration", "--project", "00000000-0000-4000-8000-000000000000", "--kind", "carrier-pigeon", "--name", "x", "--database", url));
  });

  it("refuses a kind whose settings are missing, naming the variables to set", async () => {
    const env = { ...process.env, LOG_LEVEL: "silent", MONITOR_TELEGRAM_TOKEN: "", MONITOR_TELEGRAM_BOT_NAME: "" };
    const args = [beacon, "monitor", "create-integration", "--project", "00000000-0000-4000-8000-000000000000", "--kind", "telegram", "--name", "x", "--value", '{"id": 1}', "--database", url];
    await assert.rejects(run(process.execPath, args, { env }), (error: { stderr: string }) => {
      assert.match(error.stderr, /Telegram integrations are off on this server: set MONITOR_TELEGRAM_BOT_NAME and MONITOR_TELEGRAM_TOKEN\./);
      return true;
    });
  });

  it("prints only its result on standard output, with logs on (they go to standard error)", async () => {
    const keys = await cli("create-project", "--name", "Quiet", "--database", url);
    const env = { ...process.env, LOG_LEVEL: "debug" };
    const value = JSON.stringify({ value: "someone@example.org", up: true, down: true });
    const args = [beacon, "monitor", "create-integration", "--project", keys.uuid, "--kind", "email", "--name", "Mail", "--value", value, "--database", url];
    const { stdout, stderr } = await run(process.execPath, args, { env });
    assert.equal(stdout.split("\n").filter(Boolean).length, 1, `stdout: ${stdout}`);
    assert.deepEqual(Object.keys(JSON.parse(stdout)), ["id", "name", "kind"]);
    for (const line of stderr.split("\n").filter(Boolean)) assert.doesNotThrow(() => JSON.parse(line), `stderr line: ${line}`);
  });

  it("serves what it provisioned", async () => {
    const keys = await cli("create-project", "--name", "Served", "--database", url);
    const channel = await cli("create-integration", "--project", keys.uuid, "--kind", "webhook", "--name", "Hook", "--value", "{}", "--database", url);
    assert.deepEqual(Object.keys(channel), ["id", "name", "kind"]);

    const port = await freePort();
    server = spawn(process.execPath, [beacon, "monitor", "serve", "--port", String(port), "--database", url, "--site-root", "https://hc.example.com"], {
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: "ignore",
    });
    const base = `http://127.0.0.1:${port}`;
    let listed: Response | undefined;
    // A minute at most: on a loaded machine tsx alone can take over ten seconds to start.
    for (let i = 0; i < 600 && !listed; i++) {
      listed = await fetch(`${base}/api/v3/channels/`, { headers: { "X-Api-Key": keys.api_key } }).catch(() => undefined);
      if (!listed) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(listed, "server did not start");
    assert.deepEqual(await listed.json(), { channels: [{ id: channel.id, name: "Hook", kind: "webhook" }] });

    const created = await fetch(`${base}/api/v3/checks/`, { method: "POST", headers: { "X-Api-Key": keys.api_key }, body: JSON.stringify({ name: "nightly", channels: "Hook" }) });
    assert.equal(created.status, 201);
    const check: any = await created.json();
    assert.equal(check.ping_url, `https://hc.example.com/ping/${check.uuid}`);
    assert.equal(check.channels, channel.id);
  });
});
