import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { applyEvent } from "../src/api/apply.js";
import { channelMembers, loadChannelMembers } from "../src/state/channel-members.js";
import { setChannels } from "../src/state/channels.js";
import { setConversations } from "../src/state/dms.js";
import { userGroups, type UserGroup } from "../src/state/groups.js";
import { myGroups } from "../src/state/permissions.js";
import { reminders, scheduledMessages, type Scheduled } from "../src/state/scheduled.js";
import { session } from "../src/state/session.js";
import { setUsers } from "../src/state/users.js";
import { byActivity, loadRecent, recent } from "../src/ui/home/recent-store.js";
import type { Message } from "../src/state/types.js";

// The lists that other people's changes reach through the event queue (Zulip's shapes, GET
// /events): Recent conversations (moves, deletions), a channel's subscribers in the people
// column, user groups, scheduled messages and reminders. The server's answers to the few GETs
// the lists make come from a fake fetch; no DOM.
const ME = 1;
const GRACE = 2;
const ADA = 3;
const DESIGN = 10;
const RANDOM = 20;
let eventId = 0;
const apply = (event: Record<string, unknown>) => applyEvent({ id: ++eventId, ...event } as never);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What the fake server answers, by path (the query left out). */
const answers = new Map<string, unknown>();
const fakeFetch = (async (url: string) => {
  const body = answers.get(url.split("?")[0]!);
  return new Response(JSON.stringify(body ? { result: "success", ...body } : { result: "error", msg: "not here" }), { status: body ? 200 : 404 });
}) as typeof fetch;
// Test files share a process: the real fetch goes back when this file is done.
const realFetch = globalThis.fetch;
before(() => {
  globalThis.fetch = fakeFetch;
});
after(() => {
  globalThis.fetch = realFetch;
});

function message(id: number, fields: Partial<Message> = {}): Message {
  return { id, type: "stream", sender_id: GRACE, sender_full_name: "Grace", sender_email: "g@x", avatar_url: null, stream_id: DESIGN, display_recipient: "design", subject: "launch", content: "", timestamp: 1_700_000_000 + id, flags: ["read"], reactions: [], submessages: [], ...fields };
}

before(() => {
  session.value = { userId: ME, email: "me@x", fullName: "Me", realmName: "R", twentyFourHourTime: false, timezone: "", emojiset: "google" };
  const sub = (stream_id: number, name: string) => ({ stream_id, name, description: "", color: "#888", is_muted: false, pin_to_top: false, invite_only: false });
  setChannels([sub(DESIGN, "design"), sub(RANDOM, "random")], []);
  setUsers([]);
});

