// Event queue benchmarks (`npm run bench -- chat-events`): BENCH_EVENT_CLIENTS (default
// 10,000) users of one channel each register a queue and hold a long poll; one message is sent
// to the channel, and we time the sender's request and the arrival of the event at the last
// client. Then every client keeps polling (acknowledging, re-polling after each heartbeat) and
// we measure the server's memory and CPU over BENCH_EVENT_IDLE_SECONDS (default 60, about one
// heartbeat round: 45 to 55 s).
//
// The server runs in a child process (bench/servers/chat.ts, SQLite); the clients are plain
// keep-alive HTTP connections in this process, one socket per long poll.
import { Agent } from "node:http";
import { connect, type Socket } from "node:net";
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@beacon/platform";
import { doCreateRealm } from "../apps/chat/src/actions/realms.js";
import { doCreateChannel } from "../apps/chat/src/actions/channels.js";
import { GroupGraph } from "../apps/chat/src/lib/group-graph.js";
import { generateApiKey, hashApiKey } from "../apps/chat/src/lib/secrets.js";
import { migrateChat } from "../apps/chat/src/migrations/index.js";
import { groupSnapshot } from "../apps/chat/src/store/group-snapshot.js";
import type { ChatDatabase } from "../apps/chat/src/store/schema.js";
import { callApi, report, startServer, type Server } from "./lib.js";

const CLIENTS = Number(process.env.BENCH_EVENT_CLIENTS ?? 10_000);
const IDLE_SECONDS = Number(process.env.BENCH_EVENT_IDLE_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_EVENT_ROUNDS ?? 5);

interface Seeded {
  url: string;
  owner: string;
  users: string[];
}

/** A realm whose CLIENTS users (and its owner) all subscribe to "general"; keys as auth headers. */
async function seed(): Promise<Seeded> {
  const url = `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-chat-events-")), "chat.db")}`;
  const database = openDatabase<ChatDatabase>(url);
  await migrateChat(database.db, database.dialect);
  const now = Date.now();
  const realm = await doCreateRealm(database.db, { name: "Events", subdomain: "", ownerEmail: "owner@events.example", ownerName: "Owner", now });
  const graph = new GroupGraph(await groupSnapshot(database.db, realm.realmId));
  const channelId = await doCreateChannel(database.db, graph, { realmId: realm.realmId, name: "general", description: "", inviteOnly: false, isWebPublic: false, messageRetentionDays: null, topicsPolicy: "inherit", folderId: null, creatorId: realm.userId, groupSettings: {}, isDefault: false, subscriberIds: [realm.userId], now });

  // Users are cloned from the owner's row (whatever columns the schema has grown), in one
  // transaction of prepared statements: doCreateUser would take minutes for 10,000.
  const sqlite = database.sqlite!;
  const template = sqlite.prepare("select * from users where id = ?").get(realm.userId) as Record<string, unknown>;
  const columns = Object.keys(template).filter((c) => c !== "id");
  const insertUser = sqlite.prepare(`insert into users (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`);
  const insertKey = sqlite.prepare("insert into api_keys (user_id, key_hash, date_created) values (?, ?, ?)");
  const insertSub = sqlite.prepare("insert into subscriptions (user_id, stream_id, active, color, is_muted, pin_to_top) values (?, ?, 1, '#76ce90', 0, 0)");
  const users: string[] = [];
  sqlite.transaction(() => {
    for (let i = 0; i < CLIENTS; i++) {
      const email = `u${i}@events.example`;
      const row = { ...template, email, delivery_email: email, email_key: email, full_name: `User ${i}`, role: 400, password_hash: null };
      const id = Number(insertUser.run(row).lastInsertRowid);
      const key = generateApiKey();
      insertKey.run(id, hashApiKey(key), now);
      insertSub.run(id, channelId);
      users.push(`Basic ${Buffer.from(`${email}:${key}`).toString("base64")}`);
    }
  })();
  await database.close();
  return { url, owner: `Basic ${Buffer.from(`owner@events.example:${realm.apiKey}`).toString("base64")}`, users };
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

const call = (server: Server, auth: string, method: string, path: string, form?: Record<string, string>) => callApi(server.url, auth, method, path, form, agent);

/** Runs `work` on every item with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

function processStats(pid: number): { rssMb: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 per second).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return { rssMb: Math.round(rssKb / 1024), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

interface Poller {
  auth: string;
  queueId: string;
  lastEventId: number;
}

/**
 * One long-polling client on a raw keep-alive socket: requests written by hand, answers read by
 * Content-Length. Node's HTTP client costs several times more per answer, and on a 2-core
 * machine the load generator shares the CPU with the server it measures.
 */
class RawPoller {
  private socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private want = -1;
  private headerEnd = -1;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly poller: Poller,
    private readonly onEvents: (events: { id: number; type: string }[], at: number) => void,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.receive(chunk));
    this.socket.on("error", () => {});
  }

  poll(): void {
    const p = this.poller;
    this.socket.write(`GET /api/v1/events?queue_id=${encodeURIComponent(p.queueId)}&last_event_id=${p.lastEventId} HTTP/1.1\r\nHost: ${this.host}\r\nAuthorization: ${p.auth}\r\n\r\n`);
  }

  private receive(chunk: Buffer): void {
    const at = performance.now();
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (this.headerEnd < 0) {
      this.headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (this.headerEnd < 0) return;
      const head = this.buffer.subarray(0, this.headerEnd).toString("latin1");
      this.want = Number(/content-length: *(\d+)/i.exec(head)![1]);
    }
    const start = this.headerEnd + 4;
    if (this.buffer.length < start + this.want) return;
    const body = JSON.parse(this.buffer.subarray(start, start + this.want).toString());
    this.buffer = this.buffer.subarray(start + this.want);
    this.headerEnd = -1;
    if (body.result !== "success") {
      process.stderr.write(`poll failed: ${JSON.stringify(body)}\n`);
      return;
    }
    this.onEvents(body.events, at);
  }

  close(): void {
    this.socket.destroy();
  }
}

