// POST /typing and POST /users/me/presence, with their events, and presence in /register.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { BOT_DEFAULT } from "../../src/lib/roles.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture } from "./support.js";

describe("POST /typing", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let cap: Capture;
  let general: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    general = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id] })).body.id;
    cap = capture(t);
  });
  after(() => t.close());

  it("tells the conversation's participants, the sender included", async () => {
    const queue = await registerQueue(t, mia);
    const res = await t.call(owner, "POST", "/typing", { op: "start", to: [mia.id] });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const expected = {
      type: "typing",
      message_type: "direct",
      op: "start",
      sender: { user_id: owner.id, email: owner.email },
      recipients: [
        { user_id: mia.id, email: mia.email },
        { user_id: owner.id, email: owner.email },
      ],
    };
    assert.deepEqual(withoutIds(await nextEvents(t, mia, queue)), [expected]);
    assert.deepEqual(recipients(cap.notices.at(-1)!), [owner.id, mia.id]);
  });

  it("tells a channel's subscribers, only on queues that asked for channel typing", async () => {
    const plain = await registerQueue(t, mia);
    const modern = await registerQueue(t, mia, { client_capabilities: { stream_typing_notifications: true } });
    const outsider = await registerQueue(t, noah, { client_capabilities: { stream_typing_notifications: true } });
    assert.equal((await t.call(owner, "POST", "/typing", { type: "channel", op: "stop", stream_id: general, topic: "lunch" })).status, 200);
    assert.deepEqual(await nextEvents(t, mia, plain), []);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, modern)), [{ type: "typing", message_type: "stream", op: "stop", sender: { user_id: owner.id, email: owner.email }, stream_id: general, topic: "lunch" }]);
    assert.deepEqual(await nextEvents(t, noah, outsider), []);
  });

  it("respects the typing settings of the sender and of the recipients", async () => {
    const queue = await registerQueue(t, noah);
    assert.equal((await t.call(noah, "PATCH", "/settings", { receives_typing_notifications: false })).status, 200);
    cap.clear();
    await t.call(owner, "POST", "/typing", { op: "start", to: [noah.id, mia.id] });
    assert.deepEqual(recipients(cap.notices[0]), [owner.id, mia.id]);
    assert.deepEqual((await nextEvents(t, noah, queue)).filter((e) => e.type === "typing"), []);
    assert.equal((await t.call(mia, "PATCH", "/settings", { send_private_typing_notifications: false })).status, 200);
    assert.deepEqual((await t.call(mia, "POST", "/typing", { op: "start", to: [owner.id] })).body, badRequest("User has disabled typing notifications for direct messages"));
  });

  it("refuses bad requests with Zulip's messages", async () => {
    assert.deepEqual((await t.call(owner, "POST", "/typing", { op: "start" })).body, badRequest("Missing 'to' argument"));
    assert.deepEqual((await t.call(owner, "POST", "/typing", { op: "start", to: [] })).body, badRequest("Empty 'to' list"));
    assert.deepEqual((await t.call(owner, "POST", "/typing", { op: "start", to: [9999] })).body, badRequest("Invalid user ID 9999"));
    assert.deepEqual((await t.call(owner, "POST", "/typing", { op: "go", to: [mia.id] })).body, badRequest("Invalid op"));
    assert.deepEqual((await t.call(owner, "POST", "/typing", { op: "start", type: "stream", topic: "x" })).body, badRequest("Missing 'stream_id' argument"));
    assert.deepEqual((await t.call(owner, "POST", "/typing", { op: "start", type: "stream", stream_id: general })).body, badRequest("Missing topic"));
    const secret = (await t.call(owner, "POST", "/channels/create", { name: "secret", subscribers: [owner.id], invite_only: true })).body.id;
    assert.deepEqual((await t.call(noah, "POST", "/typing", { op: "start", type: "stream", stream_id: secret, topic: "x" })).body, badRequest("Invalid channel ID"));
  });
});

describe("POST /users/me/presence", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let cap: Capture;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    cap = capture(t);
  });
  after(() => t.close());

  it("announces a user coming online, in the shape each queue asked for", async () => {
    const legacy = await registerQueue(t, owner);
    const slim = await registerQueue(t, owner, { slim_presence: true });
    const modern = await registerQueue(t, owner, { client_capabilities: { simplified_presence_events: true } });
    const res = await t.call(mia, "POST", "/users/me/presence", { status: "active", ping_only: true });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const website = { client: "website", status: "active", timestamp: now, pushable: false };
    assert.deepEqual(withoutIds(await nextEvents(t, owner, legacy)), [{ type: "presence", user_id: mia.id, email: mia.email, server_timestamp: now, presence: { website } }]);
    assert.deepEqual(withoutIds(await nextEvents(t, owner, slim)), [{ type: "presence", user_id: mia.id, server_timestamp: now, presence: { website } }]);
    assert.deepEqual(withoutIds(await nextEvents(t, owner, modern)), [{ type: "presence", presences: { [mia.id]: { active_timestamp: now, idle_timestamp: now } } }]);
    assert.deepEqual(recipients(cap.of("presence")[0]), [owner.id, mia.id]);
  });

  it("stays quiet while the user stays online, and reports everyone's presence", async () => {
    cap.clear();
    t.clock.advanceSeconds(60);
    const res = await t.call(mia, "POST", "/users/me/presence", { status: "active" });
    assert.deepEqual(cap.notices, []);
    const now = t.clock.now().getTime() / 1000;
    assert.deepEqual(res.body.presences, { [mia.email]: { aggregated: { client: "website", status: "active", timestamp: now }, website: { client: "website", status: "active", timestamp: now, pushable: false } } });
    assert.equal(res.body.server_timestamp, now);
    assert.equal(res.body.presence_last_update_id, 2);
    const modern = await t.call(owner, "POST", "/users/me/presence", { status: "idle", last_update_id: 2 });
    // Only what changed after update 2: the owner, never active yet (date_joined stands in).
    assert.deepEqual(modern.body.presences, { [owner.id]: { active_timestamp: 1736942400, idle_timestamp: now } });
    assert.equal(modern.body.presence_last_update_id, 3);
  });

  it("puts presence in /register, by email or by user id", async () => {
    const legacy = (await t.call(owner, "POST", "/register", { fetch_event_types: ["presence"] })).body;
    assert.deepEqual(Object.keys(legacy.presences).sort(), [mia.email, owner.email].sort());
    assert.equal(legacy.presence_last_update_id, 3);
    const slim = (await t.call(owner, "POST", "/register", { fetch_event_types: ["presence"], slim_presence: true })).body;
    assert.deepEqual(Object.keys(slim.presences).sort(), [String(owner.id), String(mia.id)].sort());
  });

  it("refuses bots and unknown statuses", async () => {
    const bot = await t.user(owner, { name: "Bot", botType: BOT_DEFAULT });
    assert.deepEqual((await t.call(bot, "POST", "/users/me/presence", { status: "active" })).body, badRequest("This endpoint does not accept bot requests."));
    assert.deepEqual((await t.call(mia, "POST", "/users/me/presence", { status: "away" })).body, badRequest("Invalid status: away"));
  });
});
