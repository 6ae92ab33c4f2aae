import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { groupsOf, inGroupSetting, mayDelete, mayEditContent, mayMoveOut, mayMoveWithin, mayResolve, editSecondsLeft, type Rules } from "../src/state/permissions.js";
import { fenceFor, messagePermalink, quoteBlock, withQuote } from "../src/ui/message/quote.js";
import { nextUnreadDm, nextUnreadTopic } from "../src/ui/message/unread-order.js";
import { toggledResolution } from "../src/ui/message/actions.js";
import type { UnreadCounts } from "../src/state/unreads.js";
import type { Message, Subscription } from "../src/state/types.js";

// The pure parts of the message actions: who may do what, Zulip's quote and permalink, where n
// and p go.
const ME = 7;
const NOW = 1_700_000_000;
const msg = (fields: Partial<Message> = {}): Message => ({
  id: 42,
  type: "stream",
  sender_id: ME,
  sender_full_name: "Ada Lovelace",
  sender_email: "ada@x",
  avatar_url: null,
  stream_id: 10,
  display_recipient: "design",
  subject: "launch plan",
  content: "",
  timestamp: NOW - 60,
  flags: [],
  reactions: [],
  submessages: [],
  ...fields,
});

// System groups as Zulip has them: members (9) holds moderators (3) holds administrators (2).
const GROUPS = [
  { id: 2, members: [1], direct_subgroup_ids: [] },
  { id: 3, members: [5], direct_subgroup_ids: [2] },
  { id: 9, members: [ME], direct_subgroup_ids: [3] },
  { id: 11, members: [], direct_subgroup_ids: [] },
];
const rules = (realm: Record<string, unknown> = {}, fields: Partial<Rules> = {}): Rules => ({
  realm: { allow_message_editing: true, message_content_edit_limit_seconds: 600, can_delete_own_message_group: 9, can_delete_any_message_group: 2, can_resolve_topics_group: 9, can_move_messages_between_topics_group: 9, can_move_messages_between_channels_group: 9, ...realm },
  userId: ME,
  groups: groupsOf(ME, GROUPS),
  now: NOW,
  ...fields,
});

describe("who may act on a message", () => {
  it("finds every group a user is in through subgroups", () => {
    assert.deepEqual([...groupsOf(1, GROUPS)].sort(), [2, 3, 9]);
    assert.deepEqual([...groupsOf(ME, GROUPS)], [9]);
    assert.equal(inGroupSetting({ direct_members: [ME], direct_subgroups: [] }, ME, null), true);
    assert.equal(inGroupSetting({ direct_members: [], direct_subgroups: [3] }, 1, groupsOf(1, GROUPS)), true);
    assert.equal(inGroupSetting(11, ME, null), undefined, "unknown until the groups are loaded");
  });

  it("offers editing one's own message within the organization's limit only", () => {
    assert.equal(mayEditContent(msg(), rules()), true);
    assert.equal(mayEditContent(msg({ sender_id: 8 }), rules()), false);
    assert.equal(mayEditContent(msg({ timestamp: NOW - 601 }), rules()), false);
    assert.equal(mayEditContent(msg({ timestamp: NOW - 10_000 }), rules({ message_content_edit_limit_seconds: null })), true);
    assert.equal(mayEditContent(msg(), rules({ allow_message_editing: false })), false);
    assert.equal(editSecondsLeft(msg(), rules()), 540);
    assert.equal(editSecondsLeft(msg(), rules({ message_content_edit_limit_seconds: null })), null);
  });

  it("offers deleting by the organization's groups and limit", () => {
    assert.equal(mayDelete(msg(), rules()), true);
    assert.equal(mayDelete(msg({ sender_id: 8 }), rules()), false);
    assert.equal(mayDelete(msg({ sender_id: 8 }), rules({}, { userId: 1, groups: groupsOf(1, GROUPS) })), true, "an administrator deletes anyone's");
    assert.equal(mayDelete(msg({ sender_id: 8 }), rules({}, { groups: null })), false, "not assumed before the groups load");
    assert.equal(mayDelete(msg({ timestamp: NOW - 120 }), rules({ message_content_delete_limit_seconds: 60 })), false);
    assert.equal(mayDelete(msg(), rules({ can_delete_own_message_group: 2 })), false);
  });

  it("offers moving and resolving by group, moves within the time limit unless a moderator", () => {
    assert.equal(mayMoveWithin(msg(), rules()), true);
    assert.equal(mayMoveWithin(msg(), rules({ can_move_messages_between_topics_group: 3 })), false);
    assert.equal(mayMoveWithin(msg(), rules({ can_move_messages_between_topics_group: 3 }, { channel: { can_move_messages_within_channel_group: { direct_members: [ME], direct_subgroups: [] } } })), true, "the channel's own setting");
    assert.equal(mayMoveWithin(msg({ timestamp: NOW - 1000 }), rules({ move_messages_within_stream_limit_seconds: 600 })), false);
    assert.equal(mayMoveWithin(msg({ timestamp: NOW - 1000 }), rules({ move_messages_within_stream_limit_seconds: 600 }, { role: 300 })), true);
    assert.equal(mayMoveOut(msg(), rules({ can_move_messages_between_channels_group: 2 })), false);
    assert.equal(mayMoveWithin(msg({ type: "private", stream_id: undefined }), rules()), false);
    assert.equal(mayResolve(msg(), rules()), true);
    assert.equal(mayResolve(msg({ subject: "" }), rules()), false, "general chat cannot be resolved");
  });
});

