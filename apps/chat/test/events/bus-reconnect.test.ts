// A process that lost its bus connection (docs/scaling-chat.md): when it is back it expires the
// queues it holds (they may have missed events), so a polling client gets BAD_EVENT_QUEUE_ID and
// registers again instead of staying silently stale; what it published meanwhile is sent late
// rather than never. The connections are killed as an outage would: pg_terminate_backend on the
// LISTEN connection, CLIENT KILL on the Redis subscriber.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createConnection } from "node:net";
import pg from "pg";
import { createLogger } from "@beacon/platform";
import { FakeClock } from "@beacon/testing";
import { loadChatConfig } from "../../src/config.js";
import { EventSystem } from "../../src/events/system.js";
import { ClientDescriptor } from "../../src/events/client.js";
import { MAX_UNSENT, Unsent, decodeBusMessage, type EventBus } from "../../src/events/bus.js";
import { PostgresBus } from "../../src/events/bus-postgres.js";
import { RedisBus } from "../../src/events/bus-redis.js";
import { defaultCapabilities } from "../../src/routes/register-params.js";
import { chatTest, peerServer, type Account, type ChatTest } from "../helpers.js";

const log = createLogger("bus-test", "silent");
const PG = process.env.TEST_DATABASE_URL;
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: "127.0.0.1", port: 6379 }, () => {
    socket.end();
    resolve(true);
  });
  socket.on("error", () => resolve(false));
});

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`timed out waiting until ${what}`);
}

describe("the bus's send-later buffer", () => {
  it("keeps what is published while disconnected, in order, and a gap message past its limit", () => {
    const unsent = new Unsent();
    unsent.add("one");
    unsent.add("two");
    assert.deepEqual(unsent.take("a"), ["one", "two"]);
    assert.deepEqual(unsent.take("a"), []);
    for (let i = 0; i <= MAX_UNSENT; i++) unsent.add(String(i));
    const [only, ...rest] = unsent.take("a");
    assert.equal(rest.length, 0);
    assert.deepEqual(decodeBusMessage(only), { kind: "gap", origin: "a" });
  });
});

describe("a chat server whose PostgreSQL bus connection is killed", { skip: PG ? false : "needs PostgreSQL (npm run test:pg)" }, () => {
  let t: ChatTest;
  let peer: Awaited<ReturnType<typeof peerServer>>;
  let owner: Account;
  before(async () => {
    t = await chatTest();
    peer = await peerServer(t);
    owner = await t.realm();
    assert.equal((await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: JSON.stringify([{ name: "ops" }]) })).status, 200);
  });
  after(async () => {
    await peer.close();
    await t.close();
  });

  const kill = async (server: { deps: ChatTest["deps"] }) => {
    const bus = server.deps.events.bus as PostgresBus;
    const pid = bus.backendPid;
    assert.ok(pid, "the bus is connected");
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await admin.end();
    await until(() => bus.backendPid !== undefined && bus.backendPid !== pid, "the bus reconnects");
  };
  const send = (server: { call: ChatTest["call"] }, content: string) => server.call(owner, "POST", "/messages", { type: "stream", to: "ops", topic: "t", content });
  const register = async (server: { call: ChatTest["call"] }) => (await server.call(owner, "POST", "/register", { event_types: JSON.stringify(["message"]) })).body;

  it("answers a waiting poll, then BAD_EVENT_QUEUE_ID, and the re-registered queue receives again", async () => {
    const queue = await register(t);
    const poll = t.call(owner, "GET", "/events", { queue_id: queue.queue_id, last_event_id: queue.last_event_id });
    await kill(t);
    // A message sent through the other server meanwhile may have been missed: the queue is gone.
    assert.equal((await send(peer, "while t was deaf")).status, 200);
    const answered = await poll;
    assert.equal(answered.status, 200);
    const again = await t.call(owner, "GET", "/events", { queue_id: queue.queue_id, last_event_id: queue.last_event_id, dont_block: true });
    assert.deepEqual([again.status, again.body.code, again.body.queue_id], [400, "BAD_EVENT_QUEUE_ID", queue.queue_id]);

    const fresh = await register(t);
    assert.equal((await send(peer, "after the reconnect")).status, 200);
    await until(async () => {
      const res = await t.call(owner, "GET", "/events", { queue_id: fresh.queue_id, last_event_id: fresh.last_event_id, dont_block: true });
      return res.body.events?.some((e: any) => e.type === "message" && e.message.content === "after the reconnect");
    }, "the new queue receives a message sent through the other server");
  });

  it("sends what it published while disconnected once it is back", async () => {
    const queue = await register(peer);
    const bus = t.deps.events.bus as PostgresBus;
    const pid = bus.backendPid!;
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await admin.end();
    await until(() => bus.backendPid === undefined, "the bus notices the loss");
    assert.equal((await send(t, "sent while t's bus was down")).status, 200);
    await until(async () => {
      const res = await peer.call(owner, "GET", "/events", { queue_id: queue.queue_id, last_event_id: queue.last_event_id, dont_block: true });
      return res.body.events?.some((e: any) => e.type === "message" && e.message.content === "sent while t's bus was down");
    }, "the other server's queue receives it");
  });
});

function system(processId: string, bus: EventBus): EventSystem {
  const config = { ...loadChatConfig({}, {}), eventProcess: processId };
  return new EventSystem({ db: undefined as never, dialect: "sqlite", log, clock: new FakeClock(), config, bus });
}

function listen(events: EventSystem, userId: number): ClientDescriptor {
  const client = new ClientDescriptor({ queueId: `${events.processId}:q${userId}`, userId, realmId: 1, eventTypes: null, clientName: "test", applyMarkdown: true, clientGravatar: false, slimPresence: false, allPublicStreams: false, narrow: [], timeoutSecs: 600, capabilities: defaultCapabilities(), now: 0 });
  client.settle({ kind: "sqlite", seq: -1, maxMessageId: -1 });
  events.queues.add(client);
  return client;
}

describe("a process whose Redis subscriber is killed", { skip: redisUp ? false : "no Redis on 127.0.0.1:6379" }, () => {
  it("expires its queues when the subscriber is back, and then receives again", async () => {
    const channel = `beacon-reconnect-test-${process.pid}-${Date.now()}`;
    const a = system("a", new RedisBus(`redis://127.0.0.1:6379?channel=${channel}`, log));
    const b = system("b", new RedisBus(`redis://127.0.0.1:6379?channel=${channel}`, log));
    await Promise.all([a.start(), b.start()]);
    const { createClient } = await import("redis");
    const admin = createClient({ url: "redis://127.0.0.1:6379" });
    await admin.connect();
    try {
      const before = listen(b, 7);
      const list = String(await admin.sendCommand(["CLIENT", "LIST"]));
      // Only this test's subscribers (their names carry its channel); other clients are left alone.
      const ids = list.split("\n").filter((line) => line.includes(` name=beacon-sub-${channel} `)).map((line) => /(?:^| )id=(\d+)/.exec(line)![1]);
      assert.equal(ids.length, 2);
      for (const id of ids) await admin.sendCommand(["CLIENT", "KILL", "ID", id]);
      await until(() => b.queues.get(before.id) === undefined, "b expires the queue it held");
      const after = listen(b, 7);
      await until(async () => {
        a.emit([{ realmId: 1, users: [7], event: { type: "typing", op: "start" } }]);
        await new Promise((r) => setTimeout(r, 20));
        return after.queue.size > 0;
      }, "b receives again");
    } finally {
      await admin.quit();
      await Promise.all([a.close(), b.close()]);
    }
  });
});