export async function run(): Promise<void> {
  const seeded = await seed();
  const server = await startServer("bench/servers/chat.ts", { BENCH_DATABASE_URL: seeded.url });
  const pid = server.child.pid!;
  try {
    // A warm server: the send path compiled and the channel's first message already there
    // (the first one writes streams.first_message_id, which reloads the realm-state cache).
    for (let i = 0; i < 20; i++) await call(server, seeded.owner, "POST", "/api/v1/messages", { type: "stream", to: "general", topic: "warm-up", content: `warming up ${i}` });
    const pollers: Poller[] = [];
    await pool(seeded.users, 50, async (auth) => {
      const res = await call(server, auth, "POST", "/api/v1/register", { event_types: '["message"]', fetch_event_types: "[]" });
      if (res.result !== "success") throw new Error(JSON.stringify(res));
      pollers.push({ auth, queueId: res.queue_id, lastEventId: res.last_event_id });
    });
    const afterRegister = processStats(pid);

    // Every client polls until stopped; each answer is timed and acknowledged by the next poll.
    let stopping = false;
    let heartbeats = 0;
    let messageAt = 0;
    const arrivals: number[] = [];
    const { hostname, port } = new URL(server.url);
    const clients = pollers.map((p) => {
      const client: RawPoller = new RawPoller(hostname, Number(port), p, (events, at) => {
        for (const event of events) {
          if (event.type === "message") arrivals.push(at - messageAt);
          else if (event.type === "heartbeat") heartbeats++;
          p.lastEventId = event.id;
        }
        if (!stopping) client.poll();
      });
      client.poll();
      return client;
    });
    // Let every poll reach the server and wait there.
    await new Promise((r) => setTimeout(r, 5000));

    // ROUNDS messages, each once every poll waits again (and the server is quiet).
    const rounds: { sender: number; first: number; p50: number; last: number; delivered: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await new Promise((r) => setTimeout(r, 3000));
      arrivals.length = 0;
      messageAt = performance.now();
      const sent = await call(server, seeded.owner, "POST", "/api/v1/messages", { type: "stream", to: "general", topic: "bench", content: `hello, **everyone** (${round})` });
      const senderMs = performance.now() - messageAt;
      if (sent.result !== "success") throw new Error(JSON.stringify(sent));
      const deadline = performance.now() + 30_000;
      while (arrivals.length < pollers.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      arrivals.sort((a, b) => a - b);
      rounds.push({ sender: senderMs, first: arrivals[0], p50: arrivals[Math.floor(arrivals.length / 2)], last: arrivals[arrivals.length - 1], delivered: arrivals.length });
    }
    const median = (key: keyof (typeof rounds)[number]) => [...rounds.map((r) => r[key])].sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
    const worst = (key: keyof (typeof rounds)[number]) => Math.max(...rounds.map((r) => r[key]));
    report({
      scenario: `chat events: one channel message to ${pollers.length} waiting long polls (${ROUNDS} rounds)`,
      sender_ms: +median("sender").toFixed(1),
      sender_worst_ms: +worst("sender").toFixed(1),
      first_ms: +median("first").toFixed(1),
      p50_ms: +median("p50").toFixed(1),
      last_ms: +median("last").toFixed(1),
      last_worst_ms: +worst("last").toFixed(1),
      delivered: Math.min(...rounds.map((r) => r.delivered)),
      target: "sender < 50 ms and last < 1000 ms",
    });

    // Idle: every queue has a poll waiting again; heartbeats end each one after 45 to 55 s.
    await new Promise((r) => setTimeout(r, 3000));
    const start = processStats(pid);
    const startedAt = performance.now();
    const beats = heartbeats;
    let peakMb = start.rssMb;
    while (performance.now() - startedAt < IDLE_SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 1000));
      peakMb = Math.max(peakMb, processStats(pid).rssMb);
    }
    const end = processStats(pid);
    await new Promise((r) => setTimeout(r, 500));
    const seconds = (performance.now() - startedAt) / 1000;
    report({
      scenario: `chat events: ${pollers.length} idle queues with waiting polls, ${IDLE_SECONDS} s`,
      rss_mb: end.rssMb,
      // The window starts 3 s after the last message round, whose garbage (answered polls)
      // the heap still holds until V8 collects it; the peak is usually there.
      rss_start_mb: start.rssMb,
      peak_rss_mb: peakMb,
      rss_after_register_mb: afterRegister.rssMb,
      cpu_percent: +((100 * (end.cpuSeconds - start.cpuSeconds)) / seconds).toFixed(2),
      heartbeats: heartbeats - beats,
      // All of the window's CPU (GC and timers included) over the polls answered in it.
      cpu_us_per_poll: Math.round((1e6 * (end.cpuSeconds - start.cpuSeconds)) / Math.max(1, heartbeats - beats)),
      target: "rss < 512 MB and cpu < 5%",
    });
    stopping = true;
    for (const client of clients) client.close();
    agent.destroy();
  } finally {
    await server.stop();
  }
}
