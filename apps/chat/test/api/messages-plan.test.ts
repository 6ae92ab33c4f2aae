// SQLite query plans of the history walk: a channel narrow follows the channel's own index
// even when the planner's statistics say the channel holds nearly every message. Left to
// itself, SQLite then walks the primary key backwards and steps over every message sent to
// any other channel since, so a busy channel next door slows the fetch down (bench/chat.ts).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Statement } from "better-sqlite3";
import type { Account, ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";

describe("GET /messages query plans (SQLite)", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    await createChannel(t, owner, "big", [owner]);
    await createChannel(t, owner, "busy", [owner]);
    // One channel holds nearly every message: what ANALYZE then records (STAT4 samples
    // included) makes walking the primary key look cheapest for it.
    for (let i = 0; i < 400; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => sendToChannel(t, owner, "big", `topic ${(i + j) % 2}`, `old ${i + j}`)));
    }
    for (let i = 0; i < 3; i++) await sendToChannel(t, owner, "busy", "chatter", `new ${i}`);
    t.deps.sqlite?.exec("analyze");
  });
  after(() => t.close());

  /** The plans of the statements on messages that serving `narrow` ran, with their parameters. */
  async function plansOf(narrow: unknown[]): Promise<string[]> {
    const sqlite = t.deps.sqlite!;
    const ran: { source: string; params: number[] }[] = [];
    const prepare = sqlite.prepare;
    sqlite.prepare = function (this: typeof sqlite, source: string) {
      const statement = prepare.call(this, source) as Statement;
      if (/from messages m\b/.test(source) && source.trimStart().startsWith("select")) {
        for (const method of ["all", "get", "iterate"] as const) {
          const run = statement[method] as (...params: unknown[]) => unknown;
          (statement as any)[method] = (...params: number[]) => (ran.push({ source, params }), run.apply(statement, params));
        }
      }
      return statement;
    } as typeof sqlite.prepare;
    try {
      const res = await fetchMessages(t, owner, narrow, { num_before: 3 });
      assert.equal(res.result, "success");
    } finally {
      sqlite.prepare = prepare;
    }
    // With STAT4 statistics the plan depends on the bound values: explain with the same ones.
    return ran.map(({ source, params }) => {
      const explain = prepare.call(sqlite, `explain query plan ${source}`) as Statement<number[], { detail: string }>;
      const rows = explain.all(...params);
      return rows.map((row) => row.detail).join("; ");
    });
  }

  it("walks a channel through its (stream_id, id) index", async (ctx) => {
    if (!t.deps.sqlite) return ctx.skip("SQLite only");
    const plans = await plansOf([{ operator: "channel", operand: "big" }]);
    assert.ok(plans.length > 0, "the walk prepared a statement");
    for (const plan of plans) assert.match(plan, /SEARCH m USING (COVERING )?INDEX messages_stream \(stream_id=\? AND id<\?\)/, plan);
  });

  it("walks a channel's topic through its (stream_id, topic_key, id) index", async (ctx) => {
    if (!t.deps.sqlite) return ctx.skip("SQLite only");
    const plans = await plansOf([{ operator: "channel", operand: "big" }, { operator: "topic", operand: "topic 1" }]);
    assert.ok(plans.length > 0, "the walk prepared a statement");
    for (const plan of plans) assert.match(plan, /SEARCH m USING (COVERING )?INDEX messages_stream_topic \(stream_id=\? AND topic_key=\? AND id<\?\)/, plan);
  });

  it("still answers the same messages", async () => {
    const topic = await fetchMessages(t, owner, [{ operator: "channel", operand: "big" }, { operator: "topic", operand: "topic 1" }], { num_before: 3 });
    const channel = await fetchMessages(t, owner, [{ operator: "channel", operand: "big" }], { num_before: 1000 });
    assert.equal(channel.messages.length, 400);
    const newestOfTopic = channel.messages.filter((m: any) => m.subject === "topic 1").slice(-3);
    assert.deepEqual(
      topic.messages.map((m: any) => [m.id, m.content]),
      newestOfTopic.map((m: any) => [m.id, m.content]),
    );
  });
});
