// Several `beacon chat serve` processes on one PostgreSQL database: each holds its own queues,
// and events reach them over the bus (LISTEN/NOTIFY by default, or Redis).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
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

const SKIP = process.env.TEST_DATABASE_URL ? false : "needs PostgreSQL (npm run test:pg): several chat processes share a database only there, SQLite is one process";
const SERVER = fileURLToPath(new URL("./fixtures/server.ts", import.meta.url));

interface Proc {
  url: string;
  child: ChildProcess;
}

async function startProcess(env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], { env: { ...process.env, LOG_LEVEL: "error", ...env }, stdio: ["ignore", "pipe", "inherit"] });
  let buffer = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /LISTENING (\S+)/.exec(buffer);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, child };
}

async function stop(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null) return;
  proc.child.kill("SIGTERM");
  await once(proc.child, "exit");
}

describe("chat processes sharing one PostgreSQL database", { skip: SKIP }, () => {
  let testDb: TestDatabase;
  let owner: { email: string; key: string; id: number };
  let mia: { email: string; key: string; id: number };
  const procs: Proc[] = [];

  const call = async (proc: Proc, who: { email: string; key: string }, method: string, path: string, params: Record<string, unknown> = {}) => {
    const encoded = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    const inBody = method !== "GET";
    const res = await fetch(`${proc.url}/api/v1${path}${inBody ? "" : `?${encoded}`}`, {
      method,
      headers: { authorization: basic(who.email, who.key), ...(inBody ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: inBody ? encoded : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  before(async () => {
    testDb = await freshDatabaseUrl();
    const database = openDatabase<ChatDatabase>(testDb.url, { poolSize: 2 });
    await migrateChat(database.db, database.dialect);
    const now = Date.now();
    const realm = await doCreateRealm(database.db, { name: "Multi", subdomain: "", ownerEmail: "owner@multi.test", ownerName: "Owner", now });
    const created = await doCreateUser(database.db, { realmId: realm.realmId, email: "mia@multi.test", fullName: "Mia", role: 400, now });
    const graph = new GroupGraph(await groupSnapshot(database.db, realm.realmId));
    await doCreateChannel(database.db, graph, { realmId: realm.realmId, name: "general", description: "", inviteOnly: false, isWebPublic: false, messageRetentionDays: null, topicsPolicy: "inherit", folderId: null, creatorId: realm.userId, groupSettings: {}, isDefault: false, subscriberIds: [realm.userId, created.userId], now });
    await database.close();
    owner = { email: "owner@multi.test", key: realm.apiKey, id: realm.userId };
    mia = { email: "mia@multi.test", key: created.apiKey, id: created.userId };
  });
  after(async () => {
    for (const proc of procs) await stop(proc);
    await testDb?.release();
  });

  for (const bus of ["postgres", "redis"] as const) {
    it(`delivers a message sent through one process to a queue held by the other (${bus} bus)`, async () => {
      const env = { CHAT_DATABASE_URL: testDb.url, ...(bus === "redis" ? { CHAT_EVENT_BUS: `redis://127.0.0.1:6379?channel=beacon-test-${process.pid}-${Date.now()}` } : {}) };
      const [a, b] = await Promise.all([startProcess({ ...env, CHAT_EVENT_PROCESS: `a-${bus}` }), startProcess({ ...env, CHAT_EVENT_PROCESS: `b-${bus}` })]);
      procs.push(a, b);
      const reg = await call(a, mia, "POST", "/register", { event_types: ["message"], apply_markdown: true });
      assert.match(reg.body.queue_id, new RegExp(`^a-${bus}:`));
      const poll = call(a, mia, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: reg.body.last_event_id });
      // A message large enough to travel through the overflow table rather than a NOTIFY payload.
      const content = "x".repeat(9000);
      const sent = await call(b, owner, "POST", "/messages", { type: "stream", to: "general", topic: "across", content });
      assert.equal(sent.status, 200);
      const { body } = await poll;
      assert.deepEqual(body.events.map((e: any) => [e.type, e.message.id, e.message.content.length, e.flags]), [["message", sent.body.id, content.length + 7, []]]);

      // A poll reaching the wrong process is refused (the proxy routes by queue id).
      const wrong = await call(b, mia, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: -1, dont_block: true });
      assert.equal(wrong.body.code, "BAD_EVENT_QUEUE_ID");
      // A deletion reaching the wrong process is forwarded to the owner.
      assert.equal((await call(b, mia, "DELETE", "/events", { queue_id: reg.body.queue_id })).status, 200);
      let code: string | undefined;
      for (let i = 0; i < 50 && code !== "BAD_EVENT_QUEUE_ID"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        code = (await call(a, mia, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: 0, dont_block: true })).body.code;
      }
      assert.equal(code, "BAD_EVENT_QUEUE_ID");
      await Promise.all([stop(a), stop(b)]);
    });
  }
});
