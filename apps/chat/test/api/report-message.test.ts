import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { setRealmMessageSettings } from "../../src/store/message-settings.js";
import { createChannel, fetchMessages, messagesTest, sendDirect, sendToChannel } from "./messages-support.js";

describe("POST /messages/{message_id}/report", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let general: number;
  let moderation: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    general = await createChannel(t, owner, "general", [owner, alice, bob]);
    moderation = await createChannel(t, owner, "moderation", [owner], { invite_only: true });
  });
  after(() => t.close());

  const report = (who: Account, id: number, params: Record<string, unknown>) => t.call(who, "POST", `/messages/${id}/report`, params);
  const reports = async () => (await fetchMessages(t, owner, [{ operator: "channel", operand: moderation }])).messages;
  const rawContent = async (id: number) => (await t.call(owner, "GET", `/messages/${id}`)).body.raw_content;

  it("refuses to report while the realm has no moderation request channel", async () => {
    const id = await sendToChannel(t, bob, "general", "t", "hello");
    const res = await report(alice, id, { report_type: "spam" });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, badRequest("Moderation request channel must be specified to enable message reporting."));
  });

  it("advertises the report types it accepts", async () => {
    const res = await t.call(alice, "POST", "/register", { fetch_event_types: ["realm"] });
    assert.deepEqual(
      res.body.server_report_message_types.map((r: any) => r.key),
      ["spam", "harassment", "inappropriate", "norms", "other"],
    );
  });

  it("posts a channel message report to the moderation channel as the Notification Bot", async () => {
    await setRealmMessageSettings(t.deps.db, owner.realmId, { moderation_request_channel_id: moderation });
    const id = await sendToChannel(t, bob, "general", "lunch", "you are all wrong");
    const res = await report(alice, id, { report_type: "harassment", description: "Rude." });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const [posted] = (await reports()).slice(-1);
    assert.equal(posted.sender_full_name, "Notification Bot");
    assert.equal(posted.subject, "Bob moderation");
    const when = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000).toISOString().replace(".000Z", "+00:00");
    assert.equal(
      await rawContent(posted.id),
      `@_**Alice|${alice.id}** reported a message sent by @_**Bob|${bob.id}** at <time:${when}>.\n\`\`\`quote\n**Harassment**. Rude.\n\`\`\`\n\n\`\`\` spoiler Original message at #**general>lunch@${id}**\nyou are all wrong\n\`\`\``,
    );
    void general;
  });

  it("names the participants of a reported direct message and fences around the quoted text", async () => {
    const id = await sendDirect(t, bob, [alice], "```\ncode\n```");
    assert.equal((await report(alice, id, { report_type: "spam" })).status, 200);
    const [posted] = (await reports()).slice(-1);
    const content = await rawContent(posted.id);
    assert.match(content, new RegExp(`^@_\\*\\*Alice\\|${alice.id}\\*\\* reported a direct message sent by @_\\*\\*Bob\\|${bob.id}\\*\\* at <time:`));
    assert.ok(content.includes("**Spam**. \n```"));
    assert.ok(content.includes("\n```` spoiler [Original message]("));
    assert.ok(content.endsWith("\n```\ncode\n```\n````"));
  });

  it("requires a description for `other` and checks the report type and message", async () => {
    const id = await sendToChannel(t, bob, "general", "t", "meh");
    assert.deepEqual((await report(alice, id, { report_type: "other" })).body, badRequest("An explanation is required."));
    assert.deepEqual((await report(alice, id, { report_type: "rude" })).body, badRequest("Invalid report_type"));
    assert.deepEqual((await report(alice, id, { report_type: "spam", description: "x".repeat(1001) })).body, badRequest("description is too long (limit: 1000 characters)"));
    assert.deepEqual((await report(alice, id, {})).body, { result: "error", msg: "Missing 'report_type' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "report_type" });
    assert.deepEqual((await report(alice, 999999, { report_type: "spam" })).body, badRequest("Invalid message(s)"));
    const secret = await sendToChannel(t, owner, "moderation", "private", "owners only");
    assert.deepEqual((await report(alice, secret, { report_type: "spam" })).body, badRequest("Invalid message(s)"));
    assert.equal((await report(alice, id, { report_type: "other", description: "Off topic." })).status, 200);
  });
});
