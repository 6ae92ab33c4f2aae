// DELETE /users/me/subscriptions marks the channel's messages read for whoever left it.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture } from "./support.js";

describe("Unsubscribing marks the channel read", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let cap: Capture;
  let general: number;
  let random: number;
  let elsewhereId: number;

  const send = async (who: Account, to: number, content: string): Promise<number> => {
    const res = await t.call(who, "POST", "/messages", { type: "stream", to, topic: "chat", content });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.id;
  };

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    general = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id, noah.id] })).body.id;
    random = (await t.call(owner, "POST", "/channels/create", { name: "random", subscribers: [owner.id, mia.id, noah.id] })).body.id;
    cap = capture(t);
  });
  after(() => t.close());

  it("sends the removal, then one read flag update with the channel's unread messages", async () => {
    const first = await send(owner, general, "one");
    const second = await send(owner, general, "two");
    const elsewhere = await send(owner, random, "three");
    elsewhereId = elsewhere;
    // Mia has read one of them already: only the other is reported.
    assert.equal((await t.call(mia, "POST", "/messages/flags", { messages: [first], op: "add", flag: "read" })).status, 200);
    const queue = await registerQueue(t, mia, { event_types: ["subscription", "update_message_flags"] });
    const res = await t.call(mia, "DELETE", "/users/me/subscriptions", { subscriptions: ["general"] });
    assert.deepEqual(res.body, { result: "success", msg: "", removed: ["general"], not_removed: [] });
    assert.deepEqual(withoutIds(await nextEvents(t, mia, queue)), [
      { type: "subscription", op: "remove", subscriptions: [{ name: "general", stream_id: general }] },
      { type: "update_message_flags", op: "add", operation: "add", flag: "read", messages: [second], all: false },
    ]);
    const flags = cap.of("update_message_flags").filter((n) => recipients(n).includes(mia.id));
    assert.deepEqual(recipients(flags.at(-1)!), [mia.id]);
    // The other channel's message is still unread.
    const unread = (await t.call(mia, "POST", "/register", { fetch_event_types: ["message", "update_message_flags"] })).body.unread_msgs;
    assert.deepEqual(unread.streams.map((s: any) => s.unread_message_ids).flat(), [elsewhere]);
  });

  it("sends no flag update when nothing in the channel was unread", async () => {
    await t.deps.events.flush();
    cap.clear();
    const res = await t.call(noah, "DELETE", "/users/me/subscriptions", { subscriptions: ["general"] });
    assert.equal(res.status, 200);
    await t.deps.events.flush();
    // Noah had general's messages unread: they are marked read. A second channel without any
    // unread message brings no flag event.
    assert.equal(cap.of("update_message_flags").length, 1);
    assert.equal((await t.call(noah, "POST", "/mark_stream_as_read", { stream_id: random })).status, 200);
    await t.deps.events.flush();
    cap.clear();
    assert.equal((await t.call(noah, "DELETE", "/users/me/subscriptions", { subscriptions: ["random"] })).status, 200);
    await t.deps.events.flush();
    assert.deepEqual(cap.of("update_message_flags"), []);
    assert.equal(cap.of("subscription", "remove").length, 1);
  });

  it("marks read for each user an administrator unsubscribes", async () => {
    const id = await send(mia, random, "for owner");
    await t.deps.events.flush();
    cap.clear();
    const res = await t.call(owner, "DELETE", "/users/me/subscriptions", { subscriptions: ["random"], principals: [mia.id] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await t.deps.events.flush();
    const flags = cap.of("update_message_flags");
    // compat: a message sent through the API stays unread for its sender (Zulip's sent_by_human).
    assert.equal(flags.length, 1);
    assert.deepEqual(recipients(flags[0]), [mia.id]);
    assert.deepEqual(flags[0].event.messages, [elsewhereId, id]);
  });
});
