// The nginx examples (docs/nginx/chat.conf, docs/nginx/monitor.conf) run as written, the
// addresses swapped for local ports and TLS for plain HTTP: two chat processes and two monitor
// processes on PostgreSQL behind a real nginx. A poll for the queue of a process killed with
// -9 gets BAD_EVENT_QUEUE_ID at once (the backup route), not 502; the per-address sign-in
// limit counts the address nginx saw, whatever X-Forwarded-For the client forged; pings keep
// being answered with one monitor process dead. Needs nginx and TEST_DATABASE_URL (several
// processes need PostgreSQL); it starts five processes, so it runs when asked to:
// scripts/check-nginx.sh sets NGINX_CHECK=1.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { doCreateRealm } from "../../src/actions/realms.js";
import { migrateChat } from "../../src/migrations/index.js";
import type { ChatDatabase } from "../../src/store/schema.js";
import { basic } from "../helpers.js";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const BEACON = join(ROOT, "bin/beacon.js");
const hasNginx = spawnSync("nginx", ["-v"]).status === 0;
const skip = process.env.NGINX_CHECK !== "1" ? "run by scripts/check-nginx.sh (NGINX_CHECK=1)" : !hasNginx ? "nginx is not installed (apt-get install nginx)" : !process.env.TEST_DATABASE_URL ? "several processes need PostgreSQL: set TEST_DATABASE_URL" : false;
// Ports 9600-9639, varied per run so parallel runs rarely collide.
const BASE = 9600 + (process.pid % 8) * 5;
const [CHAT_A, CHAT_B, MON_A, MON_B, NGINX] = [0, 1, 2, 3, 4].map((i) => BASE + i);

/** The example with its addresses pointed at local ports and TLS taken off. */
function localised(conf: string, ports: Record<string, number>, listen: number): string {
  let out = conf.replace(/listen 443 ssl;/g, `listen 127.0.0.1:${listen};`).replace(/^\s*ssl_certificate.*$/gm, "");
  for (const [address, port] of Object.entries(ports)) out = out.replaceAll(address, `127.0.0.1:${port}`);
  return out;
}

