// Channel and subscription operations: the HTTP result and the events they send, to whom.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture, type Queue } from "./support.js";

describe("channel and subscription events", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let guest: Account;
  let cap: Capture;
  const queues = new Map<Account, Queue>();
  const read = (who: Account) => nextEvents(t, who, queues.get(who)!);

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    guest = await t.user(owner, { name: "Gus", role: ROLE_GUEST });
    cap = capture(t);
  });
  after(() => t.close());
  beforeEach(async () => {
    for (const who of [owner, mia, noah, guest]) queues.set(who, await registerQueue(t, who, { client_capabilities: { archived_channels: true } }));
    cap.clear();
  });

  it("creates a public channel: stream/create to non-guests, subscription/add to subscribers, peer_add to the rest", async () => {
    const res = await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id] });
    assert.equal(res.status, 200);
    const id = res.body.id;
    const [create] = cap.of("stream", "create");
    assert.deepEqual(recipients(create), [owner.id, mia.id, noah.id]);
    assert.equal((create.event.streams as any[])[0].stream_id, id);
    assert.equal((create.event.streams as any[])[0].subscriber_count, 0);
    assert.deepEqual(cap.of("subscription", "add").map(recipients), [[owner.id], [mia.id]]);
    assert.deepEqual(cap.of("subscription", "peer_add").map((n) => [n.event.stream_ids, n.event.user_ids, recipients(n)]), [[[id], [owner.id, mia.id], [noah.id]]]);

    const miaEvents = await read(mia);
    assert.deepEqual(miaEvents.map((e) => `${e.type}/${e.op}`), ["stream/create", "subscription/add"]);
    assert.equal(miaEvents[1].subscriptions[0].stream_id, id);
    assert.deepEqual(miaEvents[1].subscriptions[0].subscribers, [owner.id, mia.id]);
    assert.equal(typeof miaEvents[1].subscriptions[0].color, "string");
    assert.deepEqual(withoutIds(await read(noah)).map((e) => `${e.type}/${e.op}`), ["stream/create", "subscription/peer_add"]);
    assert.deepEqual(await read(guest), []);
  });

  it("creates a private channel: only administrators and subscribers hear of it", async () => {
    const res = await t.call(mia, "POST", "/channels/create", { name: "secret", subscribers: [mia.id, noah.id], invite_only: true });
    assert.equal(res.status, 200);
    // Mia administers it as its creator; the owner is an administrator; Noah learns by subscribing.
    assert.deepEqual(cap.of("stream", "create").map(recipients), [[owner.id, mia.id], [noah.id]]);
    assert.deepEqual(cap.of("stream", "create")[1].event.streams, [{ ...(cap.of("stream", "create")[1].event.streams as any[])[0], subscriber_count: 2 }]);
    assert.deepEqual(cap.of("subscription", "add").map(recipients), [[mia.id], [noah.id]]);
    // The owner sees the channel, so tracks its subscribers.
    assert.deepEqual(cap.of("subscription", "peer_add").map((n) => [n.event.user_ids, recipients(n)]), [[[mia.id, noah.id], [owner.id]]]);
    assert.deepEqual(await read(guest), []);
  });

  it("subscribes to an existing channel and creates a missing one in one request", async () => {
    await t.call(owner, "POST", "/channels/create", { name: "lobby", subscribers: [owner.id] });
    const lobby = (await t.call(owner, "GET", "/get_stream_id", { stream: "lobby" })).body.stream_id;
    for (const who of [owner, mia, noah]) await read(who);
    cap.clear();
    const res = await t.call(mia, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "lobby" }, { name: "fresh" }] });
    assert.deepEqual(res.body.subscribed, { [String(mia.id)]: ["lobby", "fresh"] });
    const fresh = (await t.call(owner, "GET", "/get_stream_id", { stream: "fresh" })).body.stream_id;
    assert.deepEqual(cap.of("stream", "create").map((n) => [(n.event.streams as any[]).map((s) => s.stream_id), recipients(n)]), [[[fresh], [owner.id, mia.id, noah.id]]]);
    const [add] = cap.of("subscription", "add");
    assert.deepEqual(recipients(add), [mia.id]);
    assert.deepEqual((add.event.subscriptions as any[]).map((s) => s.name), ["lobby", "fresh"]);
    // Both channels changed by the same user, told to the same peers: one event.
    const peers = cap.of("subscription", "peer_add");
    assert.deepEqual(peers.map((n) => [n.event.stream_ids, n.event.user_ids, recipients(n)]), [[[lobby, fresh].sort((a, b) => a - b), [mia.id], [owner.id, noah.id]]]);
  });

  it("unsubscribes: subscription/remove, peer_remove, and stream/delete for a private channel out of sight", async () => {
    await t.call(owner, "POST", "/channels/create", { name: "hideout", subscribers: [owner.id, noah.id], invite_only: true });
    const id = (await t.call(owner, "GET", "/get_stream_id", { stream: "hideout" })).body.stream_id;
    cap.clear();
    const res = await t.call(noah, "DELETE", "/users/me/subscriptions", { subscriptions: ["hideout"] });
    assert.deepEqual(res.body, { result: "success", msg: "", removed: ["hideout"], not_removed: [] });
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, recipients(n)]), [
      ["subscription", "remove", [noah.id]],
      ["stream", "delete", [noah.id]],
      ["subscription", "peer_remove", [owner.id]],
    ]);
    assert.deepEqual(cap.of("subscription", "remove")[0].event.subscriptions, [{ name: "hideout", stream_id: id }]);
    assert.deepEqual(cap.of("stream", "delete")[0].event, { type: "stream", op: "delete", streams: [{ stream_id: id }], stream_ids: [id], for_archiving: false });
    const noahEvents = withoutIds(await read(noah)).filter((e) => e.type === "stream" && e.op === "delete");
    // for_archiving only steers delivery; clients never see it.
    assert.deepEqual(noahEvents, [{ type: "stream", op: "delete", streams: [{ stream_id: id }], stream_ids: [id] }]);
  });

  it("changes subscription properties: color, and muting with the legacy in_home_view event first", async () => {
    await t.call(owner, "POST", "/channels/create", { name: "props", subscribers: [mia.id] });
    const id = (await t.call(owner, "GET", "/get_stream_id", { stream: "props" })).body.stream_id;
    await read(mia);
    await read(noah);
    const res = await t.call(mia, "POST", "/users/me/subscriptions/properties", {
      subscription_data: [
        { stream_id: id, property: "color", value: "#AABBCC" },
        { stream_id: id, property: "is_muted", value: true },
      ],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(withoutIds(await read(mia)), [
      { type: "subscription", op: "update", property: "color", value: "#aabbcc", stream_id: id },
      { type: "subscription", op: "update", property: "in_home_view", value: false, stream_id: id },
      { type: "subscription", op: "update", property: "is_muted", value: true, stream_id: id },
    ]);
    assert.deepEqual(await read(noah), []);
  });

  it("updates a channel: description, privacy, then name (Noah, losing sight of it, is not told: Zulip's quirk)", async () => {
    await t.call(owner, "POST", "/channels/create", { name: "topics", subscribers: [owner.id, mia.id] });
    const id = (await t.call(owner, "GET", "/get_stream_id", { stream: "topics" })).body.stream_id;
    for (const who of [owner, mia, noah]) await read(who);
    cap.clear();
    const res = await t.call(owner, "PATCH", `/streams/${id}`, { description: "All *topics*", new_name: "themes", is_private: true });
    assert.equal(res.status, 200);
    assert.deepEqual(
      cap.notices.map((n) => [n.event.type, n.event.op, n.event.property, n.event.name, recipients(n)]),
      [
        ["stream", "update", "description", "topics", [owner.id, mia.id]],
        ["stream", "update", "invite_only", "topics", [owner.id, mia.id]],
        ["stream", "update", "name", "topics", [owner.id, mia.id]],
      ],
    );
    assert.equal(cap.notices[0].event.rendered_description, "<p>All <em>topics</em></p>", "rendered as Markdown");
    assert.deepEqual(cap.notices[1].event, { type: "stream", op: "update", property: "invite_only", value: true, history_public_to_subscribers: false, is_web_public: false, stream_id: id, name: "topics" });
    assert.equal(cap.notices[2].event.value, "themes");
  });

  it("archives a channel: is_archived for clients that keep archived channels, delete for the others", async () => {
    await t.call(owner, "POST", "/channels/create", { name: "old", subscribers: [owner.id], is_default_stream: true });
    const id = (await t.call(owner, "GET", "/get_stream_id", { stream: "old" })).body.stream_id;
    const plain = await registerQueue(t, noah);
    await read(noah);
    cap.clear();
    assert.equal((await t.call(owner, "DELETE", `/streams/${id}`)).status, 200);
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op ?? "", n.event.property ?? ""]), [
      ["default_streams", "", ""],
      ["stream", "update", "is_archived"],
      ["stream", "delete", ""],
    ]);
    assert.deepEqual(withoutIds(await read(noah)).map((e) => e.type + "/" + (e.op ?? "")), ["default_streams/", "stream/update"]);
    assert.deepEqual(withoutIds(await nextEvents(t, noah, plain)).map((e) => e.type + "/" + (e.op ?? "")), ["default_streams/", "stream/delete"]);
  });

  it("sends default_streams to non-guests when the default channels change", async () => {
    await t.call(owner, "POST", "/channels/create", { name: "welcome", subscribers: [owner.id] });
    const id = (await t.call(owner, "GET", "/get_stream_id", { stream: "welcome" })).body.stream_id;
    cap.clear();
    assert.equal((await t.call(owner, "POST", "/default_streams", { stream_id: id })).status, 200);
    const [event] = cap.of("default_streams");
    assert.ok((event.event.default_streams as number[]).includes(id));
    assert.deepEqual(recipients(event), [owner.id, mia.id, noah.id]);
    cap.clear();
    // Adding it again changes nothing, and says nothing.
    await t.call(owner, "POST", "/default_streams", { stream_id: id });
    assert.deepEqual(cap.notices, []);
  });
});