describe("Recent conversations", () => {
  const rows = () => byActivity(recent.value).map((c) => `${c.channelId ?? "dm"}:${c.topic ?? c.dm} #${c.maxId} [${c.senders}]`);

  before(async () => {
    setConversations([]);
    answers.set("/json/messages", {
      messages: [
        message(101, { sender_id: ADA }),
        message(102),
        message(103, { sender_id: ME }),
        message(104, { subject: "budget" }),
        message(105, { stream_id: RANDOM, subject: "chatter", sender_id: ADA }),
        message(106, { type: "private", display_recipient: [{ id: ME }, { id: GRACE }] as never, stream_id: undefined, subject: "" }),
      ],
    });
    await loadRecent();
    assert.deepEqual(rows(), ["dm:2 #106 [2]", "20:chatter #105 [3]", "10:budget #104 [2]", "10:launch #103 [1,2,3]"]);
  });

  it("follows a renamed topic: the old name leaves, the new one holds its messages and people", () => {
    apply({ type: "update_message", message_id: 101, message_ids: [101, 102, 103], stream_id: DESIGN, orig_subject: "launch", subject: "release", propagate_mode: "change_all", edit_timestamp: 1 });
    assert.deepEqual(rows(), ["dm:2 #106 [2]", "20:chatter #105 [3]", "10:budget #104 [2]", "10:release #103 [1,2,3]"]);
  });

  it("splits a topic when some messages move, each side rebuilt from its own messages", () => {
    apply({ type: "update_message", message_id: 103, message_ids: [103], stream_id: DESIGN, orig_subject: "release", subject: "budget", propagate_mode: "change_one", edit_timestamp: 2 });
    assert.deepEqual(rows(), ["dm:2 #106 [2]", "20:chatter #105 [3]", "10:budget #104 [2,1]", "10:release #102 [2,3]"]);
  });

  it("moves a topic to another channel", () => {
    apply({ type: "update_message", message_id: 101, message_ids: [101, 102], stream_id: DESIGN, orig_subject: "release", new_stream_id: RANDOM, propagate_mode: "change_all", edit_timestamp: 3 });
    assert.deepEqual(rows(), ["dm:2 #106 [2]", "20:chatter #105 [3]", "10:budget #104 [2,1]", "20:release #102 [2,3]"]);
  });

  it("rebuilds a conversation whose newest message is deleted, and drops one left empty", () => {
    apply({ type: "delete_message", message_ids: [104], message_type: "stream", stream_id: DESIGN, topic: "budget" });
    assert.deepEqual(rows(), ["dm:2 #106 [2]", "20:chatter #105 [3]", "10:budget #103 [1]", "20:release #102 [2,3]"]);
    apply({ type: "delete_message", message_ids: [106], message_type: "private" });
    apply({ type: "delete_message", message_ids: [101, 102], message_type: "stream", stream_id: RANDOM, topic: "release" });
    assert.deepEqual(rows(), ["20:chatter #105 [3]", "10:budget #103 [1]"]);
  });

  it("still puts a new message's conversation first", () => {
    apply({ type: "message", message: message(107, { subject: "Budget", sender_id: ADA }), flags: [] });
    assert.deepEqual(rows(), ["10:Budget #107 [3,1]", "20:chatter #105 [3]"]);
  });
});

describe("a channel's subscribers in the people column", () => {
  before(async () => {
    answers.set(`/json/streams/${DESIGN}/members`, { subscribers: [ME, GRACE] });
    loadChannelMembers(DESIGN);
    await tick();
    await tick();
  });
  const members = (id: number) => [...(channelMembers.value.get(id) ?? [])].sort();

  it("adds those who join and takes out those who leave (peer_add, peer_remove)", () => {
    apply({ type: "subscription", op: "peer_add", stream_ids: [DESIGN, RANDOM], user_ids: [ADA] });
    assert.deepEqual(members(DESIGN), [ME, GRACE, ADA]);
    assert.equal(channelMembers.value.has(RANDOM), false, "a list not loaded is left to its fetch");
    apply({ type: "subscription", op: "peer_remove", stream_ids: [DESIGN], user_ids: [GRACE] });
    assert.deepEqual(members(DESIGN), [ME, ADA]);
  });

  it("takes oneself out and in again (subscription remove, add), and forgets an archived channel", () => {
    apply({ type: "subscription", op: "remove", subscriptions: [{ stream_id: DESIGN, name: "design" }] });
    assert.deepEqual(members(DESIGN), [ADA]);
    apply({ type: "subscription", op: "add", subscriptions: [{ stream_id: DESIGN, name: "design", color: "#888", is_muted: false, pin_to_top: false, invite_only: false, description: "" }] });
    assert.deepEqual(members(DESIGN), [ME, ADA]);
    apply({ type: "stream", op: "delete", streams: [{ stream_id: DESIGN }] });
    assert.equal(channelMembers.value.has(DESIGN), false);
  });
});

