// Message rows read for GET /messages are kept in memory on SQLite (store/sqlite-reads.ts
// MessageRowCache) and dropped whenever a messages row is updated or deleted (triggers of
// migration 019). Every change a reader can see must show on the next fetch, on both databases.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import type { Account, ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";

describe("GET /messages after messages change", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  const channel = [{ operator: "channel", operand: "cached" }];

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    await createChannel(t, owner, "cached", [owner, alice]);
  });
  after(() => t.close());

  const byId = async (id: number, options: Record<string, unknown> = {}) =>
    (await fetchMessages(t, owner, channel, options)).messages.find((m: any) => m.id === id);

  it("shows an edit of the content, rendered and raw", async () => {
    const id = await sendToChannel(t, alice, "cached", "edits", "first *draft*");
    assert.equal((await byId(id)).content, "<p>first <em>draft</em></p>");
    assert.equal((await byId(id, { apply_markdown: false })).content, "first *draft*");
    const res = await t.call(alice, "PATCH", `/messages/${id}`, { content: "second **draft**" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const edited = await byId(id);
    assert.equal(edited.content, "<p>second <strong>draft</strong></p>");
    assert.equal(typeof edited.last_edit_timestamp, "number");
    assert.equal((await byId(id, { apply_markdown: false })).content, "second **draft**");
  });

  it("shows a topic move and a deletion", async () => {
    const moved = await sendToChannel(t, alice, "cached", "before", "moving");
    const deleted = await sendToChannel(t, alice, "cached", "before", "going away");
    assert.equal((await byId(moved)).subject, "before");
    assert.ok(await byId(deleted));
    assert.equal((await t.call(alice, "PATCH", `/messages/${moved}`, { topic: "after", propagate_mode: "change_one" })).status, 200);
    assert.equal((await t.call(owner, "DELETE", `/messages/${deleted}`)).status, 200);
    assert.equal((await byId(moved)).subject, "after");
    assert.equal(await byId(deleted), undefined);
  });

  it("shows a change made outside the server's actions (by hand, another process)", async () => {
    const id = await sendToChannel(t, alice, "cached", "by hand", "original");
    assert.equal((await byId(id)).content, "<p>original</p>");
    await sql`update messages set rendered_content = ${"<p>patched by hand</p>"} where id = ${id}`.execute(t.deps.db);
    assert.equal((await byId(id)).content, "<p>patched by hand</p>");
  });

  it("serves rows from memory on SQLite: only the triggers tell it a row changed", async (ctx) => {
    const sqlite = t.deps.sqlite;
    if (!sqlite) return ctx.skip("SQLite only");
    const id = await sendToChannel(t, alice, "cached", "memory", "kept");
    assert.equal((await byId(id)).content, "<p>kept</p>");
    const triggers = sqlite.prepare("select sql from sqlite_schema where type = 'trigger' and name like 'messages_row_version_%'").pluck().all() as string[];
    assert.equal(triggers.length, 2);
    sqlite.exec("drop trigger messages_row_version_update");
    try {
      sqlite.prepare("update messages set rendered_content = '<p>unseen</p>' where id = ?").run(id);
      assert.equal((await byId(id)).content, "<p>kept</p>", "the cached row was served");
    } finally {
      sqlite.exec(triggers.find((s) => s.includes("messages_row_version_update"))!);
    }
    sqlite.prepare("update messages set rendered_content = '<p>seen</p>' where id = ?").run(id);
    assert.equal((await byId(id)).content, "<p>seen</p>");
  });
});
