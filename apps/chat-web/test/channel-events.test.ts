import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { applyEvent } from "../src/api/apply.js";
import { setChannels, sortedSubscriptions, visibleChannels } from "../src/state/channels.js";
import { session } from "../src/state/session.js";

// The channel events as the queue delivers them (Zulip's shapes): what the sidebar and the
// channel browser read afterwards. No DOM: the stores are plain signals.
const ME = 1;
const sub = (stream_id: number, name: string, subscriber_count: number) => ({ stream_id, name, description: "", color: "#888", is_muted: false, pin_to_top: false, invite_only: false, subscriber_count });
let id = 0;
const apply = (event: Record<string, unknown>) => applyEvent({ id: ++id, ...event } as any);
const count = (streamId: number) => visibleChannels.value.get(streamId)?.subscriber_count;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("channel events", () => {
  beforeEach(() => {
    session.value = { userId: ME, email: "me@x", fullName: "Me", realmName: "", twentyFourHourTime: false, timezone: "", emojiset: "google" };
    setChannels([sub(10, "design", 3)], [{ stream_id: 10, name: "design", subscriber_count: 3 }, { stream_id: 20, name: "ideas", subscriber_count: 1 }]);
  });

  it("adds a channel subscribed to by someone else, renames it, and drops it when archived", () => {
    apply({ type: "stream", op: "create", streams: [{ stream_id: 30, name: "launch", subscriber_count: 2 }] });
    apply({ type: "subscription", op: "add", subscriptions: [sub(30, "launch", 2)] });
    assert.deepEqual(sortedSubscriptions.value.map((s) => s.name), ["design", "launch"]);
    apply({ type: "stream", op: "update", stream_id: 30, name: "launch", property: "name", value: "launch day" });
    apply({ type: "stream", op: "update", stream_id: 30, name: "launch day", property: "description", value: "The *big* day", rendered_description: "<p>The <em>big</em> day</p>" });
    assert.deepEqual(sortedSubscriptions.value.map((s) => s.name), ["design", "launch day"]);
    assert.equal(visibleChannels.value.get(30)?.rendered_description, "<p>The <em>big</em> day</p>");
    apply({ type: "stream", op: "update", stream_id: 30, name: "launch day", property: "can_send_message_group", value: 7 });
    assert.equal(visibleChannels.value.get(30)?.can_send_message_group, 7);
    apply({ type: "stream", op: "delete", streams: [{ stream_id: 30 }], stream_ids: [30] });
    assert.deepEqual(sortedSubscriptions.value.map((s) => s.name), ["design"]);
    assert.equal(visibleChannels.value.has(30), false);
  });

  it("keeps subscriber counts: others joining and leaving, oneself leaving", async () => {
    apply({ type: "subscription", op: "peer_add", stream_ids: [10, 20], user_ids: [5, 6] });
    assert.deepEqual([count(10), count(20)], [5, 3]);
    apply({ type: "subscription", op: "peer_remove", stream_ids: [10], user_ids: [5] });
    assert.equal(count(10), 4);
    apply({ type: "subscription", op: "remove", subscriptions: [{ stream_id: 10, name: "design" }] });
    assert.equal(count(10), 3);
    assert.deepEqual(sortedSubscriptions.value, []);
    apply({ type: "subscription", op: "add", subscriptions: [sub(20, "ideas", 4)] });
    assert.equal(count(20), 4);
    await tick();
  });

  it("does not count twice the subscribers of a channel that comes into sight with their list", async () => {
    apply({ type: "stream", op: "create", streams: [{ stream_id: 40, name: "secret", subscriber_count: 2, invite_only: true }] });
    apply({ type: "subscription", op: "peer_add", stream_ids: [40], user_ids: [2, 3] });
    assert.equal(count(40), 2);
    await tick();
    apply({ type: "subscription", op: "peer_add", stream_ids: [40], user_ids: [4] });
    assert.equal(count(40), 3);
  });
});
