import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { applyEvent } from "../src/api/apply.js";
import { setChannels } from "../src/state/channels.js";
import { session } from "../src/state/session.js";
import { setUnreads, topicKey, unreadCounts } from "../src/state/unreads.js";

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

  it("stay right whether the id index was built by then or not, and count an id once", () => {
    start();
    // Moved before any id was looked up: the index is built from register's lists first.
    applyEvent({ type: "update_message", id: 9, message_id: 105, message_ids: [105], subject: "x", orig_subject: "y", stream_id: 10 });
    assert.equal(unreadCounts.value.dms.get("2,3"), 1, "a direct message has no topic to move to");
    applyEvent({ type: "update_message", id: 10, message_id: 102, message_ids: [102], subject: "Later", orig_subject: "Launch", stream_id: 10 });
    assert.deepEqual([unreadCounts.value.topics.get(topicKey(10, "later")), unreadCounts.value.mentions], [1, 2]);
    // The same message announced twice (a resent event) is one unread message.
    applyEvent(streamMessage(106, 10, "launch"));
    applyEvent(streamMessage(106, 10, "launch"));
    assert.equal(unreadCounts.value.channels.get(10), 3);
    setUnreads({ streams: [{ stream_id: 10, topic: "Launch", unread_message_ids: [101, 102] }], mentions: [102] }, ME);
    assert.deepEqual([unreadCounts.value.channels.get(10), unreadCounts.value.mentions, unreadCounts.value.dmTotal], [2, 1, 0]);
    applyEvent({ type: "update_message_flags", id: 11, op: "add", flag: "read", messages: [102, 999], all: false });
    assert.deepEqual([unreadCounts.value.channels.get(10), unreadCounts.value.mentions], [1, 0]);
  });
});
