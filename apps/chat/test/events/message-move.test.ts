// PATCH /messages/{id} moving messages to another channel: delete_message to those who lose
// access, update_message to those who keep or gain it, and the rows that go and come.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture } from "./support.js";

describe("Moving messages to another channel", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let gus: Account;
  let ivy: Account;
  let cap: Capture;

  const channel = async (name: string, subscribers: Account[], extra: Record<string, unknown> = {}): Promise<number> => {
    const res = await t.call(owner, "POST", "/channels/create", { name, subscribers: subscribers.map((a) => a.id), ...extra });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.id;
  };
  const send = async (who: Account, to: number, topic: string): Promise<number> => {
    const res = await t.call(who, "POST", "/messages", { type: "stream", to, topic, content: `in ${topic}` });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.id;
  };
  const move = async (id: number, streamId: number) => {
    await t.deps.events.flush();
    cap.clear();
    const res = await t.call(owner, "PATCH", `/messages/${id}`, { stream_id: streamId, propagate_mode: "change_all", send_notification_to_old_thread: false, send_notification_to_new_thread: false });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await t.deps.events.flush();
  };
  const updateAudience = () => cap.of("update_message")[0].users as { id: number; flags: string[] }[];

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    gus = await t.user(owner, { name: "Gus", role: ROLE_GUEST });
    ivy = await t.user(owner, { name: "Ivy" });
    cap = capture(t);
  });
  after(() => t.close());

  it("tells the users left out of a private destination that the messages were deleted", async () => {
    const general = await channel("general", [owner, mia, noah, gus]);
    const secret = await channel("secret", [owner, mia], { invite_only: true, history_public_to_subscribers: true });
    const first = await send(noah, general, "plans");
    const second = await send(owner, general, "plans");
    const queue = await registerQueue(t, noah, { event_types: ["delete_message", "update_message"], client_capabilities: { bulk_message_deletion: true } });
    await move(first, secret);
    assert.deepEqual(withoutIds(await nextEvents(t, noah, queue)), [{ type: "delete_message", message_ids: [first, second], message_type: "stream", stream_id: general, topic: "plans" }]);
    assert.deepEqual(recipients(cap.of("delete_message")[0]), [noah.id, gus.id].sort((a, b) => a - b));
    // The delete comes before the update, which only those keeping access get.
    assert.deepEqual(cap.notices.map((n) => n.event.type).slice(0, 2), ["delete_message", "update_message"]);
    assert.deepEqual(updateAudience().map((u) => u.id), [owner.id, mia.id]);
    assert.deepEqual((await t.call(noah, "GET", `/messages/${first}`)).body, badRequest("Invalid message(s)"));
    assert.equal((await t.call(mia, "GET", `/messages/${first}`)).status, 200);
  });

  it("takes only guests' access when the destination is public, and tells the old channel's other subscribers", async () => {
    const lobby = await channel("lobby", [owner, mia, noah, gus]);
    const hall = await channel("hall", [owner]);
    const id = await send(mia, lobby, "news");
    await move(id, hall);
    assert.deepEqual(recipients(cap.of("delete_message")[0]), [gus.id]);
    // Mia and Noah keep no row once out of the channel, but hear of it as readers of its history.
    assert.deepEqual(updateAudience(), [
      { id: owner.id, flags: [] },
      ...[mia.id, noah.id].sort((a, b) => a - b).map((uid) => ({ id: uid, flags: ["read"] })),
    ]);
    assert.equal((await t.call(noah, "GET", `/messages/${id}`)).status, 200);
    assert.deepEqual((await t.call(gus, "GET", `/messages/${id}`)).body, badRequest("Invalid message(s)"));
  });

  it("gives the subscribers of a channel with private history a read row for each moved message", async () => {
    const open = await channel("open", [owner, mia]);
    const vault = await channel("vault", [owner, mia, ivy], { invite_only: true, history_public_to_subscribers: false });
    const id = await send(mia, open, "keys");
    await move(id, vault);
    assert.deepEqual(cap.of("delete_message"), []);
    const audience = updateAudience();
    assert.deepEqual(audience.find((u) => u.id === ivy.id), { id: ivy.id, flags: ["read"] });
    const fetched = await t.call(ivy, "GET", `/messages/${id}`);
    assert.equal(fetched.status, 200);
    // A row of her own now, not the historical view a public channel gave her.
    assert.deepEqual(fetched.body.message.flags, ["read"]);
  });

  it("changes nobody's access when the topic only moves within its channel", async () => {
    const room = await channel("room", [owner, mia]);
    const id = await send(owner, room, "old");
    await t.deps.events.flush();
    cap.clear();
    assert.equal((await t.call(owner, "PATCH", `/messages/${id}`, { topic: "new", send_notification_to_old_thread: false, send_notification_to_new_thread: false })).status, 200);
    await t.deps.events.flush();
    assert.deepEqual(cap.of("delete_message"), []);
    assert.deepEqual(updateAudience().map((u) => u.id), [owner.id, mia.id]);
  });
});