function serve(app: "chat" | "monitor", port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BEACON, app, "serve", "--port", String(port)], { env: { ...process.env, LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let buffer = "";
  return new Promise((resolve, reject) => {
    const watch = (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes(`${app} server listening`) || buffer.includes(`${app} listening`)) resolve(child);
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    child.once("exit", (code) => reject(new Error(`${app} exited with ${code}: ${buffer}`)));
  });
}

describe("the nginx examples, run as written", { skip }, () => {
  let chatDb: TestDatabase;
  let monitorDb: TestDatabase;
  let dir: string;
  let owner: { email: string; key: string };
  const children: ChildProcess[] = [];
  const chatHost = "chat.example.com";

  before(async () => {
    [chatDb, monitorDb] = [await freshDatabaseUrl(), await freshDatabaseUrl()];
    const database = openDatabase<ChatDatabase>(chatDb.url, { poolSize: 1 });
    await migrateChat(database.db, database.dialect);
    const realm = await doCreateRealm(database.db, { name: "Proxied", subdomain: "", ownerEmail: "owner@proxied.test", ownerName: "Owner", now: Date.now() });
    await database.close();
    owner = { email: "owner@proxied.test", key: realm.apiKey };

    dir = mkdtempSync(join(tmpdir(), "beacon-nginx-"));
    const chat = localised(readFileSync(join(ROOT, "docs/nginx/chat.conf"), "utf8"), { "10.0.0.11:9991": CHAT_A, "10.0.0.12:9991": CHAT_B }, NGINX);
    const monitor = localised(readFileSync(join(ROOT, "docs/nginx/monitor.conf"), "utf8"), { "10.0.0.21:8000": MON_A, "10.0.0.22:8000": MON_B }, NGINX);
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${join(dir, t)};`).join("\n  ");
    writeFileSync(join(dir, "nginx.conf"), `pid ${join(dir, "nginx.pid")};\nerror_log ${join(dir, "error.log")};\nevents {}\nhttp {\n  access_log off;\n  ${temp}\n${chat}\n${monitor}\n}\n`);

    // Both processes name the public address the proxy serves, as docs/scaling-*.md say they must.
    const chatEnv = { CHAT_DATABASE_URL: chatDb.url, CHAT_EXTERNAL_HOST: chatHost, CHAT_TRUST_PROXY: "true", CHAT_LOGIN_RATE_LIMIT_PER_IP: "2", CHAT_ROOT_DOMAIN: chatHost, CHAT_RATE_LIMIT: "0" };
    const monitorEnv = { MONITOR_DATABASE_URL: monitorDb.url, MONITOR_SITE_ROOT: `http://127.0.0.1:${NGINX}`, MONITOR_TRUST_PROXY: "true", MONITOR_ALERT_WORKER: "false" };
    children.push(
      ...(await Promise.all([
        serve("chat", CHAT_A, { ...chatEnv, CHAT_EVENT_PROCESS: "a" }),
        serve("chat", CHAT_B, { ...chatEnv, CHAT_EVENT_PROCESS: "b" }),
        serve("monitor", MON_A, monitorEnv),
        serve("monitor", MON_B, monitorEnv),
      ])),
    );
    const nginx = spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
    children.push(nginx);
    for (let i = 0; i < 50; i++) {
      if (await fetch(`http://127.0.0.1:${NGINX}/`, { headers: { host: chatHost } }).then(() => true, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once("exit", r)) : undefined)));
    await chatDb?.release();
    await monitorDb?.release();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const chatCall = async (method: string, path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const query = new URLSearchParams(params).toString();
    const inBody = method !== "GET";
    const res = await fetch(`http://127.0.0.1:${NGINX}/api/v1${path}${inBody || !query ? "" : `?${query}`}`, {
      method,
      headers: { host: chatHost, authorization: basic(owner.email, owner.key), ...(inBody ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...headers },
      body: inBody ? query : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };

  it("counts sign-in attempts by the address nginx saw, whatever X-Forwarded-For the client forged", async () => {
    const attempt = (forged: string) => chatCall("POST", "/fetch_api_key", { username: "owner@proxied.test", password: "wrong" }, { authorization: "", "x-forwarded-for": forged });
    assert.equal((await attempt("203.0.113.1")).status, 401);
    assert.equal((await attempt("203.0.113.2")).status, 401);
    const third = await attempt("203.0.113.3");
    assert.deepEqual([third.status, third.body?.code], [429, "RATE_LIMIT_HIT"]);
  });

  it("answers a poll for a killed process's queue with BAD_EVENT_QUEUE_ID at once, through the backup route", async () => {
    let queue = "";
    for (let i = 0; i < 6 && !queue.startsWith("a:"); i++) queue = (await chatCall("POST", "/register", { event_types: '["message"]' })).body.queue_id;
    assert.match(queue, /^a:/, "registrations spread over both processes");
    const [chatA] = children;
    chatA!.kill("SIGKILL");
    await new Promise((r) => chatA!.once("exit", r));
    const started = Date.now();
    const poll = await chatCall("GET", "/events", { queue_id: queue, last_event_id: "-1" });
    assert.deepEqual([poll.status, poll.body?.code], [400, "BAD_EVENT_QUEUE_ID"]);
    assert.ok(Date.now() - started < 2_000);
    assert.equal((await chatCall("POST", "/register", { event_types: '["message"]' })).status, 200, "new queues go to the live process");
  });

  it("keeps answering pings with one monitor process killed", async () => {
    const uuid = "00000000-0000-4000-8000-000000000000";
    const ping = () => fetch(`http://127.0.0.1:${NGINX}/ping/${uuid}`, { headers: { host: "hc.example.com" } }).then((r) => r.status);
    assert.equal(await ping(), 404, "an unknown check, answered by a live process");
    const monitorA = children[2]!;
    monitorA.kill("SIGKILL");
    await new Promise((r) => monitorA.once("exit", r));
    for (let i = 0; i < 4; i++) assert.equal(await ping(), 404);
  });
});
