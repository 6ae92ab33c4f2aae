// Chat on PostgreSQL (`npm run bench -- chat-pg`, needs BENCH_PG_URL=postgres://…/db): a fresh
// schema of that database holds a realm of 10 users and a 10-subscriber channel; two chat
// processes (`a` and `b`, the PostgreSQL LISTEN/NOTIFY event bus between them) share it.
// Scenarios: sends in a closed loop on `a`; GET /messages (newest 100 of the channel) in a
// closed loop on `a`; and events between processes: a queue registered on `b` holds a long
// poll while a message is sent on `a`, timed from the send to the poll's answer, one message
// at a time.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { openDatabase } from "@beacon/platform";
import { doCreateRealm } from "../apps/chat/src/actions/realms.js";
import { doCreateUser } from "../apps/chat/src/actions/users.js";
import { doCreateChannel } from "../apps/chat/src/actions/channels.js";
import { GroupGraph } from "../apps/chat/src/lib/group-graph.js";
import { migrateChat } from "../apps/chat/src/migrations/index.js";
import { groupSnapshot } from "../apps/chat/src/store/group-snapshot.js";
import type { ChatDatabase } from "../apps/chat/src/store/schema.js";
import { callApi, load, measureCeiling, report, startServer } from "./lib.js";

const ROUNDS = Number(process.env.BENCH_PG_EVENT_ROUNDS ?? 100);

async function admin(base: string, text: string): Promise<void> {
  const database = openDatabase(base);
  await sql.raw(text).execute(database.db);
  await database.close();
}

async function seed(url: string): Promise<string> {
  const database = openDatabase<ChatDatabase>(url);
  await migrateChat(database.db, database.dialect);
  const now = Date.now();
  const realm = await doCreateRealm(database.db, { name: "Bench", subdomain: "", ownerEmail: "owner@bench.example", ownerName: "Owner", now });
  const userIds = [realm.userId];
  for (let i = 1; i < 10; i++) userIds.push((await doCreateUser(database.db, { realmId: realm.realmId, email: `u${i}@bench.example`, fullName: `User ${i}`, role: 400, now })).userId);
  const graph = new GroupGraph(await groupSnapshot(database.db, realm.realmId));
  await doCreateChannel(database.db, graph, { realmId: realm.realmId, name: "general", description: "", inviteOnly: false, isWebPublic: false, messageRetentionDays: null, topicsPolicy: "inherit", folderId: null, creatorId: realm.userId, groupSettings: {}, isDefault: false, subscriberIds: userIds, now });
  await database.close();
  return `Basic ${Buffer.from(`owner@bench.example:${realm.apiKey}`).toString("base64")}`;
}


export async function run(): Promise<void> {
  const base = process.env.BENCH_PG_URL;
  if (!base) {
    process.stderr.write("chat-pg: set BENCH_PG_URL=postgres://…/database (a schema is created there and dropped afterwards)\n");
    process.exit(2);
  }
  const ceiling = await measureCeiling("ceiling: trivial route");
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  await admin(base, `CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  const auth = await seed(url.toString());
  const a = await startServer("bench/servers/chat.ts", { BENCH_DATABASE_URL: url.toString(), CHAT_EVENT_PROCESS: "a" });
  const b = await startServer("bench/servers/chat.ts", { BENCH_DATABASE_URL: url.toString(), CHAT_EVENT_PROCESS: "b" });
  try {
    const headers = { authorization: auth, "content-type": "application/x-www-form-urlencoded" };
    const send = { url: `${a.url}/api/v1/messages`, method: "POST", headers, body: "type=stream&to=general&topic=bench&content=hello%20%2A%2Aworld%2A%2A" };
    await load({ ...send, connections: 20, duration: 1 });
    const sends = await load({ ...send, connections: 20, duration: 10 });
    report({ scenario: "chat (PostgreSQL): send to a 10-subscriber channel, closed loop", rps: sends.rps, p50_ms: sends.p50, p99_ms: sends.p99, ratio: +(sends.rps / ceiling).toFixed(3), errors: sends.errors + sends.non2xx });

    const narrow = encodeURIComponent(JSON.stringify([{ operator: "channel", operand: "general" }]));
    const get = { url: a.url, headers: { authorization: auth }, paths: [`/api/v1/messages?anchor=newest&num_before=100&num_after=0&narrow=${narrow}`], connections: 10, duration: 5 };
    await load({ ...get, duration: 1 });
    const reads = await load(get);
    report({ scenario: "chat (PostgreSQL): GET /messages newest 100 of a channel, closed loop", rps: reads.rps, p50_ms: reads.p50, p99_ms: reads.p99, ratio: +(reads.rps / ceiling).toFixed(3), errors: reads.errors + reads.non2xx });

    // Events from a send on `a` to a long poll on `b`, one message at a time.
    const queue = await callApi(b.url, auth, "POST", "/api/v1/register", { event_types: '["message"]', fetch_event_types: "[]" });
    if (queue.result !== "success") throw new Error(JSON.stringify(queue));
    let lastEventId: number = queue.last_event_id;
    const delays: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const poll = callApi(b.url, auth, "GET", `/api/v1/events?queue_id=${encodeURIComponent(queue.queue_id)}&last_event_id=${lastEventId}`);
      // Let the poll reach `b` and wait there before sending.
      await new Promise((r) => setTimeout(r, 20));
      const sent = performance.now();
      const answer = await callApi(a.url, auth, "POST", "/api/v1/messages", { type: "stream", to: "general", topic: "events", content: `round ${i}` });
      if (answer.result !== "success") throw new Error(JSON.stringify(answer));
      const events = await poll;
      const arrived = performance.now();
      if (events.result !== "success" || !events.events.some((e: any) => e.type === "message")) throw new Error(JSON.stringify(events));
      lastEventId = events.events[events.events.length - 1].id;
      delays.push(arrived - sent);
    }
    delays.sort((x, y) => x - y);
    const at = (q: number) => +delays[Math.min(delays.length - 1, Math.floor(q * delays.length))].toFixed(1);
    report({ scenario: `chat (PostgreSQL): send on process a to event delivered on process b, ${ROUNDS} messages one at a time`, p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1) });
  } finally {
    await a.stop();
    await b.stop();
    await admin(base, `DROP SCHEMA ${schema} CASCADE`);
  }
}
