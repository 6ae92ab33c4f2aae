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

  it("finds a message written below the highest id, and a plain send leaves the counter alone (SQLite)", async (ctx) => {
    const sqlite = t.deps.sqlite;
    if (!sqlite) return ctx.skip("SQLite only: PostgreSQL remembers no matches");
    const version = () => (sqlite.prepare("select version from message_search_version where id = 1").get() as { version: number }).version;
    const gap = await sendToChannel(t, alice, "general", "plants", "soon gone");
    const before = version();
    const top = await sendToChannel(t, alice, "general", "plants", "the newest message");
    assert.equal(version(), before, "a message above every other extends remembered lists without resetting them");
    // Free an id below the newest, remember an empty search, then write a row there by hand
    // (as an import with explicit ids would): only the insert trigger can tell the cache.
    sqlite.prepare("delete from user_messages where message_id = ?").run(gap);
    sqlite.prepare("delete from messages_fts where rowid = ?").run(gap);
    sqlite.prepare("delete from messages where id = ?").run(gap);
    assert.deepEqual(await search("magnolia"), []);
    sqlite
      .prepare(
        `insert into messages (id, realm_id, sender_id, recipient_id, stream_id, topic, topic_key, content, rendered_content, client, date_sent)
         select ?, realm_id, sender_id, recipient_id, stream_id, topic, topic_key, 'a magnolia', '<p>a magnolia</p>', client, date_sent from messages where id = ?`,
      )
      .run(gap, top);
    sqlite.prepare("insert into messages_fts (rowid, topic, content) values (?, 'plants', 'a magnolia')").run(gap);
    sqlite.prepare("insert into user_messages (user_id, message_id, flags) select user_id, ?, flags from user_messages where message_id = ?").run(gap, top);
    assert.ok(version() > before);
    assert.deepEqual(await search("magnolia"), [gap]);
  });

  it("refuses a NUL in a search operand with a 400", async () => {
    const res = await t.call(alice, "GET", "/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow: [{ operator: "search", operand: "tulip\u0000" }] });
    assert.deepEqual([res.status, res.body], [400, { result: "error", msg: "narrow must not contain null bytes", code: "BAD_REQUEST" }]);
  });
});
