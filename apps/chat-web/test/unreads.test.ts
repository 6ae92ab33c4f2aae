import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { applyEvent } from "../src/api/apply.js";
import { setChannels } from "../src/state/channels.js";
import { session } from "../src/state/session.js";
import { effect } from "@preact/signals";
import { isUnread, setUnreads, topicKey, unreadCounts } from "../src/state/unreads.js";

// The unread bookkeeping as register's unread_msgs and the event queue drive it (no DOM needed).
const ME = 1;
const sub = (stream_id: number, name: string, is_muted = false) => ({ stream_id, name, description: "", color: "#888", is_muted, pin_to_top: false, invite_only: false });
const streamMessage = (id: number, stream_id: number, topic: string, flags: string[] = []) => ({
  type: "message",
  id,
  flags,
  message: { id, type: "stream", stream_id, subject: topic, sender_id: 2, sender_full_name: "Grace", sender_email: "g@x", display_recipient: "x", content: "<p>hi</p>", timestamp: 1, reactions: [], submessages: [], avatar_url: null },
});

function start() {
  session.value = { userId: ME, email: "me@x", fullName: "Me", realmName: "R", twentyFourHourTime: false, timezone: "", emojiset: "google" };
  setChannels([sub(10, "design"), sub(20, "noise", true)], []);
  setUnreads(
    {
      streams: [
        { stream_id: 10, topic: "Launch", unread_message_ids: [101, 102] },
        { stream_id: 20, topic: "chatter", unread_message_ids: [103] },
      ],
      pms: [{ other_user_id: 2, unread_message_ids: [104] }],
      huddles: [{ user_ids_string: "1,2,3", unread_message_ids: [105] }],
      mentions: [102, 105],
    },
    ME,
  );
}

describe("unread counts", () => {
  it("come from register's unread_msgs; muted channels stay out of the combined feed", () => {
    start();
    const c = unreadCounts.value;
    assert.equal(c.channels.get(10), 2);
    assert.equal(c.channels.get(20), 1);
    assert.equal(c.topics.get(topicKey(10, "launch")), 2, "topics compare without case");
    assert.deepEqual([c.dms.get("2"), c.dms.get("2,3"), c.dmTotal], [1, 1, 2]);
    assert.equal(c.mentions, 2);
    assert.equal(c.feed, 4);
  });

  it("follow new messages, reads here or elsewhere, unreads with their details, moves and deletions", () => {
    start();
    applyEvent(streamMessage(106, 10, "launch"));
    applyEvent(streamMessage(107, 10, "launch", ["read"])); // one's own message: read already
    assert.equal(unreadCounts.value.channels.get(10), 3);
    applyEvent({ type: "update_message_flags", id: 2, op: "add", flag: "read", messages: [101, 104], all: false });
    assert.equal(unreadCounts.value.channels.get(10), 2);
    assert.equal(unreadCounts.value.dms.get("2"), undefined);
    applyEvent({ type: "update_message_flags", id: 3, op: "remove", flag: "read", messages: [104], all: false, message_details: { 104: { type: "private", user_ids: [2] } } });
    assert.equal(unreadCounts.value.dms.get("2"), 1);
    applyEvent({ type: "update_message", id: 4, message_id: 102, message_ids: [102, 106], subject: "Shipped", orig_subject: "Launch", stream_id: 10 });
    assert.equal(unreadCounts.value.topics.get(topicKey(10, "launch")), undefined);
    assert.equal(unreadCounts.value.topics.get(topicKey(10, "shipped")), 2);
    applyEvent({ type: "delete_message", id: 5, message_ids: [102], message_type: "stream" });
    assert.equal(unreadCounts.value.channels.get(10), 1);
    assert.equal(unreadCounts.value.mentions, 1);
  });

  it("move with muting, and all go at once on 'mark all as read'", () => {
    start();
    applyEvent({ type: "subscription", id: 6, op: "update", stream_id: 20, property: "is_muted", value: false });
    assert.equal(unreadCounts.value.feed, 5);
    applyEvent({ type: "subscription", id: 7, op: "update", stream_id: 10, property: "in_home_view", value: false });
    assert.equal(unreadCounts.value.feed, 3);
    applyEvent({ type: "update_message_flags", id: 8, op: "add", flag: "read", messages: [], all: true });
    assert.equal(unreadCounts.value.feed, 0);
    assert.equal(unreadCounts.value.channels.size, 0);
  });

  it("each message's flag wakes only what watches that message", () => {
    start();
    const seen: Record<number, boolean[]> = { 101: [], 103: [], 200: [] };
    const stops = [101, 103, 200].map((id) => effect(() => void seen[id]!.push(isUnread(id))));
    applyEvent({ type: "update_message_flags", id: 9, op: "add", flag: "read", messages: [101], all: false });
    applyEvent(streamMessage(200, 10, "launch"));
    assert.deepEqual(seen, { 101: [true, false], 103: [true], 200: [false, true] });
    // A new register (a lost queue) reloads the set: every watched message is told again.
    setUnreads({ streams: [{ stream_id: 10, topic: "Launch", unread_message_ids: [101] }] }, ME);
    assert.deepEqual(seen, { 101: [true, false, true], 103: [true, false], 200: [false, true, false] });
    for (const stop of stops) stop();
  });
});
