import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { applyEvent } from "../src/api/apply.js";
import { setChannels } from "../src/state/channels.js";
import { currentView, editingId, messages, openView, selectedId, storeMessage } from "../src/state/messages.js";
import { session } from "../src/state/session.js";
import { setStarred, starred } from "../src/state/starred.js";
import { topicsByChannel } from "../src/state/topics.js";
import { setUnreads, topicKey, unreadCounts } from "../src/state/unreads.js";
import type { Message } from "../src/state/types.js";

// The message events as the queue delivers them (Zulip's shapes), applied to the stores; the
// state after each is what the views read. No DOM: the stores are plain signals.
const ME = 1;
const DESIGN = 10;
const RANDOM = 20;
const sub = (stream_id: number, name: string) => ({ stream_id, name, description: "", color: "#888", is_muted: false, pin_to_top: false, invite_only: false });

function message(id: number, fields: Partial<Message> = {}): Message {
  return {
    id,
    type: "stream",
    sender_id: 2,
    sender_full_name: "Grace",
    sender_email: "g@x",
    avatar_url: null,
    stream_id: DESIGN,
    display_recipient: "design",
    subject: "launch",
    content: `<p>message ${id}</p>`,
    timestamp: 1_700_000_000 + id,
    flags: [],
    reactions: [],
    submessages: [],
    ...fields,
  };
}

const get = (id: number) => messages.get(id)?.peek();
let eventId = 0;
const apply = (event: Record<string, unknown>) => applyEvent({ id: ++eventId, type: "", ...event } as never);

/** Three messages of design > launch loaded and shown (the topic's view), two of them unread. */
function start(): void {
  session.value = { userId: ME, email: "me@x", fullName: "Me", realmName: "R", twentyFourHourTime: false, timezone: "", emojiset: "google" };
  setChannels([sub(DESIGN, "design"), sub(RANDOM, "random")], []);
  setUnreads({ streams: [{ stream_id: DESIGN, topic: "launch", unread_message_ids: [102, 103] }] }, ME);
  setStarred([101]);
  // Opened first: opening a view forgets the messages no view holds.
  const view = openView({ channelId: DESIGN, topic: "launch", near: 101 }, 101);
  for (const id of [101, 102, 103]) storeMessage(message(id, { flags: id === 101 ? ["read", "starred"] : [] }));
  view.ids.value = [101, 102, 103];
  view.loading.value = null;
  view.foundOldest.value = true;
  view.foundNewest.value = true;
  topicsByChannel.value = new Map([
    [DESIGN, [{ name: "launch", max_id: 103 }, { name: "older", max_id: 50 }]],
    [RANDOM, [{ name: "chatter", max_id: 90 }]],
  ]);
  editingId.value = null;
  selectedId.value = null;
}

