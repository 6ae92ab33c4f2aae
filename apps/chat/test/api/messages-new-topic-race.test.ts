// Several sends that open the same new topic at once: each may follow the topic for its
// sender (automatic follow on initiation), so the user topic write must not collide.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Account, ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest } from "./messages-support.js";

describe("POST /messages to a new topic, concurrently", () => {
  let t: ChatTest;
  let owner: Account;
  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    await createChannel(t, owner, "race", [owner]);
    // Follow every topic one starts, so each first send writes a user topic row.
    const res = await t.call(owner, "PATCH", "/settings", { automatically_follow_topics_policy: 1 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
  after(() => t.close());

  it("accepts every message and follows the topic once", async () => {
    const sends = Array.from({ length: 30 }, (_, i) => t.call(owner, "POST", "/messages", { type: "stream", to: "race", topic: "fresh", content: `m${i}` }));
    const results = await Promise.all(sends);
    for (const res of results) assert.equal(res.status, 200, JSON.stringify(res.body));
    const ids = results.map((r) => r.body.id);
    assert.equal(new Set(ids).size, 30);
    const fetched = await fetchMessages(t, owner, [{ operator: "channel", operand: "race" }, { operator: "topic", operand: "fresh" }]);
    assert.equal(fetched.messages.length, 30);
    const topics = await t.call(owner, "POST", "/user_topics", { stream_id: fetched.messages[0].stream_id, topic: "fresh", visibility_policy: 0 });
    assert.equal(topics.status, 200);
  });
});
