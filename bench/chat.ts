// Chat benchmarks: sending to a 50-subscriber channel (steady 200/s for latency, then
// closed-loop for throughput) and GET /messages over a large history (BENCH_CHAT_MESSAGES,
// default 1,000,000, bulk-loaded straight into SQLite), including full-text search; and the
// cost of the web app's session authentication: GET /json/users/me against /api/v1/users/me.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@beacon/platform";
import { doCreateRealm } from "../apps/chat/src/actions/realms.js";
import { doCreateUser } from "../apps/chat/src/actions/users.js";
import { doCreateChannel } from "../apps/chat/src/actions/channels.js";
import { GroupGraph } from "../apps/chat/src/lib/group-graph.js";
import { migrateChat } from "../apps/chat/src/migrations/index.js";
import { groupSnapshot } from "../apps/chat/src/store/group-snapshot.js";
import { generateSessionToken, hashSessionToken } from "../apps/chat/src/lib/secrets.js";
import { insertSession } from "../apps/chat/src/store/sessions.js";
import type { ChatDatabase } from "../apps/chat/src/store/schema.js";
import { load, measureCeiling, report, startServer, type LoadOptions } from "./lib.js";

const TOTAL = Number(process.env.BENCH_CHAT_MESSAGES ?? 1_000_000);
export const WORDS = ["garden", "deploy", "lunch", "release", "database", "coffee", "meeting", "review", "python", "kernel", "weekend", "budget"];

export interface Seeded {
  url: string;
  auth: string;
  channelId: number;
  senderEmail: string;
  anchorId: number;
}

/**
 * BENCH_CHAT_SEED=PATH keeps the seeded database at PATH (with PATH.json beside it) and reuses
 * it on later runs: seeding a million messages takes minutes. Every run works on a copy, so the
 * send scenarios never change the seed.
 */
export async function seeded(): Promise<Seeded> {
  const keep = process.env.BENCH_CHAT_SEED;
  if (!keep) return seed(join(mkdtempSync(join(tmpdir(), "beacon-chat-bench-")), "chat.db"));
  if (!existsSync(`${keep}.json`)) writeFileSync(`${keep}.json`, JSON.stringify(await seed(keep)));
  const saved = JSON.parse(readFileSync(`${keep}.json`, "utf8")) as Seeded;
  const copy = join(mkdtempSync(join(tmpdir(), "beacon-chat-bench-")), "chat.db");
  copyFileSync(keep, copy);
  return { ...saved, url: `sqlite:${copy}` };
}

async function seed(path: string): Promise<Seeded> {
  const url = `sqlite:${path}`;
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
  // A settled history: the bulk load's index segments merged into one, as the server's idle
  // merging would leave them, and statistics for the planner.
  sqlite.exec("insert into messages_fts (messages_fts) values ('optimize')");
  sqlite.exec("analyze");
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  await database.close();
  const key = realm.apiKey;
  return { url, auth: `Basic ${Buffer.from(`owner@bench.example:${key}`).toString("base64")}`, channelId, senderEmail: "u7@bench.example", anchorId };
}

/** A web app session for the owner, written as a sign-in would; returns its Cookie header. */
export async function webSessionCookie(url: string): Promise<string> {
  const database = openDatabase<ChatDatabase>(url);
  const owner = await database.db.selectFrom("users").select("id").where("email", "=", "owner@bench.example").executeTakeFirstOrThrow();
  const token = generateSessionToken();
  const now = Date.now();
  // The bench reaches its server at 127.0.0.1, an address naming no realm: the session is bound there.
  await insertSession(database.db, { token_hash: hashSessionToken(token), user_id: owner.id, host_realm_id: null, date_created: now, last_used: now, expires_at: now + 86_400_000 });
  await database.close();
  return `beacon_chat_session=${token}`;
}

const narrowPath = (narrow: unknown[], extra = "anchor=newest&num_before=100&num_after=0") => `/api/v1/messages?${extra}&narrow=${encodeURIComponent(JSON.stringify(narrow))}`;

export async function run(): Promise<void> {
  // BENCH_CHAT_ONLY=REGEX runs only the scenarios whose names match (the ceiling always runs).
  const only = process.env.BENCH_CHAT_ONLY ? new RegExp(process.env.BENCH_CHAT_ONLY) : undefined;
  const wanted = (scenario: string) => !only || only.test(scenario);
  const ceiling = await measureCeiling("ceiling: trivial route");
  const seed = await seeded();
  const server = await startServer("bench/servers/chat.ts", { BENCH_DATABASE_URL: seed.url });
  const headers = { authorization: seed.auth, "content-type": "application/x-www-form-urlencoded" };
  const scenario = async (name: string, options: LoadOptions, target?: string) => {
    if (!wanted(name)) return;
    // One unreported second of the same load first: the route's code compiled and its pages
    // cached, so the figures are the steady state's, not the first requests after start.
    await load({ ...options, duration: 1 });
    const r = await load(options);
    // A fixed rate's throughput is the rate: only closed loops have a ratio to the ceiling.
    const ratio = options.rate ? {} : { ratio: +(r.rps / ceiling).toFixed(3) };
    report({ scenario: name, rps: r.rps, p50_ms: r.p50, p99_ms: r.p99, ...ratio, errors: r.errors + r.non2xx, ...(target ? { target } : {}) });
  };
  try {
    const send = { url: `${server.url}/api/v1/messages`, method: "POST", headers, body: "type=stream&to=general&topic=bench&content=hello%20%2A%2Aworld%2A%2A" };
    await scenario("chat: send to a 50-subscriber channel, steady 200/s", { ...send, connections: 10, rate: 200, duration: 10 }, "p99 < 20 ms");
    await scenario("chat: send to a 50-subscriber channel, closed loop", { ...send, connections: 20, duration: 10 }, "rps >= 1500");

    // Each read twice: latency at a steady 200 requests/s (the p99 target), then throughput in a
    // closed loop of 10 connections, whose latency is mostly the wait behind the other 9.
    const history = { operator: "channel", operand: "history" };
    const reads: [string, unknown[], string?][] = [
      [`channel, newest 100 of ${TOTAL}`, [history]],
      ["channel + topic", [history, { operator: "topic", operand: "topic 42" }]],
      ["sender", [{ operator: "sender", operand: seed.senderEmail }]],
      ["is:unread", [{ operator: "is", operand: "unread" }]],
      ["anchor mid-history, 100 before", [history], `anchor=${seed.anchorId}&num_before=100&num_after=0`],
      ["full-text search", [{ operator: "search", operand: "kernel budget" }]],
    ];
    // The same handler behind Basic auth (a cached key owner) and behind a session (one
    // indexed read of web_sessions per request).
    const cookie = await webSessionCookie(seed.url);
    const me = (path: string, auth: Record<string, string>) => ({ url: server.url, headers: auth, paths: [path], connections: 10, duration: 5 });
    await scenario("chat: GET /api/v1/users/me (API key), closed loop", me("/api/v1/users/me", { authorization: seed.auth }));
    await scenario("chat: GET /json/users/me (web session), closed loop", me("/json/users/me", { cookie }));

    for (const [name, narrow, extra] of reads) {
      const get = { url: server.url, headers: { authorization: seed.auth }, paths: [narrowPath(narrow, extra)], connections: 10, duration: 5 };
      await scenario(`chat: GET /messages ${name}, steady 200/s`, { ...get, rate: 200 }, name === "full-text search" ? "p99 < 25 ms" : "p99 < 10 ms");
      await scenario(`chat: GET /messages ${name}, closed loop`, get);
    }
  } finally {
    await server.stop();
  }
}
