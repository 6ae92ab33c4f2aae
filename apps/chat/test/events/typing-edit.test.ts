// POST /messages/{message_id}/typing and its typing_edit_message events.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture } from "./support.js";

describe("POST /messages/{message_id}/typing", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let cap: Capture;
  let general: number;

  const send = async (who: Account, params: Record<string, unknown>): Promise<number> => {
    const res = await t.call(who, "POST", "/messages", params);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.id;
  };

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    general = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id] })).body.id;
    cap = capture(t);
  });
  after(() => t.close());

  it("tells a channel's subscribers that the sender is editing, on every queue that asked for the event", async () => {
    const id = await send(owner, { type: "stream", to: general, topic: "lunch", content: "pizza?" });
    const plain = await registerQueue(t, mia);
    const typingOnly = await registerQueue(t, mia, { event_types: ["typing_edit_message"] });
    const other = await registerQueue(t, mia, { event_types: ["typing"] });
    await t.deps.events.flush();
    cap.clear();
    const res = await t.call(owner, "POST", `/messages/${id}/typing`, { op: "start" });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const expected = { type: "typing_edit_message", op: "start", sender_id: owner.id, message_id: id, recipient: { type: "channel", channel_id: general, topic: "lunch" } };
    assert.deepEqual(withoutIds(await nextEvents(t, mia, plain)), [expected]);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, typingOnly)), [expected]);
    assert.deepEqual(await nextEvents(t, mia, other), []);
    assert.deepEqual(recipients(cap.of("typing_edit_message")[0]), [owner.id, mia.id]);
  });

  it("tells a direct message's participants, the editor first, and skips those who turned typing notifications off", async () => {
    const id = await send(mia, { type: "direct", to: [owner.id], content: "hi" });
    const queue = await registerQueue(t, owner);
    await t.deps.events.flush();
    cap.clear();
    assert.equal((await t.call(mia, "POST", `/messages/${id}/typing`, { op: "stop" })).status, 200);
    const expected = { type: "typing_edit_message", op: "stop", sender_id: mia.id, message_id: id, recipient: { type: "direct", user_ids: [mia.id, owner.id] } };
    assert.deepEqual(withoutIds(await nextEvents(t, owner, queue)), [expected]);
    assert.deepEqual(recipients(cap.notices[0]), [owner.id, mia.id]);

    const group = await send(mia, { type: "direct", to: [owner.id, noah.id], content: "all of us" });
    assert.equal((await t.call(noah, "PATCH", "/settings", { receives_typing_notifications: false })).status, 200);
    await t.deps.events.flush();
    cap.clear();
    assert.equal((await t.call(mia, "POST", `/messages/${group}/typing`, { op: "start" })).status, 200);
    const sorted = [owner.id, mia.id].sort((a, b) => a - b);
    assert.deepEqual(cap.of("typing_edit_message")[0].event.recipient, { type: "direct", user_ids: sorted });
    assert.deepEqual(recipients(cap.notices[0]), sorted);
  });

  it("sends one event to the user editing a message to themself", async () => {
    const id = await send(noah, { type: "direct", to: [noah.id], content: "note to self" });
    assert.equal((await t.call(noah, "PATCH", "/settings", { receives_typing_notifications: true })).status, 200);
    const queue = await registerQueue(t, noah);
    assert.equal((await t.call(noah, "POST", `/messages/${id}/typing`, { op: "start" })).status, 200);
    const events = await nextEvents(t, noah, queue);
    assert.deepEqual(withoutIds(events), [{ type: "typing_edit_message", op: "start", sender_id: noah.id, message_id: id, recipient: { type: "direct", user_ids: [noah.id, noah.id] } }]);
  });

  it("refuses what the editor could not save, with Zulip's messages", async () => {
    const id = await send(owner, { type: "stream", to: general, topic: "lunch", content: "mine" });
    assert.deepEqual((await t.call(owner, "POST", `/messages/${id}/typing`, {})).body, { result: "error", msg: "Missing 'op' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "op" });
    assert.deepEqual((await t.call(owner, "POST", `/messages/${id}/typing`, { op: "go" })).body, badRequest("Invalid op"));
    assert.deepEqual((await t.call(owner, "POST", "/messages/999999/typing", { op: "start" })).body, badRequest("Invalid message(s)"));
    assert.deepEqual((await t.call(mia, "POST", `/messages/${id}/typing`, { op: "start" })).body, badRequest("You don't have permission to edit this message"));
    const secret = (await t.call(owner, "POST", "/channels/create", { name: "secret", subscribers: [owner.id], invite_only: true })).body.id;
    const hidden = await send(owner, { type: "stream", to: secret, topic: "x", content: "hidden" });
    assert.deepEqual((await t.call(noah, "POST", `/messages/${hidden}/typing`, { op: "start" })).body, badRequest("Invalid message(s)"));

    assert.equal((await t.call(owner, "PATCH", "/settings", { send_stream_typing_notifications: false })).status, 200);
    assert.deepEqual((await t.call(owner, "POST", `/messages/${id}/typing`, { op: "start" })).body, badRequest("User has disabled typing notifications for channel messages"));
    const dm = await send(owner, { type: "direct", to: [mia.id], content: "psst" });
    assert.equal((await t.call(owner, "PATCH", "/settings", { send_private_typing_notifications: false })).status, 200);
    assert.deepEqual((await t.call(owner, "POST", `/messages/${dm}/typing`, { op: "start" })).body, badRequest("User has disabled typing notifications for direct messages"));
  });

  it("stops at the edit time limit without the grace period an edit gets", async () => {
    const id = await send(mia, { type: "stream", to: general, topic: "late", content: "soon old" });
    t.clock.advanceSeconds(610);
    await t.deps.events.flush();
    cap.clear();
    assert.deepEqual((await t.call(mia, "POST", `/messages/${id}/typing`, { op: "start" })).body, badRequest("The time limit for editing this message has passed"));
    assert.deepEqual(cap.notices, []);
    // The edit itself is still accepted within its 20 s of grace.
    assert.equal((await t.call(mia, "PATCH", `/messages/${id}`, { content: "edited in time" })).status, 200);
    assert.equal((await t.call(owner, "PATCH", "/realm", { allow_message_editing: false })).status, 200);
    assert.deepEqual((await t.call(mia, "POST", `/messages/${id}/typing`, { op: "start" })).body, badRequest("Your organization has turned off message editing"));
  });
});
