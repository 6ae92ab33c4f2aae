// A real `beacon chat serve` process stopped with SIGTERM and started again while a client
// polls: the waiting poll ends at once, the queue comes back with the next start, and what was
// queued or sent meanwhile (here by another process on the same database) reaches the client.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { migrateChat } from "../../src/migrations/index.js";
import { doCreateRealm } from "../../src/actions/realms.js";
import { doCreateUser } from "../../src/actions/users.js";
import { doCreateChannel } from "../../src/actions/channels.js";
import { GroupGraph } from "../../src/lib/group-graph.js";
import { groupSnapshot } from "../../src/store/group-snapshot.js";
import type { ChatDatabase } from "../../src/store/schema.js";
import { basic } from "../helpers.js";

const BEACON = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));
// Ports 9550-9569 (outgoing-webhooks.test.ts takes 9570-9589), varied per run so parallel runs rarely collide.
const PORT = 9550 + (process.pid % 10) * 2;

interface Who {
  email: string;
  key: string;
}

async function serve(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BEACON, "chat", "serve", "--port", String(port)], {
    env: { ...process.env, CHAT_DATABASE_URL: databaseUrl, CHAT_RATE_LIMIT: "0", CHAT_EVENT_PROCESS: "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The log lines (standard error) say when it listens; standard output is kept for results.
  let buffer = "";
  await new Promise<void>((resolve, reject) => {
    const watch = (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes("chat server listening")) resolve();
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${buffer}`)));
  });
  return child;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

describe("a chat process restarted under a polling client", () => {
  let testDb: TestDatabase;
  let dir: string;
  let url: string;
  let owner: Who;
  let mia: Who;
  const children: ChildProcess[] = [];

  const call = async (port: number, who: Who, method: string, path: string, params: Record<string, unknown> = {}) => {
    const encoded = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    const inBody = method !== "GET";
    const res = await fetch(`http://127.0.0.1:${port}/api/v1${path}${inBody ? "" : `?${encoded}`}`, {
      method,
      headers: { authorization: basic(who.email, who.key), ...(inBody ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: inBody ? encoded : undefined,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  before(async () => {
    testDb = await freshDatabaseUrl();
    dir = mkdtempSync(join(tmpdir(), "beacon-restart-"));
    url = testDb.dialect === "sqlite" ? `sqlite:${join(dir, "chat.db")}` : testDb.url;
    const database = openDatabase<ChatDatabase>(url, { poolSize: 2 });
    await migrateChat(database.db, database.dialect);
    const now = Date.now();
    const realm = await doCreateRealm(database.db, { name: "Restart", subdomain: "", ownerEmail: "owner@restart.test", ownerName: "Owner", now });
    const created = await doCreateUser(database.db, { realmId: realm.realmId, email: "mia@restart.test", fullName: "Mia", role: 400, now });
    const graph = new GroupGraph(await groupSnapshot(database.db, realm.realmId));
    await doCreateChannel(database.db, graph, { realmId: realm.realmId, name: "general", description: "", inviteOnly: false, isWebPublic: false, messageRetentionDays: null, topicsPolicy: "inherit", folderId: null, creatorId: realm.userId, groupSettings: {}, isDefault: false, subscriberIds: [realm.userId, created.userId], now });
    await database.close();
    owner = { email: "owner@restart.test", key: realm.apiKey };
    mia = { email: "mia@restart.test", key: created.apiKey };
  });
  after(async () => {
    for (const child of children) await stop(child);
    await testDb?.release();
    rmSync(dir, { recursive: true, force: true });
  });

  it("ends the waiting poll on SIGTERM and continues the queue after the next start, missing no message", async () => {
    const send = (port: number, content: string) => call(port, owner, "POST", "/messages", { type: "stream", to: "general", topic: "restart", content });
    let server = await serve(url, PORT);
    children.push(server);
    const reg = await call(PORT, mia, "POST", "/register", { event_types: ["message"] });
    // A second queue nobody polls: what it holds when the process stops must survive.
    const idle = await call(PORT, mia, "POST", "/register", { event_types: ["message"] });
    const before = await send(PORT, "before the stop");

    // A client long-polling (heartbeat 45 s) when the process is told to stop.
    const first = await call(PORT, mia, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: reg.body.last_event_id });
    assert.deepEqual(first.body.events.map((e: any) => e.message.id), [before.body.id]);
    const lastSeen = first.body.events[0].id;
    const poll = call(PORT, mia, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: lastSeen });
    await new Promise((r) => setTimeout(r, 200));
    server.kill("SIGTERM");
    const ended = await poll;
    assert.deepEqual(ended.body, { result: "success", msg: "", events: [] });
    assert.equal(ended.headers.get("connection"), "close");
    await once(server, "exit");

    // Meanwhile another process on the same database takes a message.
    const other = await serve(url, PORT + 1, { CHAT_EVENT_PROCESS: "other" });
    children.push(other);
    const during = await send(PORT + 1, "while the first process was down");
    assert.equal(during.status, 200);
    await stop(other);

    server = await serve(url, PORT);
    children.push(server);
    const resumed = await call(PORT, mia, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: lastSeen });
    assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
    assert.deepEqual(resumed.body.events.map((e: any) => [e.id, e.message.id, e.message.content]), [[lastSeen + 1, during.body.id, "while the first process was down"]]);
    const kept = await call(PORT, mia, "GET", "/events", { queue_id: idle.body.queue_id, last_event_id: idle.body.last_event_id, dont_block: true });
    assert.deepEqual(kept.body.events.map((e: any) => e.message.id), [before.body.id, during.body.id]);

    // And the queue goes on as before: a poll waits for the next message.
    const next = call(PORT, mia, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: lastSeen + 1 });
    const after = await send(PORT, "after the start");
    assert.deepEqual((await next).body.events.map((e: any) => e.message.id), [after.body.id]);
    await stop(server);
  });

  it("loses the queues after kill -9: the client's next poll is BAD_EVENT_QUEUE_ID and it registers again", async () => {
    let server = await serve(url, PORT);
    children.push(server);
    const reg = await call(PORT, mia, "POST", "/register", { event_types: ["message"] });
    server.kill("SIGKILL");
    await once(server, "exit");
    server = await serve(url, PORT);
    children.push(server);
    const poll = await call(PORT, mia, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: reg.body.last_event_id, dont_block: true });
    assert.equal(poll.body.code, "BAD_EVENT_QUEUE_ID");
    assert.equal((await call(PORT, mia, "POST", "/register", { event_types: ["message"] })).status, 200);
    await stop(server);
  });
});
