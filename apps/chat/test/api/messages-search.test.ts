// Full-text search across writes: on SQLite a search's matches are remembered between requests
// (store/search-matches.ts); every answer must still follow sends, edits and deletions.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Account, ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";

describe("GET /messages search after sends, edits and deletions", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  const search = (operand: string, options: Record<string, unknown> = {}) =>
    fetchMessages(t, alice, [{ operator: "search", operand }], options).then((res) => res.messages.map((m: any) => m.id));

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice", email: "alice@example.com" });
    await createChannel(t, owner, "general", [owner, alice]);
    for (let i = 0; i < 6; i++) await sendToChannel(t, alice, "general", "plants", i % 2 ? `tulip number ${i}` : `orchid number ${i}`);
  });
  after(() => t.close());

  it("finds a message sent after the same search found nothing", async () => {
    assert.deepEqual(await search("tulip orchid"), []);
    const both = await sendToChannel(t, alice, "general", "plants", "a tulip beside an orchid");
    assert.deepEqual(await search("tulip orchid"), [both]);
    const again = await sendToChannel(t, alice, "general", "plants", "orchids and tulips");
    assert.deepEqual(await search("tulip orchid"), [both, again]);
    assert.deepEqual(await search("tulip orchid", { anchor: "oldest", num_before: 0, num_after: 1 }), [both]);
    assert.deepEqual(await search("tulip orchid", { anchor: String(again), num_before: 1, num_after: 0, include_anchor: false }), [both]);
  });

  it("follows edits of content and topic in both directions", async () => {
    const id = await sendToChannel(t, alice, "general", "plants", "nothing to see");
    assert.deepEqual(await search("daisy lily"), []);
    assert.equal((await t.call(alice, "PATCH", `/messages/${id}`, { content: "a daisy and a lily" })).status, 200);
    assert.deepEqual(await search("daisy lily"), [id]);
    assert.equal((await t.call(alice, "PATCH", `/messages/${id}`, { content: "only a lily" })).status, 200);
    assert.deepEqual(await search("daisy lily"), []);
    assert.equal((await t.call(alice, "PATCH", `/messages/${id}`, { topic: "daisy" })).status, 200);
    assert.deepEqual(await search("daisy lily"), [id]);
  });

  it("drops deleted messages and does not list them again", async () => {
    const id = await sendToChannel(t, alice, "general", "plants", "a rose and a violet");
    assert.deepEqual(await search("rose violet"), [id]);
    assert.equal((await t.call(owner, "DELETE", `/messages/${id}`)).status, 200);
    assert.deepEqual(await search("rose violet"), []);
    const next = await sendToChannel(t, alice, "general", "plants", "a violet, then a rose");
    assert.deepEqual(await search("rose violet"), [next]);
  });

  it("treats a term without letters or digits as its engine does and keeps phrases exact", async () => {
    const plain = await search("tulip");
    assert.ok(plain.length >= 3);
    // FTS5 drops a term with no token from the AND; PostgreSQL's empty tsquery matches nothing.
    assert.deepEqual(await search("tulip !!!"), t.deps.dialect === "sqlite" ? plain : []);
    const phrase = await sendToChannel(t, alice, "general", "plants", "tulip number nine");
    assert.deepEqual(await search('"tulip number" nine'), [phrase]);
    assert.deepEqual(await search('"number tulip" nine'), []);
  });
});
