// The buses on their own: a notice published by one event system reaches the queues another
// one holds, in order, small or large; a process ignores its own notices.
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createConnection } from "node:net";
import { createLogger } from "@beacon/platform";
import { FakeClock, freshDatabaseUrl } from "@beacon/testing";
import { loadChatConfig } from "../../src/config.js";
import { EventSystem } from "../../src/events/system.js";
import { ClientDescriptor } from "../../src/events/client.js";
import { decodeBusMessage, encodeBusMessage, type EventBus } from "../../src/events/bus.js";
import { RedisBus } from "../../src/events/bus-redis.js";
import { PostgresBus } from "../../src/events/bus-postgres.js";
import { defaultCapabilities } from "../../src/routes/register-params.js";
import { migrateChat } from "../../src/migrations/index.js";
import { openDatabase } from "@beacon/platform";
import type { ChatDatabase } from "../../src/store/schema.js";

const log = createLogger("bus-test", "silent");

const redisUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: "127.0.0.1", port: 6379 }, () => {
    socket.end();
    resolve(true);
  });
  socket.on("error", () => resolve(false));
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

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

async function roundTrip(makeBus: () => EventBus): Promise<void> {
  const a = system("a", makeBus());
  const b = system("b", makeBus());
  await Promise.all([a.start(), b.start()]);
  try {
    const onA = listen(a, 7);
    const onB = listen(b, 7);
    const big = "y".repeat(20_000);
    a.emit([{ realmId: 1, users: [7], event: { type: "typing", op: "start" } }]);
    a.emit([{ realmId: 1, users: [7], event: { type: "alert_words", alert_words: [big] } }]);
    a.emit([{ realmId: 1, users: [{ id: 7, flags: ["read"] }, { id: 8, flags: [] }], event: { type: "update_message", message_id: 1 } }]);
    await until(() => onB.queue.size === 3);
    assert.deepEqual(onB.queue.contents().map((e) => [e.id, e.type]), [
      [0, "typing"],
      [1, "alert_words"],
      [2, "update_message"],
    ]);
    assert.equal((onB.queue.contents()[1].alert_words as string[])[0].length, 20_000);
    assert.deepEqual(onB.queue.contents()[2].flags, ["read"]);
    // The publisher delivered to its own queue directly, once.
    assert.equal(onA.queue.size, 3);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}

describe("event buses", () => {
  it("packs recipients with flags by flag set on the wire", () => {
    const message = { kind: "notice" as const, origin: "a", notice: { realmId: 1, event: { type: "message" }, users: [{ id: 1, flags: ["read"] }, { id: 2, flags: [] }, { id: 3, flags: [] }] } };
    const wire = encodeBusMessage(message);
    assert.match(wire, /"groups":\[\[\["read"\],\[1\]\],\[\[\],\[2,3\]\]\]/);
    assert.deepEqual(decodeBusMessage(wire), message);
  });

  it("carries notices between processes over Redis", { skip: redisUp ? false : "no Redis on 127.0.0.1:6379" }, async () => {
    const channel = `beacon-bus-test-${process.pid}-${Date.now()}`;
    await roundTrip(() => new RedisBus(`redis://127.0.0.1:6379?channel=${channel}`, log));
  });

  describe("PostgreSQL LISTEN/NOTIFY", { skip: process.env.TEST_DATABASE_URL ? false : "needs PostgreSQL (npm run test:pg)" }, () => {
    let release: () => Promise<void> = async () => {};
    after(() => release());

    it("carries notices between processes, large ones through chat_event_bus", async () => {
      const testDb = await freshDatabaseUrl();
      release = testDb.release;
      const database = openDatabase<ChatDatabase>(testDb.url, { poolSize: 1 });
      await migrateChat(database.db, database.dialect);
      await database.close();
      await roundTrip(() => new PostgresBus(testDb.url, log));
    });
  });
});
