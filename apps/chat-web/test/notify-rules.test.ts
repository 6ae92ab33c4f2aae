import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { plainText, wantsDesktop, wantsSound, type Context } from "../src/ui/notify/rules.js";
import { TOPIC_POLICY } from "../src/state/muting.js";
import type { Message } from "../src/state/types.js";

// Which new messages notify, by the user's settings, muting and following (Zulip's rules).
const ME = 1;
const sub = { stream_id: 10, name: "design", description: "", color: "#888", is_muted: false, pin_to_top: false, invite_only: false };
const msg = (fields: Partial<Message> = {}): Message => ({
  id: 5, type: "stream", sender_id: 2, sender_full_name: "Grace", sender_email: "g@x", avatar_url: null, stream_id: 10,
  display_recipient: "design", subject: "launch", content: "<p>hi</p>", timestamp: 0, flags: [], reactions: [], submessages: [], ...fields,
});
const ctx = (fields: Partial<Context> = {}): Context => ({ myUserId: ME, settings: {}, subscription: sub, senderMuted: false, topicPolicy: TOPIC_POLICY.none, ...fields });
const dm = msg({ type: "private", display_recipient: [{ id: 1, email: "me@x", full_name: "Me" }, { id: 2, email: "g@x", full_name: "Grace" }] });

describe("notification rules", () => {
  it("notifies direct messages and direct mentions, not plain channel messages by default", () => {
    assert.equal(wantsDesktop(dm, ctx()), true);
    assert.equal(wantsDesktop(msg({ flags: ["mentioned"] }), ctx()), true);
    assert.equal(wantsDesktop(msg(), ctx()), false);
  });

  it("never notifies one's own, read or muted senders' messages", () => {
    assert.equal(wantsDesktop(msg({ ...dm, sender_id: ME }), ctx()), false);
    assert.equal(wantsDesktop(msg({ ...dm, flags: ["read"] }), ctx()), false);
    assert.equal(wantsDesktop(dm, ctx({ senderMuted: true })), false);
  });

  it("follows enable_desktop_notifications, wildcard_mentions_notify and the channel's own setting", () => {
    assert.equal(wantsDesktop(dm, ctx({ settings: { enable_desktop_notifications: false } })), false);
    const wild = msg({ flags: ["stream_wildcard_mentioned"] });
    assert.equal(wantsDesktop(wild, ctx()), true);
    assert.equal(wantsDesktop(wild, ctx({ settings: { wildcard_mentions_notify: false } })), false);
    assert.equal(wantsDesktop(wild, ctx({ settings: { wildcard_mentions_notify: false }, subscription: { ...sub, wildcard_mentions_notify: true } as Context["subscription"] })), true);
    assert.equal(wantsDesktop(msg(), ctx({ subscription: { ...sub, desktop_notifications: true } as Context["subscription"] })), true);
    assert.equal(wantsDesktop(msg(), ctx({ settings: { enable_stream_desktop_notifications: true } })), true);
  });

  it("notifies followed topics by their setting; a muted topic or channel only for a direct mention", () => {
    assert.equal(wantsDesktop(msg(), ctx({ topicPolicy: TOPIC_POLICY.followed })), true);
    assert.equal(wantsDesktop(msg(), ctx({ topicPolicy: TOPIC_POLICY.followed, settings: { enable_followed_topic_desktop_notifications: false } })), false);
    assert.equal(wantsDesktop(msg({ flags: ["stream_wildcard_mentioned"] }), ctx({ topicPolicy: TOPIC_POLICY.muted })), false);
    assert.equal(wantsDesktop(msg({ flags: ["mentioned"] }), ctx({ topicPolicy: TOPIC_POLICY.muted })), true);
    assert.equal(wantsDesktop(msg({ flags: ["stream_wildcard_mentioned"] }), ctx({ subscription: { ...sub, is_muted: true } })), false);
    assert.equal(wantsDesktop(msg({ flags: ["stream_wildcard_mentioned"] }), ctx({ subscription: { ...sub, is_muted: true }, topicPolicy: TOPIC_POLICY.unmuted })), true);
    assert.equal(wantsDesktop(msg(), ctx({ subscription: undefined, settings: { enable_stream_desktop_notifications: true } })), false);
  });

  it("plays a sound as enable_sounds and notification_sound say", () => {
    assert.equal(wantsSound(dm, ctx()), true);
    assert.equal(wantsSound(dm, ctx({ settings: { enable_sounds: false } })), false);
    assert.equal(wantsSound(dm, ctx({ settings: { notification_sound: "none" } })), false);
  });

  it("shows the message as plain, shortened text", () => {
    assert.equal(plainText("<p>We ship on <strong>Thursday</strong> &amp; celebrate</p>"), "We ship on Thursday & celebrate");
    assert.equal(plainText(`<p>${"a".repeat(200)}</p>`).length, 150);
    assert.equal(plainText("<p>Lunch at <strong>one</strong>?</p><p>Or <em>two</em>.<br>Say</p>"), "Lunch at one? Or two. Say");
  });
});
