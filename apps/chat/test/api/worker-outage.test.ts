// The chat's background workers through a database outage: while every query fails as a
// database that refuses connections does, the worker keeps ticking without a stack trace per
// tick (one line when it pauses, one when it resumes), and then delivers what fell due.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { memoryLogger } from "@beacon/testing";
import type { ChatDeps } from "../../src/deps.js";
import type { Account, ChatTest } from "../helpers.js";
import { ScheduledMessageWorker } from "../../src/workers/scheduled-messages.js";
import { createChannel, fetchMessages, messagesTest } from "./messages-support.js";

describe("the scheduled-message worker during a database outage", () => {
  let t: ChatTest;
  let alice: Account;
  let general: number;

  before(async () => {
    t = await messagesTest();
    const owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    general = await createChannel(t, owner, "general", [owner, alice]);
  });
  after(() => t.close());

  it("pauses with one log line, resumes by itself with another, and delivers the message due meanwhile once", async () => {
    const at = Math.floor(t.clock.now().getTime() / 1000) + 60;
    const res = await t.call(alice, "POST", "/scheduled_messages", { type: "stream", to: general, topic: "outage", content: "sent after the outage", scheduled_delivery_timestamp: at });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    t.clock.advance(60_000);

    let down = true;
    const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const db = t.deps.db.withPlugin({
      transformQuery: (args) => {
        if (down) throw refused();
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const { log, lines } = memoryLogger();
    const deps: ChatDeps = { ...t.deps, db, log };
    const worker = new ScheduledMessageWorker(deps, { intervalMs: 20 });
    worker.start();
    try {
      await sleep(300);
      down = false;
      const deadline = Date.now() + 10_000;
      while (!lines.some((l) => /resumed/.test(l.msg)) && Date.now() < deadline) await sleep(20);
      await sleep(100);
    } finally {
      await worker.stop();
    }
    assert.deepEqual(
      lines.map((l) => [l.level, l.msg.replace(/after [\d.]+ s/, "after N s")]),
      [
        [40, "scheduled message worker paused: The database is unavailable; try again shortly. (connect ECONNREFUSED 127.0.0.1:5432). It resumes by itself when the database answers again."],
        [30, "scheduled message worker resumed: the database answers again after N s"],
      ],
    );
    assert.ok(Number(lines[1].failedCycles) >= 3, `failed cycles: ${lines[1].failedCycles}`);
    const messages = (await fetchMessages(t, alice, [{ operator: "channel", operand: general }, { operator: "topic", operand: "outage" }])).messages;
    assert.equal(messages.length, 1, "delivered exactly once");
  });
});