describe("user groups", () => {
  const group = (id: number, name: string, members: number[], subgroups: number[] = []): UserGroup => ({ id, name, description: "", members, direct_subgroup_ids: subgroups, is_system_group: false });
  const names = () => userGroups.value!.map((g) => `${g.name}:${g.members}|${g.direct_subgroup_ids}`);
  beforeEach(() => {
    userGroups.value = [group(1, "design", [GRACE]), group(2, "everyone", [], [1])];
    myGroups.value = new Set();
  });

  it("adds, renames and removes a group (add, update, remove)", () => {
    apply({ type: "user_group", op: "add", group: group(3, "ops", [ADA]) });
    apply({ type: "user_group", op: "update", group_id: 3, data: { name: "operations", description: "Keeps things up" } });
    assert.deepEqual(names(), ["design:2|", "everyone:|1", "operations:3|"]);
    assert.equal(userGroups.value!.find((g) => g.id === 3)!.description, "Keeps things up");
    apply({ type: "user_group", op: "remove", group_id: 3 });
    assert.deepEqual(names(), ["design:2|", "everyone:|1"]);
  });

  it("changes members and subgroups, and which groups one is in (through subgroups too)", () => {
    apply({ type: "user_group", op: "add_members", group_id: 1, user_ids: [ME, GRACE] });
    assert.deepEqual(names(), ["design:2,1|", "everyone:|1"]);
    assert.deepEqual([...myGroups.value!].sort(), [1, 2]);
    apply({ type: "user_group", op: "remove_subgroups", group_id: 2, direct_subgroup_ids: [1] });
    assert.deepEqual([...myGroups.value!], [1]);
    apply({ type: "user_group", op: "add_subgroups", group_id: 2, direct_subgroup_ids: [1] });
    apply({ type: "user_group", op: "remove_members", group_id: 1, user_ids: [ME] });
    assert.deepEqual(names(), ["design:2|", "everyone:|1"]);
    assert.deepEqual([...myGroups.value!], []);
  });

  it("takes a deactivated user out of every group", () => {
    setUsers([{ user_id: GRACE, email: "g@x", full_name: "Grace", avatar_url: null, is_active: true, is_bot: false }]);
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, is_active: false } });
    assert.deepEqual(names(), ["design:|", "everyone:|1"]);
  });
});

describe("scheduled messages and reminders", () => {
  const scheduled = (id: number, at: number, content = "hello"): Scheduled => ({ scheduled_message_id: id, type: "stream", to: DESIGN, topic: "launch", content, rendered_content: `<p>${content}</p>`, scheduled_delivery_timestamp: at, failed: false });
  const list = () => scheduledMessages.value!.map((s) => `${s.scheduled_message_id}@${s.scheduled_delivery_timestamp}:${s.content}`);

  it("leaves a list not loaded to its fetch", () => {
    scheduledMessages.value = null;
    apply({ type: "scheduled_messages", op: "add", scheduled_messages: [scheduled(1, 100)] });
    assert.equal(scheduledMessages.value, null);
  });

  it("adds, edits and reschedules (soonest first), and removes one sent or deleted", () => {
    scheduledMessages.value = [scheduled(1, 100)];
    apply({ type: "scheduled_messages", op: "add", scheduled_messages: [scheduled(2, 50)] });
    assert.deepEqual(list(), ["2@50:hello", "1@100:hello"]);
    apply({ type: "scheduled_messages", op: "update", scheduled_message: scheduled(2, 200, "later") });
    assert.deepEqual(list(), ["1@100:hello", "2@200:later"]);
    apply({ type: "scheduled_messages", op: "remove", scheduled_message_id: 1 });
    assert.deepEqual(list(), ["2@200:later"]);
  });

  it("adds and removes reminders", () => {
    reminders.value = [];
    apply({ type: "reminders", op: "add", reminders: [{ reminder_id: 5, content: "", rendered_content: "", scheduled_delivery_timestamp: 10, failed: false, reminder_target_message_id: 101 }] });
    assert.deepEqual(reminders.value.map((r) => r.reminder_id), [5]);
    apply({ type: "reminders", op: "remove", reminder_id: 5 });
    assert.deepEqual(reminders.value, []);
  });
});
