// The message retention policy: the worker deletes what each policy no longer keeps, at the
// instants the fake clock gives, and nothing else.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Account, ChatTest } from "../helpers.js";
import { RetentionWorker } from "../../src/workers/retention.js";
import { createChannel, fetchMessages, messagesTest, sendDirect, sendToChannel } from "./messages-support.js";

const DAY = 86_400_000;

describe("message retention", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let general: number;
  let weekly: number;
  let archive: number;
  /** The first test's message, ten years old by the third. */
  let ancient: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    general = await createChannel(t, owner, "general", [owner, alice]);
    weekly = await createChannel(t, owner, "weekly", [owner, alice]);
    archive = await createChannel(t, owner, "archive", [owner, alice]);
  });
  after(() => t.close());

  const ids = async (narrow: unknown[]) => ((await fetchMessages(t, alice, narrow)).messages as { id: number }[]).map((m) => m.id);
  /** An event queue of alice's for delete_message events (bulk form). */
  const openQueue = async (who: Account) => {
    const res = await t.call(who, "POST", "/register", { event_types: JSON.stringify(["delete_message"]), client_capabilities: JSON.stringify({ bulk_message_deletion: true }) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { queue_id } = res.body;
    return {
      events: async () => {
        const got = await t.call(who, "GET", "/events", { queue_id, last_event_id: -1, dont_block: "true" });
        return (got.body.events as Record<string, unknown>[]).filter((e) => e.type !== "heartbeat").map(({ id: _id, ...e }) => e);
      },
    };
  };
  const setChannelDays = async (id: number, days: number | string) => {
    const res = await t.call(owner, "PATCH", `/streams/${id}`, { message_retention_days: JSON.stringify(days) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };

  it("keeps everything while every policy is 'forever'", async () => {
    ancient = await sendToChannel(t, alice, general, "t", "from long ago");
    t.clock.advance(3650 * DAY);
    assert.equal(await new RetentionWorker(t.deps).runOnce(), 0);
    assert.deepEqual(await ids([{ operator: "channel", operand: general }]), [ancient]);
  });

  it("applies a channel's own policy under a realm that keeps forever, to the day", async () => {
    await setChannelDays(weekly, 7);
    const first = await sendToChannel(t, alice, weekly, "t", "one");
    t.clock.advance(DAY);
    const second = await sendToChannel(t, alice, weekly, "t", "two");
    t.clock.advance(6 * DAY);
    const worker = new RetentionWorker(t.deps);
    assert.equal(await worker.runOnce(), 0, "seven days old: kept (Zulip deletes what is older)");
    t.clock.advance(1);
    const queue = await openQueue(alice);
    assert.equal(await worker.runOnce(), 1);
    assert.deepEqual(await queue.events(), [{ type: "delete_message", message_ids: [first], message_type: "stream", stream_id: weekly, topic: "t" }]);
    assert.deepEqual(await ids([{ operator: "channel", operand: weekly }]), [second]);
    assert.equal((await t.call(alice, "GET", `/messages/${first}`)).status, 400);
    t.clock.advance(DAY);
    assert.equal(await worker.runOnce(), 1);
    assert.deepEqual(await ids([{ operator: "channel", operand: weekly }]), []);
  });

  it("applies the realm's policy to inheriting channels and direct messages, not to channels kept forever, in batches", async () => {
    await setChannelDays(archive, "unlimited");
    const res = await t.call(owner, "PATCH", "/realm", { message_retention_days: 30 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const kept = await sendToChannel(t, alice, archive, "t", "kept forever");
    const dms: number[] = [];
    for (let i = 0; i < 5; i++) dms.push(await sendDirect(t, alice, [owner], `dm ${i}`));
    const channelOld = await sendToChannel(t, alice, general, "t", "a month old");
    t.clock.advance(20 * DAY);
    const recent = await sendToChannel(t, alice, general, "t", "ten days old");
    const recentDm = await sendDirect(t, alice, [owner], "recent dm");
    t.clock.advance(10 * DAY + 1);

    // Batches of two: the channel's two old messages, then the five direct messages.
    const queue = await openQueue(owner);
    assert.equal(await new RetentionWorker(t.deps, { batchSize: 2 }).runOnce(), 1 + 1 + 5);
    const events = await queue.events();
    assert.deepEqual(
      events.filter((e) => e.message_type === "private").flatMap((e) => e.message_ids as number[]),
      dms,
      "the direct messages' events, one per batch of the conversation",
    );
    assert.deepEqual(events.filter((e) => e.message_type === "stream"), [{ type: "delete_message", message_ids: [ancient, channelOld], message_type: "stream", stream_id: general, topic: "t" }]);
    assert.deepEqual(await ids([{ operator: "channel", operand: general }]), [recent]);
    assert.deepEqual(await ids([{ operator: "channel", operand: archive }]), [kept]);
    assert.deepEqual(await ids([{ operator: "dm", operand: [owner.id] }]), [recentDm]);
    // The weekly channel keeps its own, shorter policy.
    assert.deepEqual(await ids([{ operator: "channel", operand: weekly }]), []);
  });

  it("leaves unread counts and search consistent with what remains", async () => {
    const state = (await t.call(alice, "POST", "/register", { fetch_event_types: JSON.stringify(["message", "update_message_flags"]) })).body;
    const unread = state.unread_msgs as { count: number; streams: { unread_message_ids: number[] }[]; pms: { unread_message_ids: number[] }[] };
    const listed = [...unread.streams.flatMap((s) => s.unread_message_ids), ...unread.pms.flatMap((p) => p.unread_message_ids)];
    const remaining = new Set([
      ...(await ids([{ operator: "channel", operand: general }])),
      ...(await ids([{ operator: "channel", operand: archive }])),
      ...(await ids([{ operator: "dm", operand: [owner.id] }])),
    ]);
    for (const id of listed) assert.ok(remaining.has(id), `unread ${id} was deleted`);
    assert.deepEqual(await ids([{ operator: "search", operand: "month" }]), []);
  });
});
