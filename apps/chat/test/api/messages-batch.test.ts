// Group commit of sends on SQLite (actions/message-queue.ts): sends that arrive together are
// written in one transaction, and each is answered only after that transaction commits. The
// first test also runs on PostgreSQL, where every send is its own transaction.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Account, ChatTest } from "../helpers.js";
import { SqliteMessageQueue, useMessageQueue } from "../../src/actions/message-queue.js";
import { SqliteMessageStore } from "../../src/store/sqlite-messages.js";
import type { MessageWrite } from "../../src/store/message-write.js";
import { createChannel, fetchMessages, messagesTest } from "./messages-support.js";

describe("POST /messages, group commit", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    await createChannel(t, owner, "batch", [owner, alice, bob]);
  });
  after(() => t.close());

  const send = (who: Account, content: string, topic = "together") => t.call(who, "POST", "/messages", { type: "stream", to: "batch", topic, content });

  /** A queue over the real store that records every transaction and every write. */
  function recordingQueue(fail?: (content: string) => boolean) {
    const store = new SqliteMessageStore(t.deps.sqlite!);
    const log = { transactions: 0, writes: [] as { content: string; id: number }[] };
    useMessageQueue(
      t.deps,
      new SqliteMessageQueue(t.deps, {
        transaction<T>(work: () => T): T {
          log.transactions++;
          return store.transaction(work);
        },
        write(write: MessageWrite) {
          if (fail?.(write.message.content)) throw new Error("refused by the test");
          const written = store.write(write);
          log.writes.push({ content: write.message.content, id: written.id });
          return written;
        },
      }),
    );
    return log;
  }

  it("gives concurrent sends distinct increasing ids, every message fetchable with every recipient's flags", async () => {
    const contents = Array.from({ length: 40 }, (_, i) => `concurrent ${i}`);
    const responses = await Promise.all(contents.map((content, i) => send(i % 2 ? alice : bob, content, `topic ${i % 3}`)));
    for (const res of responses) assert.equal(res.status, 200, JSON.stringify(res.body));
    const ids = responses.map((r) => r.body.id as number);
    assert.equal(new Set(ids).size, ids.length);

    const got = await fetchMessages(t, owner, [{ operator: "channel", operand: "batch" }]);
    const byId = new Map(got.messages.map((m: any) => [m.id, m]));
    contents.forEach((content, i) => {
      const message: any = byId.get(ids[i]);
      assert.ok(message, `message ${ids[i]} is fetchable`);
      assert.equal(message.content, `<p>${content}</p>`);
      assert.equal(message.subject, `topic ${i % 3}`);
      assert.deepEqual(message.flags, []);
    });
  });

  it("writes sends that arrive together in one transaction, ids in the order they were queued", async (ctx) => {
    if (!t.deps.sqlite) return ctx.skip("SQLite only");
    const log = recordingQueue();
    try {
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => send(alice, `ordered ${i}`)));
      for (const res of responses) assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.ok(log.transactions < 20, `${log.transactions} transactions for 20 sends`);
      const written = log.writes.map((w) => w.id);
      assert.deepEqual(written, [...written].sort((a, b) => a - b));
      responses.forEach((res, i) => assert.equal(log.writes.find((w) => w.id === res.body.id)?.content, `ordered ${i}`));
    } finally {
      useMessageQueue(t.deps, new SqliteMessageQueue(t.deps, new SqliteMessageStore(t.deps.sqlite)));
    }
  });

  it("keeps the other messages of a batch when one of them fails", async (ctx) => {
    if (!t.deps.sqlite) return ctx.skip("SQLite only");
    recordingQueue((content) => content === "poison");
    try {
      const contents = ["before 1", "before 2", "poison", "after 1", "after 2"];
      const responses = await Promise.all(contents.map((content) => send(bob, content, "poisoned")));
      assert.deepEqual(
        responses.map((r) => r.status),
        [200, 200, 500, 200, 200],
      );
      assert.deepEqual(responses[2].body, { result: "error", msg: "Internal server error", code: "BAD_REQUEST" });
      const got = await fetchMessages(t, owner, [{ operator: "channel", operand: "batch" }, { operator: "topic", operand: "poisoned" }]);
      assert.deepEqual(
        got.messages.map((m: any) => m.content),
        ["<p>before 1</p>", "<p>before 2</p>", "<p>after 1</p>", "<p>after 2</p>"],
      );
      assert.deepEqual(
        got.messages.map((m: any) => m.id),
        [0, 1, 3, 4].map((i) => responses[i].body.id),
      );
    } finally {
      useMessageQueue(t.deps, new SqliteMessageQueue(t.deps, new SqliteMessageStore(t.deps.sqlite)));
    }
  });

  it("answers errors, never ids, when the batch cannot commit, and stores none of it", async (ctx) => {
    if (!t.deps.sqlite) return ctx.skip("SQLite only");
    const store = new SqliteMessageStore(t.deps.sqlite);
    let attempts = 0;
    useMessageQueue(
      t.deps,
      new SqliteMessageQueue(t.deps, {
        // The writes succeed; the transaction then fails as a failed COMMIT would (rolled back).
        transaction<T>(work: () => T): T {
          attempts++;
          return store.transaction(() => {
            work();
            throw new Error("disk I/O error");
          });
        },
        write: (write) => store.write(write),
      }),
    );
    try {
      const responses = await Promise.all(["lost 1", "lost 2", "lost 3"].map((content) => send(alice, content, "never")));
      assert.deepEqual(
        responses.map((r) => [r.status, r.body.id]),
        [
          [500, undefined],
          [500, undefined],
          [500, undefined],
        ],
      );
      assert.equal(attempts, 4, "one batch, then each message alone");
      const got = await fetchMessages(t, owner, [{ operator: "channel", operand: "batch" }, { operator: "topic", operand: "never" }]);
      assert.deepEqual(got.messages, []);
    } finally {
      useMessageQueue(t.deps, new SqliteMessageQueue(t.deps, store));
    }
  });

  it("publishes one message event per send after its commit, in id order on SQLite", async () => {
    // The topic exists first: on PostgreSQL, concurrent first sends to a new topic race on the
    // sender's automatic follow (user_topics), which is not what this test is about.
    await send(owner, "event opener", "events");
    await t.deps.events.flush();
    const seen: number[] = [];
    const untap = t.deps.events.tap((notice) => {
      if (notice.event.type === "message") seen.push((notice.event.message as { id: number }).id);
    });
    try {
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => send(owner, `event ${i}`, "events")));
      await t.deps.events.flush();
      for (const res of responses) assert.equal(res.status, 200, JSON.stringify(res.body));
      const ids = responses.map((r) => r.body.id as number);
      const byId = (a: number, b: number) => a - b;
      // On PostgreSQL concurrent transactions may commit out of id order; on SQLite they cannot.
      assert.deepEqual(t.deps.sqlite ? seen : [...seen].sort(byId), [...ids].sort(byId));
    } finally {
      untap();
    }
  });

  it("merges the full-text index between batches, never inside them, and search still finds every message", async (ctx) => {
    if (!t.deps.sqlite) return ctx.skip("SQLite only");
    const sqlite = t.deps.sqlite;
    const automerge = sqlite.prepare("select v from messages_fts_config where k = 'automerge'").pluck().get();
    assert.equal(automerge, 0, "FTS5 automerge is off");
    const segments = () => sqlite.prepare("select count(distinct segid) from messages_fts_idx").pluck().get() as number;
    // One send at a time: each is a batch of its own and adds a segment.
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await send(alice, `needle haystack ${i}`, "merging");
      assert.equal(res.status, 200);
      ids.push(res.body.id);
    }
    for (let i = 0; i < 500 && segments() > 4; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.ok(segments() <= 4, `${segments()} segments left after idling`);
    const found = await fetchMessages(t, owner, [{ operator: "search", operand: "needle" }], { num_before: 100 });
    assert.deepEqual(
      found.messages.map((m: any) => m.id),
      ids,
    );
  });
});
