// A step of the wall clock (NTP, an operator's `date -s`) is not time passing: scheduled messages
// that fell due inside a forward step are sent, once, rather than failed as more than ten
// minutes late, and the worker says in its log what happened. Real lateness still fails them.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { memoryLogger, type LogLine } from "@beacon/testing";
import type { Account, ChatTest } from "../helpers.js";
import { scheduledMessageById } from "../../src/store/scheduled-messages.js";
import { SCHEDULED_LEASE_MS, ScheduledMessageWorker } from "../../src/workers/scheduled-messages.js";
import { createChannel, fetchMessages, messagesTest } from "./messages-support.js";

const MINUTE = 60_000;

describe("scheduled messages across a step of the wall clock", () => {
  let t: ChatTest;
  let alice: Account;
  let general: number;
  let logLines: LogLine[];
  let worker: ScheduledMessageWorker;

  before(async () => {
    t = await messagesTest();
    const owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    general = await createChannel(t, owner, "general", [owner, alice]);
    const { log, lines } = memoryLogger();
    logLines = lines;
    worker = new ScheduledMessageWorker({ ...t.deps, log });
  });
  after(() => t.close());

  const schedule = async (topic: string, inMs: number) => {
    const at = Math.floor((t.clock.now().getTime() + inMs) / 1000);
    const res = await t.call(alice, "POST", "/scheduled_messages", { type: "stream", to: general, topic, content: `for ${topic}`, scheduled_delivery_timestamp: at });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.scheduled_message_id as number;
  };
  const topicMessages = async (topic: string) => (await fetchMessages(t, alice, [{ operator: "channel", operand: general }, { operator: "topic", operand: topic }])).messages;

  it("delivers exactly once every message that fell due during a 15-minute forward jump", async () => {
    const ids = [await schedule("jump 1", 1 * MINUTE), await schedule("jump 5", 5 * MINUTE), await schedule("jump 14", 14 * MINUTE)];
    assert.deepEqual(await worker.runOnce(), [], "nothing is due yet");
    t.clock.jump(15 * MINUTE);
    assert.deepEqual(await worker.runOnce(), ["delivered", "delivered", "delivered"]);
    t.clock.advance(SCHEDULED_LEASE_MS + 1000);
    assert.deepEqual(await worker.runOnce(), [], "nothing is sent twice");
    for (const topic of ["jump 1", "jump 5", "jump 14"]) assert.equal((await topicMessages(topic)).length, 1, topic);
    for (const id of ids) assert.deepEqual([(await scheduledMessageById(t.deps.db, id))?.delivered, (await scheduledMessageById(t.deps.db, id))?.failed], [1, 0]);

    const jump = logLines.find((line) => /jumped forward/.test(line.msg));
    assert.ok(jump, JSON.stringify(logLines));
    assert.equal(jump.level, 40, "a warning");
    assert.match(jump.msg, /^scheduled message worker: the wall clock jumped forward by 15 min 0 s .*; messages and reminders due in the skipped span are sent now, not failed as late$/);
  });

  it("still fails a message that really is more than ten minutes late, as Zulip does", async () => {
    const id = await schedule("really late", 1 * MINUTE);
    await worker.runOnce();
    // Time passing (the worker was stopped), not a step of the clock.
    t.clock.advance(15 * MINUTE);
    assert.deepEqual(await worker.runOnce(), ["failed"]);
    const row = await scheduledMessageById(t.deps.db, id);
    assert.equal(row?.failure_message, "Message could not be sent at the scheduled time.");
    assert.equal((await topicMessages("really late")).length, 0);
  });
});