describe("message events applied to the stores", () => {
  beforeEach(start);

  it("puts an edited message's new HTML, edit time and flags in place (update_message with content)", () => {
    apply({ type: "update_message", message_id: 102, message_ids: [102], rendered_content: "<p>fixed</p>", content: "fixed", edit_timestamp: 1_700_000_500, flags: ["mentioned"], rendering_only: false, user_id: 2 });
    assert.equal(get(102)!.content, "<p>fixed</p>");
    assert.equal(get(102)!.last_edit_timestamp, 1_700_000_500);
    assert.deepEqual(get(102)!.flags, ["mentioned"]);
    assert.equal(get(101)!.content, "<p>message 101</p>");
  });

  it("leaves the edited mark alone for a rendering-only update (a preview fetched later)", () => {
    apply({ type: "update_message", message_id: 101, message_ids: [101], rendered_content: "<p>with preview</p>", rendering_only: true });
    assert.equal(get(101)!.content, "<p>with preview</p>");
    assert.equal(get(101)!.last_edit_timestamp, undefined);
  });

  it("renames a whole topic: messages, unread counts and the topic list follow, the old name goes", () => {
    apply({ type: "update_message", message_id: 101, message_ids: [101, 102, 103], stream_id: DESIGN, orig_subject: "launch", subject: "release", propagate_mode: "change_all", edit_timestamp: 1_700_000_600 });
    for (const id of [101, 102, 103]) assert.equal(get(id)!.subject, "release");
    assert.equal(unreadCounts.value.topics.get(topicKey(DESIGN, "release")), 2);
    assert.equal(unreadCounts.value.topics.get(topicKey(DESIGN, "launch")), undefined);
    assert.deepEqual(topicsByChannel.value.get(DESIGN), [{ name: "release", max_id: 103 }, { name: "older", max_id: 50 }]);
    // The view on screen was the old topic: the reader is sent along (apply.ts replaces the hash).
    assert.deepEqual(currentView.value!.ids.value, [101, 102, 103]);
  });

  it("keeps the old topic listed when only some of its messages move (change_one, change_later)", () => {
    apply({ type: "update_message", message_id: 102, message_ids: [102], stream_id: DESIGN, orig_subject: "launch", subject: "split off", propagate_mode: "change_one", edit_timestamp: 1 });
    assert.deepEqual(topicsByChannel.value.get(DESIGN), [{ name: "launch", max_id: 103 }, { name: "split off", max_id: 102 }, { name: "older", max_id: 50 }]);
    assert.equal(get(102)!.subject, "split off");
    assert.equal(get(103)!.subject, "launch");
    // It left the open view (the launch topic); the rest stays.
    assert.deepEqual(currentView.value!.ids.value, [101, 103]);
    assert.equal(unreadCounts.value.topics.get(topicKey(DESIGN, "launch")), 1);
    assert.equal(unreadCounts.value.topics.get(topicKey(DESIGN, "split off")), 1);
  });

  it("moves messages to another channel: channel, name, unread counts and both topic lists", () => {
    apply({ type: "update_message", message_id: 101, message_ids: [101, 102, 103], stream_id: DESIGN, orig_subject: "launch", new_stream_id: RANDOM, propagate_mode: "change_all", edit_timestamp: 1 });
    assert.equal(get(102)!.stream_id, RANDOM);
    assert.equal(get(102)!.display_recipient, "random");
    assert.equal(get(102)!.subject, "launch");
    assert.equal(unreadCounts.value.channels.get(RANDOM), 2);
    assert.equal(unreadCounts.value.channels.get(DESIGN), undefined);
    assert.deepEqual(topicsByChannel.value.get(DESIGN), [{ name: "older", max_id: 50 }]);
    assert.deepEqual(topicsByChannel.value.get(RANDOM), [{ name: "launch", max_id: 103 }, { name: "chatter", max_id: 90 }]);
  });

  it("removes deleted messages from the views, the unread counts and the starred set, and cancels an edit open on one (delete_message)", () => {
    editingId.value = 102;
    selectedId.value = 102;
    apply({ type: "delete_message", message_ids: [101, 102], message_type: "stream", stream_id: DESIGN, topic: "launch" });
    assert.deepEqual(currentView.value!.ids.value, [103]);
    assert.equal(get(102), undefined);
    assert.equal(unreadCounts.value.topics.get(topicKey(DESIGN, "launch")), 1);
    assert.equal(starred.value.has(101), false);
    assert.equal(editingId.value, null);
    assert.equal(selectedId.value, 103, "the selection moves to the next message");
  });

  it("keeps an edit open when another message is deleted", () => {
    editingId.value = 103;
    apply({ type: "delete_message", message_id: 101, message_type: "stream" });
    assert.equal(editingId.value, 103);
  });

  it("adds and removes reactions by user and emoji (reaction add/remove)", () => {
    const reaction = { emoji_name: "octopus", emoji_code: "1f419", reaction_type: "unicode_emoji" };
    apply({ type: "reaction", op: "add", message_id: 101, user_id: 2, ...reaction });
    apply({ type: "reaction", op: "add", message_id: 101, user_id: ME, ...reaction });
    apply({ type: "reaction", op: "add", message_id: 101, user_id: ME, ...reaction }); // a repeat changes nothing
    assert.deepEqual(get(101)!.reactions.map((r) => r.user_id), [2, ME]);
    apply({ type: "reaction", op: "remove", message_id: 101, user_id: 2, ...reaction });
    assert.deepEqual(get(101)!.reactions, [{ ...reaction, user_id: ME }]);
  });

  it("marks messages read, and unread again from elsewhere with where they live (update_message_flags read)", () => {
    apply({ type: "update_message_flags", op: "add", flag: "read", messages: [102], all: false });
    assert.ok(get(102)!.flags.includes("read"));
    assert.equal(unreadCounts.value.topics.get(topicKey(DESIGN, "launch")), 1);
    apply({ type: "update_message_flags", op: "remove", flag: "read", messages: [101, 102], all: false, message_details: { 101: { type: "stream", stream_id: DESIGN, topic: "launch" }, 102: { type: "stream", stream_id: DESIGN, topic: "launch", mentioned: true } } });
    assert.ok(!get(101)!.flags.includes("read"));
    assert.equal(unreadCounts.value.topics.get(topicKey(DESIGN, "launch")), 3);
    assert.equal(unreadCounts.value.mentions, 1);
    apply({ type: "update_message_flags", op: "add", flag: "read", messages: [], all: true });
    assert.equal(unreadCounts.value.feed, 0);
    assert.ok([101, 102, 103].every((id) => get(id)!.flags.includes("read")));
  });

  it("stars and unstars (update_message_flags starred)", () => {
    apply({ type: "update_message_flags", op: "add", flag: "starred", messages: [103], all: false });
    assert.ok(get(103)!.flags.includes("starred"));
    assert.deepEqual([...starred.value].sort(), [101, 103]);
    apply({ type: "update_message_flags", op: "remove", flag: "starred", messages: [101], all: false });
    assert.ok(!get(101)!.flags.includes("starred"));
    assert.deepEqual([...starred.value], [103]);
  });

  it("adds a widget's submessage once (submessage)", () => {
    const event = { type: "submessage", message_id: 102, submessage_id: 7, sender_id: 2, msg_type: "widget", content: '{"type":"vote"}' };
    apply(event);
    apply(event);
    assert.deepEqual(get(102)!.submessages, [{ id: 7, sender_id: 2, msg_type: "widget", content: '{"type":"vote"}' }]);
  });

  it("does not count one's own new message as new below, and does count another's", () => {
    const view = currentView.value!;
    view.newBelow.value = 0;
    apply({ type: "message", message: message(104, { sender_id: ME, flags: ["read"] }), flags: ["read"] });
    assert.equal(view.newBelow.value, 0);
    assert.deepEqual(view.ids.value, [101, 102, 103, 104]);
    apply({ type: "message", message: message(105), flags: [] });
    assert.equal(view.newBelow.value, 1);
  });
});
