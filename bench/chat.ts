// Chat benchmarks: sending to a 50-subscriber channel (steady 200/s for latency, then
// closed-loop for throughput) and GET /messages over a large history (BENCH_CHAT_MESSAGES,
// default 1,000,000, bulk-loaded straight into SQLite), including full-text search.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@beacon/platform";
import { doCreateRealm } from "../apps/chat/src/actions/realms.js";
import { doCreateUser } from "../apps/chat/src/actions/users.js";
import { doCreateChannel } from "../apps/chat/src/actions/channels.js";
import { GroupGraph } from "../apps/chat/src/lib/group-graph.js";
import { migrateChat } from "../apps/chat/src/migrations/index.js";
import { groupSnapshot } from "../apps/chat/src/store/group-snapshot.js";
import type { ChatDatabase } from "../apps/chat/src/store/schema.js";
import { load, measureCeiling, report, startServer } from "./lib.js";

const TOTAL = Number(process.env.BENCH_CHAT_MESSAGES ?? 1_000_000);
const WORDS = ["garden", "deploy", "lunch", "release", "database", "coffee", "meeting", "review", "python", "kernel", "weekend", "budget"];

interface Seeded {
  url: string;
  auth: string;
  channelId: number;
  senderEmail: string;
  anchorId: number;
}

async function seed(): Promise<Seeded> {
  const url = `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-chat-bench-")), "chat.db")}`;
  const database = openDatabase<ChatDatabase>(url);
  await migrateChat(database.db, database.dialect);
  const now = Date.now();
  const realm = await doCreateRealm(database.db, { name: "Bench", subdomain: "", ownerEmail: "owner@bench.example", ownerName: "Owner", now });
  const userIds = [realm.userId];
  for (let i = 1; i < 50; i++) userIds.push((await doCreateUser(database.db, { realmId: realm.realmId, email: `u${i}@bench.example`, fullName: `User ${i}`, role: 400, now })).userId);
  const graph = new GroupGraph(await groupSnapshot(database.db, realm.realmId));
  const base = { realmId: realm.realmId, description: "", inviteOnly: false, isWebPublic: false, messageRetentionDays: null, topicsPolicy: "inherit", folderId: null, creatorId: realm.userId, groupSettings: {}, isDefault: false, now };
  const channelId = await doCreateChannel(database.db, graph, { ...base, name: "general", subscriberIds: userIds });
  const historyId = await doCreateChannel(database.db, graph, { ...base, name: "history", subscriberIds: userIds });

  // The large history: one channel, 100 topics, 50 senders; the reader (the owner) received
  // every message, one in ten still unread.
  const sqlite = database.sqlite!;
  sqlite.prepare("insert into recipients (realm_id, type, stream_id) values (?, 2, ?)").run(realm.realmId, historyId);
  const recipientId = (sqlite.prepare("select id from recipients where stream_id = ?").get(historyId) as { id: number }).id;
  const insertMessage = sqlite.prepare(
    "insert into messages (realm_id, sender_id, recipient_id, stream_id, topic, topic_key, content, rendered_content, client, date_sent) values (?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?)",
  );
  const insertFts = sqlite.prepare("insert into messages_fts (rowid, topic, content) values (?, ?, ?)");
  const insertUm = sqlite.prepare("insert into user_messages (user_id, message_id, flags) values (?, ?, ?)");
  let anchorId = 0;
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const topic = `topic ${i % 100}`;
      const content = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} message ${i}`;
      const id = Number(insertMessage.run(realm.realmId, userIds[i % 50], recipientId, historyId, topic, topic, content, `<p>${content}</p>`, now - (TOTAL - i) * 1000).lastInsertRowid);
      insertFts.run(id, topic, content);
      insertUm.run(realm.userId, id, i % 10 === 0 ? 0 : 1);
      if (i === Math.floor(TOTAL / 2)) anchorId = id;
    }
  });
  for (let i = 0; i < TOTAL; i += 50_000) batch(i, Math.min(TOTAL, i + 50_000));
  sqlite.exec("analyze");
  await database.close();
  const key = realm.apiKey;
  return { url, auth: `Basic ${Buffer.from(`owner@bench.example:${key}`).toString("base64")}`, channelId, senderEmail: "u7@bench.example", anchorId };
}

const narrowPath = (narrow: unknown[], extra = "anchor=newest&num_before=100&num_after=0") => `/api/v1/messages?${extra}&narrow=${encodeURIComponent(JSON.stringify(narrow))}`;

export async function run(): Promise<void> {
  const ceiling = await measureCeiling("ceiling: trivial route");
  const seeded = await seed();
  const server = await startServer("bench/servers/chat.ts", { BENCH_DATABASE_URL: seeded.url });
  const headers = { authorization: seeded.auth, "content-type": "application/x-www-form-urlencoded" };
  const line = (scenario: string, r: Awaited<ReturnType<typeof load>>) =>
    report({ scenario, rps: r.rps, p50_ms: r.p50, p99_ms: r.p99, ratio: +(r.rps / ceiling).toFixed(3), errors: r.errors + r.non2xx });
  try {
    const send = { url: `${server.url}/api/v1/messages`, method: "POST", headers, body: "type=stream&to=general&topic=bench&content=hello%20%2A%2Aworld%2A%2A" };
    line("chat: send to a 50-subscriber channel, steady 200/s", await load({ ...send, connections: 10, rate: 200, duration: 10 }));
    line("chat: send to a 50-subscriber channel, closed loop", await load({ ...send, connections: 20, duration: 10 }));

    const get = (narrow: unknown[], extra?: string) => ({ url: server.url, headers: { authorization: seeded.auth }, paths: [narrowPath(narrow, extra)], connections: 10, duration: 5 });
    const history = { operator: "channel", operand: "history" };
    line(`chat: GET /messages channel, newest 100 of ${TOTAL}`, await load(get([history])));
    line("chat: GET /messages channel + topic", await load(get([history, { operator: "topic", operand: "topic 42" }])));
    line("chat: GET /messages sender", await load(get([{ operator: "sender", operand: seeded.senderEmail }])));
    line("chat: GET /messages is:unread", await load(get([{ operator: "is", operand: "unread" }])));
    line("chat: GET /messages anchor mid-history, 100 before", await load(get([history], `anchor=${seeded.anchorId}&num_before=100&num_after=0`)));
    line("chat: GET /messages full-text search", await load(get([{ operator: "search", operand: "kernel budget" }])));
  } finally {
    await server.stop();
  }
}