describe("Zulip's quote, permalink and resolved topics", () => {
  const names = { channelName: () => "design", userName: () => "Ada" };

  it("links a channel message by its topic and a direct message by every participant", () => {
    assert.equal(messagePermalink(msg(), "https://chat.example", names), "https://chat.example/#narrow/channel/10-design/topic/launch.20plan/near/42");
    const dm = msg({ type: "private", stream_id: undefined, display_recipient: [{ id: 9, email: "", full_name: "" }, { id: ME, email: "", full_name: "" }] });
    assert.equal(messagePermalink(dm, "https://chat.example", names), "https://chat.example/#narrow/dm/7,9-dm/near/42");
    const group = msg({ type: "private", stream_id: undefined, display_recipient: [3, 9, ME].map((id) => ({ id, email: "", full_name: "" })) });
    assert.equal(messagePermalink(group, "https://chat.example", names), "https://chat.example/#narrow/dm/3,7,9-group/near/42");
  });

  it("quotes with a silent mention, a link and a fence longer than any inside", () => {
    assert.equal(quoteBlock("Ship it", "Ada Lovelace", ME, "L"), "@_**Ada Lovelace|7** [said](L):\n```quote\nShip it\n```");
    assert.equal(fenceFor("a\n```js\ncode\n```"), "````");
    assert.equal(fenceFor("inline ``` is fine"), "```");
    assert.equal(withQuote("", "Q"), "Q\n");
    assert.equal(withQuote("Hello  \n", "Q"), "Hello\n\nQ\n");
  });

  it("resolves and unresolves with Zulip's prefix", () => {
    assert.equal(toggledResolution("launch"), "✔ launch");
    assert.equal(toggledResolution("✔ launch"), "launch");
    assert.equal(toggledResolution("✔ ✔launch"), "launch");
  });
});

describe("where n and p go", () => {
  const sub = (stream_id: number, is_muted = false) => ({ stream_id, name: `c${stream_id}`, description: "", color: "", is_muted, pin_to_top: false, invite_only: false }) as Subscription;
  const counts = (topics: [number, string, number][], dms: [string, number][] = []): UnreadCounts => {
    const c: UnreadCounts = { channels: new Map(), topics: new Map(), topicNames: new Map(), dms: new Map(dms), mentions: 0, feed: 0, dmTotal: 0 };
    for (const [channel, topic, n] of topics) {
      c.topics.set(`${channel}\u0000${topic.toLowerCase()}`, n);
      if (!c.topicNames.has(channel)) c.topicNames.set(channel, new Map());
      c.topicNames.get(channel)!.set(`${channel}\u0000${topic.toLowerCase()}`, topic);
    }
    return c;
  };
  const channels = [sub(1), sub(2, true), sub(3)];
  const unread = counts([[1, "a", 1], [1, "b", 2], [2, "muted", 5], [3, "c", 1]]);
  const recent = (id: number) => (id === 1 ? [{ name: "b", max_id: 9 }, { name: "a", max_id: 5 }] : undefined);

  it("goes to the next unread topic in the sidebar's order, skipping muted channels, around to the start", () => {
    assert.deepEqual(nextUnreadTopic({}, channels, unread, recent), { channelId: 1, topic: "b" }, "the most recent first");
    assert.deepEqual(nextUnreadTopic({ channelId: 1, topic: "b" }, channels, unread, recent), { channelId: 1, topic: "a" });
    assert.deepEqual(nextUnreadTopic({ channelId: 1, topic: "a" }, channels, unread, recent), { channelId: 3, topic: "c" });
    assert.deepEqual(nextUnreadTopic({ channelId: 3, topic: "c" }, channels, unread, recent), { channelId: 1, topic: "b" });
    assert.equal(nextUnreadTopic({ channelId: 3, topic: "c" }, channels, counts([[3, "c", 1]]), recent), undefined, "only the one on screen");
  });

  it("goes to the next unread direct conversation, the most recent first", () => {
    const conversations = [{ peers: [9], maxId: 30 }, { peers: [3, 9], maxId: 20 }, { peers: [4], maxId: 10 }];
    const c = counts([], [["9", 1], ["4", 2]]);
    assert.deepEqual(nextUnreadDm({}, conversations, c), { dm: [9] });
    assert.deepEqual(nextUnreadDm({ dm: [9] }, conversations, c), { dm: [4] });
    assert.deepEqual(nextUnreadDm({ dm: [4] }, conversations, c), { dm: [9] });
    assert.equal(nextUnreadDm({}, conversations, counts([])), undefined);
  });
});
