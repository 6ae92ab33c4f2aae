// GET /messages writes its message array directly (present/message.ts messageJsonWriter,
// routes/message-loader.ts loadMessagesJson); these tests hold it to the bytes of the dict
// presenter (JSON.stringify of presentMessage with flags), both made from one field list, for a
// rich set of messages, on whichever database the suite runs.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Account, ChatTest } from "../helpers.js";
import { HISTORICAL_FLAGS } from "../../src/lib/message-flags.js";
import { getRealm, type Realm } from "../../src/store/realms.js";
import { dictMessagesByIds } from "../../src/store/sqlite-reads.js";
import { loadMessageDicts, loadMessagesJson } from "../../src/routes/message-loader.js";
import type { MessageViewOptions } from "../../src/present/message.js";
import { createChannel, fetchMessages, messagesTest, sendDirect, sendToChannel } from "./messages-support.js";

describe("GET /messages message JSON", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let realm: Realm;
  let ids: number[];

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice \"Al\" Ünïcødé", email: "alice@example.com" });
    bob = await t.user(owner, { name: "Bob </script> \\ Tab\t", email: "bob@example.com" });
    const carol = await t.user(owner, { name: "Carol 🌻", email: "carol@example.com" });
    await createChannel(t, owner, "general", [owner, alice, bob]);
    await createChannel(t, owner, "Ünïcødé \"quoted\" channel", [owner, alice]);
    ids = [];
    const send = async (id: Promise<number>) => ids.push(await id);
    await send(sendToChannel(t, alice, "general", "alpha", "plain **bold** `code` and a link https://example.com"));
    await send(sendToChannel(t, bob, "general", "Beta \"topic\" ✔", "quotes \" backslash \\ newline\nand tab\t, control \u0001 \u001f, emoji 😀, line sep \u2028"));
    await send(sendToChannel(t, alice, "general", "alpha", "/me waves"));
    await send(sendToChannel(t, alice, "general", "alpha", "@**Bob </script> \\ Tab\t** hello and @**all**"));
    await send(sendToChannel(t, owner, "Ünïcødé \"quoted\" channel", "üñí", "```\ncode block <b>\n```"));
    await send(sendToChannel(t, bob, "general", "edited", "first draft"));
    await send(sendToChannel(t, bob, "general", "to move", "moved later"));
    await send(sendDirect(t, alice, [bob], "just between us"));
    await send(sendDirect(t, alice, [bob, carol], "the three of us"));
    await send(sendDirect(t, alice, [alice], "note to self"));
    await send(sendDirect(t, bob, [alice], "> quoted reply"));
    const check = async (res: Promise<{ status: number; body: unknown }>) => assert.equal((await res).status, 200, JSON.stringify((await res).body));
    await check(t.call(bob, "POST", `/messages/${ids[0]}/reactions`, { emoji_name: "thumbs_up" }));
    await check(t.call(alice, "POST", `/messages/${ids[0]}/reactions`, { emoji_name: "thumbs_up" }));
    await check(t.call(alice, "POST", `/messages/${ids[0]}/reactions`, { emoji_name: "tada" }));
    await check(t.call(alice, "POST", `/messages/${ids[7]}/reactions`, { emoji_name: "heart" }));
    t.clock.advance(61_000);
    await check(t.call(bob, "PATCH", `/messages/${ids[5]}`, { content: "second draft" }));
    t.clock.advance(61_000);
    await check(t.call(bob, "PATCH", `/messages/${ids[6]}`, { topic: "moved here", propagate_mode: "change_one" }));
    await check(t.call(alice, "POST", "/messages/flags", { messages: [ids[1], ids[2]], op: "add", flag: "read" }));
    await check(t.call(alice, "POST", "/messages/flags", { messages: [ids[1], ids[7]], op: "add", flag: "starred" }));
    realm = (await getRealm(t.deps.db, owner.realmId))!;
  });
  after(() => t.close());

  const views: MessageViewOptions[] = [true, false].flatMap((applyMarkdown) =>
    [true, false].flatMap((clientGravatar) => [true, false].flatMap((allowEmptyTopicName) => (["all", "moves", "none", undefined] as const).map((editHistory) => ({ applyMarkdown, clientGravatar, allowEmptyTopicName, editHistory })))),
  );

  it("writes the generic presenter's bytes for every view and flag combination", async () => {
    const { db } = t.deps;
    // On SQLite the rows are read as arrays through the raw handle; that path must be the one tested.
    if (t.deps.dialect === "sqlite") assert.ok(dictMessagesByIds(db, ids, true));
    const flagValues = [0, 1, 2, 3, 8, 16, 32, 1 | 8 | 16, 1024, HISTORICAL_FLAGS, 4095, 1 << 12];
    const rows = ids.map((id, i) => ({ id, flags: flagValues[i % flagValues.length] }));
    // Unknown ids are skipped, as the generic loader does; order is the order of the rows.
    const shuffled = [rows[3], { id: 999_999, flags: 0 }, ...rows.slice(4), rows[0], rows[2], rows[1]];
    for (const view of views) {
      for (const list of [rows, shuffled, rows.slice(0, 1), []]) {
        const expected = JSON.stringify(await loadMessageDicts(db, realm, list, view));
        assert.equal(await loadMessagesJson(db, realm, list, view), expected, JSON.stringify(view));
      }
    }
    const withReactions = JSON.parse(await loadMessagesJson(db, realm, rows, views[0]));
    assert.equal(withReactions[0].reactions.length, 3);
    assert.ok(withReactions[5].last_edit_timestamp > 0);
    assert.ok(withReactions[6].last_moved_timestamp > 0);
    assert.equal(withReactions[2].is_me_message, true);
    assert.equal(withReactions[8].display_recipient.length, 3);
  });

  it("answers GET /messages with the generic presenter's bytes", async () => {
    const { db } = t.deps;
    const narrows: [Account, unknown[], Record<string, unknown>][] = [
      [alice, [], {}],
      [alice, [{ operator: "channel", operand: "general" }], { apply_markdown: false, client_gravatar: false }],
      [alice, [{ operator: "channel", operand: "general" }, { operator: "topic", operand: "alpha" }], { anchor: String(ids[2]), num_before: 1, num_after: 1 }],
      [alice, [{ operator: "is", operand: "dm" }], { allow_empty_topic_name: true }],
      [alice, [{ operator: "is", operand: "starred" }], {}],
      [bob, [{ operator: "channel", operand: "Ünïcødé \"quoted\" channel" }], {}],
      [alice, [], { message_ids: JSON.stringify([ids[0], ids[7], ids[9]]), anchor: undefined, num_before: undefined, num_after: undefined }],
      [alice, [], { unknown_parameter: "x" }],
    ];
    for (const [who, narrow, options] of narrows) {
      const params: Record<string, unknown> = { anchor: "newest", num_before: 100, num_after: 0, narrow, ...options };
      for (const key of Object.keys(params)) if (params[key] === undefined) delete params[key];
      const res = await t.app.inject({ url: `/api/v1/messages?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]))}`, headers: { host: who.host, authorization: `Basic ${Buffer.from(`${who.email}:${who.apiKey}`).toString("base64")}` } });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
      const body = JSON.parse(res.body);
      assert.ok(body.messages.length > 0, JSON.stringify(narrow));
      // The same body from the generic presenter: the page's messages as dicts, with the flags
      // the user has on them, serialized by JSON.stringify.
      const flags = new Map((await db.selectFrom("user_messages").select(["message_id", "flags"]).where("user_id", "=", who.id).execute()).map((r) => [r.message_id, r.flags]));
      const view = { applyMarkdown: options.apply_markdown !== false, clientGravatar: options.client_gravatar !== false, allowEmptyTopicName: options.allow_empty_topic_name === true, editHistory: "all" as const };
      const dicts = await loadMessageDicts(db, realm, body.messages.map((m: { id: number }) => ({ id: m.id, flags: flags.get(m.id) ?? HISTORICAL_FLAGS })), view);
      assert.equal(res.body, JSON.stringify({ ...body, messages: dicts }), JSON.stringify(narrow));
    }
    // The ignored parameter is still reported after the messages.
    const ignored = await fetchMessages(t, alice, [], { unknown_parameter: "x" });
    assert.deepEqual(ignored.ignored_parameters_unsupported, ["unknown_parameter"]);
  });
});
