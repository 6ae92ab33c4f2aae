import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, messagesTest, sendDirect, sendToChannel } from "./messages-support.js";

describe("GET /messages/matches_narrow", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    await createChannel(t, owner, "general", [owner, alice, bob]);
  });
  after(() => t.close());

  const matches = (who: Account, ids: number[], narrow: unknown[]) => t.call(who, "GET", "/messages/matches_narrow", { msg_ids: ids, narrow });

  it("returns only the given messages that match, with their content and escaped topic", async () => {
    const a = await sendToChannel(t, alice, "general", "<b>plans</b>", "first");
    const b = await sendToChannel(t, alice, "general", "other", "second");
    const dm = await sendDirect(t, alice, [bob], "psst");
    const res = await matches(bob, [a, b, dm], [{ operator: "topic", operand: "<b>plans</b>" }]);
    assert.deepEqual(res.body, { result: "success", msg: "", messages: { [a]: { match_content: "<p>first</p>", match_subject: "&lt;b&gt;plans&lt;/b&gt;" } } });
    const dms = await matches(bob, [a, b, dm], [{ operator: "is", operand: "dm" }]);
    assert.deepEqual(dms.body.messages, { [dm]: { match_content: "<p>psst</p>", match_subject: "" } });
  });

  it("highlights search keywords in the content and the topic", async () => {
    const id = await sendToChannel(t, alice, "general", "deploy friday", "we deploy on friday");
    const res = await matches(bob, [id], [{ operator: "search", operand: "deploy" }]);
    assert.deepEqual(res.body.messages[id], { match_content: '<p>we <span class="highlight">deploy</span> on friday</p>', match_subject: '<span class="highlight">deploy</span> friday' });
  });

  it("leaves out messages the user never received", async () => {
    const id = await sendDirect(t, alice, [owner], "not for bob");
    assert.deepEqual((await matches(bob, [id], [])).body.messages, {});
  });

  it("requires both parameters and validates them", async () => {
    assert.deepEqual((await t.call(bob, "GET", "/messages/matches_narrow", { narrow: [] })).body, { result: "error", msg: "Missing 'msg_ids' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "msg_ids" });
    assert.deepEqual((await t.call(bob, "GET", "/messages/matches_narrow", { msg_ids: "[1, \"x\"]", narrow: [] })).body, badRequest("msg_ids[1] is not an integer"));
    assert.equal((await t.call(bob, "GET", "/messages/matches_narrow", { msg_ids: [1] })).body.code, "REQUEST_VARIABLE_MISSING");
  });

  it("refuses a NUL in a search operand with a 400", async () => {
    const res = await t.call(bob, "GET", "/messages/matches_narrow", { msg_ids: [1], narrow: [{ operator: "search", operand: "a\u0000" }] });
    assert.deepEqual([res.status, res.body], [400, badRequest("narrow must not contain null bytes")]);
  });
});
