// Two chat servers on one PostgreSQL database and its event bus: a reaction made on one right
// after a message sent on the other reaches every queue after the message, on either server,
// as Zulip's clients need (they drop a reaction to a message they do not know).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, peerServer, type Account, type ChatTest } from "../helpers.js";

const SKIP = process.env.TEST_DATABASE_URL ? false : "needs PostgreSQL: two processes share a database and a bus only there";
const ROUNDS = 20;

describe("event order across two processes on the PostgreSQL bus", { skip: SKIP }, () => {
  let a: ChatTest;
  let b: Awaited<ReturnType<typeof peerServer>>;
  let owner: Account;
  let mia: Account;

  before(async () => {
    a = await chatTest({ poolSize: 4 });
    b = await peerServer(a);
    owner = await a.realm();
    mia = await a.user(owner, { name: "Mia" });
    const created = await a.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id] });
    assert.equal(created.status, 200, JSON.stringify(created.body));
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  type Server = Pick<ChatTest, "call" | "deps">;
  const register = async (server: Server, who: Account) => {
    const res = await server.call(who, "POST", "/register", { fetch_event_types: [], event_types: ["message", "reaction", "update_message"] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { server, who, id: res.body.queue_id as string, last: res.body.last_event_id as number, events: [] as any[] };
  };
  type Queue = Awaited<ReturnType<typeof register>>;

  const drain = async (queue: Queue) => {
    await queue.server.deps.events.flush();
    const res = await queue.server.call(queue.who, "GET", "/events", { queue_id: queue.id, last_event_id: queue.last, dont_block: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const event of res.body.events) {
      queue.events.push(event);
      queue.last = event.id;
    }
  };

  /** The id of the message with this content, once its sending transaction has committed. */
  const committed = async (content: string): Promise<number> => {
    for (;;) {
      const row = await b.deps.db.selectFrom("messages").select("id").where("content", "=", content).executeTakeFirst();
      if (row) return row.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  /** The message id each event is about, in queue order. */
  const order = (queue: Queue) => queue.events.map((e) => `${e.type}:${e.type === "message" ? e.message.id : e.message_id}`);

  /**
   * Sends `rounds` messages on A, each reacted to and edited on B as soon as it is committed, and
   * checks every queue got every event once, each message before the reaction and the edit.
   */
  const race = async (rounds: number) => {
    const queues = [await register(a, owner), await register(b, owner), await register(a, mia), await register(b, mia)];
    const expected: string[] = [];
    for (let round = 0; round < rounds; round++) {
      // React as soon as the message is committed, as a client that fetched it would, without
      // waiting for the send's answer.
      const content = `round ${round} of ${rounds}`;
      const sending = a.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "race", content });
      const id = await committed(content);
      const reacted = await b.call(mia, "POST", `/messages/${id}/reactions`, { emoji_name: "tada" });
      assert.equal(reacted.status, 200, JSON.stringify(reacted.body));
      const edited = await b.call(owner, "PATCH", `/messages/${id}`, { content: `${content}, edited` });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      const sent = await sending;
      assert.deepEqual([sent.status, sent.body.id], [200, id]);
      expected.push(`message:${id}`, `reaction:${id}`, `update_message:${id}`);
    }
    // Everything published on either process has crossed the bus once both are idle twice.
    for (let settle = 0; settle < 10 && queues.some((q) => q.events.length < expected.length); settle++) {
      for (const queue of queues) await drain(queue);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Every event once, and each message before the reaction and the edit made to it. Events of
    // unrelated actions on the two processes (an edit of one message there, the next message
    // sent here) may reach a queue in either order, as two clients' actions may.
    for (const queue of queues) {
      const where = `${queue.who.id} on ${queue.server === a ? "A" : "B"}`;
      const seen = order(queue);
      assert.deepEqual([...seen].sort(), [...expected].sort(), where);
      for (const id of new Set(expected.map((e) => e.split(":")[1]))) {
        assert.deepEqual(seen.filter((e) => e.endsWith(`:${id}`)), [`message:${id}`, `reaction:${id}`, `update_message:${id}`], `${where}, message ${id}`);
      }
    }
  };

  it("delivers a message before a reaction or an edit made on the other process right after it", async () => {
    await race(ROUNDS);
  });

  it("does so even when the sending process publishes late after its commits", async () => {
    // What A publishes after a commit leaves 30 ms late (a busy bus connection, a process
    // paused): the message's event left with its commit, inside the send's transaction.
    const bus = a.deps.events.bus;
    const publish = bus.publish.bind(bus);
    bus.publish = (message) => void setTimeout(() => publish(message), 30);
    try {
      await race(5);
    } finally {
      bus.publish = publish;
    }
  });
});