describe("channel access changes", () => {
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

  it("makes a private channel public: stream/create and peer_add to those who now see it, update to the others", async () => {
    const id = (await t.call(owner, "POST", "/channels/create", { name: "closed", subscribers: [owner.id], invite_only: true })).body.id;
    cap.clear();
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { is_private: false })).status, 200);
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, recipients(n)]), [
      ["stream", "create", [mia.id]],
      ["subscription", "peer_add", [mia.id]],
      ["stream", "update", [owner.id]],
    ]);
    assert.deepEqual(cap.notices[1].event.user_ids, [owner.id]);
  });

  it("gives a user a channel's administration: stream/create when it lets them see it, stream/delete when taken back", async () => {
    const id = (await t.call(owner, "POST", "/channels/create", { name: "vault", subscribers: [owner.id], invite_only: true })).body.id;
    cap.clear();
    const give = await t.call(owner, "PATCH", `/streams/${id}`, { can_administer_channel_group: JSON.stringify({ new: { direct_members: [mia.id], direct_subgroups: [] } }) });
    assert.equal(give.status, 200, JSON.stringify(give.body));
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, n.event.property, recipients(n)]), [
      ["stream", "create", undefined, [mia.id]],
      ["subscription", "peer_add", undefined, [mia.id]],
      ["stream", "update", "can_administer_channel_group", [owner.id]],
    ]);
    assert.deepEqual(cap.notices[2].event.value, { direct_members: [mia.id], direct_subgroups: [] });
    cap.clear();
    const nobody = (await t.call(owner, "GET", "/user_groups")).body.user_groups.find((g: any) => g.name === "role:nobody").id;
    await t.call(owner, "PATCH", `/streams/${id}`, { can_administer_channel_group: JSON.stringify({ new: nobody }) });
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, recipients(n)]), [
      ["stream", "delete", [mia.id]],
      ["stream", "update", [owner.id]],
    ]);
  });
});
