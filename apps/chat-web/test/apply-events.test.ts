import { afterEach, beforeEach, describe, it, mock } from "node:test";
import assert from "node:assert/strict";
import { applyEvent } from "../src/api/apply.js";
import { setChannels, subscriptionById } from "../src/state/channels.js";
import { echoes } from "../src/state/compose.js";
import { conversations, setConversations } from "../src/state/dms.js";
import { realmEmoji, setRealmEmoji } from "../src/state/emoji.js";
import { onNewMessage } from "../src/state/live.js";
import { setLimits } from "../src/state/limits.js";
import { mutedUsers, setMutedUsers, setUserTopics, topicPolicy, TOPIC_POLICY } from "../src/state/muting.js";
import { presences } from "../src/state/presence.js";
import { myRole } from "../src/state/role.js";
import { session } from "../src/state/session.js";
import { realmSettings, setSettings, userSettings } from "../src/state/settings.js";
import { topicsByChannel } from "../src/state/topics.js";
import { clearTyping, typists } from "../src/state/typing.js";
import { markAllRead, topicKey, unreadCounts } from "../src/state/unreads.js";
import { setUsers, users } from "../src/state/users.js";
import type { Message } from "../src/state/types.js";

// Every event type api/apply.ts handles besides the message edits and deletions
// (apply-messages.test.ts) and the channel events (channel-events.test.ts), in Zulip's shapes
// (GET /events), with the state the views read afterwards. No DOM: the stores are signals.
const ME = 1;
const GRACE = 2;
const ADA = 3;
const DESIGN = 10;
let eventId = 0;
const apply = (event: Record<string, unknown>) => applyEvent({ id: ++eventId, ...event } as never);
const person = (user_id: number, full_name: string, extra: Record<string, unknown> = {}) => ({ user_id, email: `user${user_id}@x`, full_name, avatar_url: null, is_active: true, is_bot: false, ...extra });
const sub = (stream_id: number, name: string) => ({ stream_id, name, description: "", color: "#888", is_muted: false, pin_to_top: false, invite_only: false });

function message(id: number, fields: Partial<Message> = {}): Message {
  return { id, type: "stream", sender_id: GRACE, sender_full_name: "Grace", sender_email: "g@x", avatar_url: null, stream_id: DESIGN, display_recipient: "design", subject: "launch", content: `<p>${id}</p>`, timestamp: 1_700_000_000 + id, flags: [], reactions: [], submessages: [], ...fields };
}

beforeEach(() => {
  session.value = { userId: ME, email: "me@x", fullName: "Me", realmName: "Acme", twentyFourHourTime: false, timezone: "", emojiset: "google" };
  setChannels([sub(DESIGN, "design")], []);
  markAllRead();
  setConversations([]);
  topicsByChannel.value = new Map([[DESIGN, [{ name: "older", max_id: 5 }]]]);
  setUsers([person(ME, "Me", { role: 400 }), person(GRACE, "Grace"), person(ADA, "Ada")]);
  myRole.value = 400;
  setSettings({ user_settings: { twenty_four_hour_time: false }, realm_name: "Acme", realm_message_content_edit_limit_seconds: 600 });
});

describe("message", () => {
  it("counts a channel message unread, lists its topic first and tells the listeners", () => {
    const heard: number[] = [];
    const stop = onNewMessage((m) => heard.push(m.id));
    apply({ type: "message", message: message(50, { flags: undefined as never }), flags: ["mentioned"] });
    stop();
    assert.equal(unreadCounts.value.topics.get(topicKey(DESIGN, "launch")), 1);
    assert.equal(unreadCounts.value.mentions, 1, "the event's own flags count (a mention)");
    assert.deepEqual(topicsByChannel.value.get(DESIGN), [{ name: "launch", max_id: 50 }, { name: "older", max_id: 5 }]);
    assert.deepEqual(heard, [50]);
  });

  it("puts a direct conversation first and counts it under its other members (ourselves left out)", () => {
    setConversations([{ user_ids: [ADA], max_message_id: 40 }]);
    const dm = message(51, { type: "private", display_recipient: [{ id: ME }, { id: GRACE }, { id: ADA }] as never, stream_id: undefined, subject: "" });
    apply({ type: "message", message: dm, flags: [] });
    assert.deepEqual(conversations.value.map((c) => [c.peers, c.maxId]), [[[GRACE, ADA], 51], [[ADA], 40]]);
    assert.equal(unreadCounts.value.dms.get(`${GRACE},${ADA}`), 1);
  });

  it("does not count one's own message (read flag) and settles its local echo", () => {
    echoes.value = [{ localId: "9.1", draft: { kind: "channel", channelId: DESIGN, topic: "launch", to: "", content: "hi" } as never, userIds: [], senderId: ME, timestamp: 1 }];
    apply({ type: "message", message: message(52, { sender_id: ME }), flags: ["read"], local_message_id: "9.1" });
    assert.equal(unreadCounts.value.feed, 0);
    assert.deepEqual(echoes.value, []);
  });

  it("ends the sender's typing notice in that conversation", () => {
    apply({ type: "typing", op: "start", message_type: "stream", sender: { user_id: GRACE }, stream_id: DESIGN, topic: "Launch" });
    assert.deepEqual(typists.value.get(`topic:${DESIGN}:launch`), [GRACE]);
    apply({ type: "message", message: message(53), flags: [] });
    assert.equal(typists.value.has(`topic:${DESIGN}:launch`), false);
  });
});

describe("typing", () => {
  beforeEach(() => {
    mock.timers.enable({ apis: ["setTimeout"] });
    setLimits({ server_typing_started_expiry_period_milliseconds: 15_000 });
  });
  afterEach(() => {
    clearTyping();
    mock.timers.reset();
  });

  it("shows who types in a direct conversation until they stop, never oneself", () => {
    apply({ type: "typing", op: "start", message_type: "direct", sender: { user_id: GRACE }, recipients: [{ user_id: ME }, { user_id: GRACE }] });
    apply({ type: "typing", op: "start", message_type: "direct", sender: { user_id: ME }, recipients: [{ user_id: ME }, { user_id: GRACE }] });
    assert.deepEqual(typists.value.get(`dm:${GRACE}`), [GRACE]);
    apply({ type: "typing", op: "stop", message_type: "direct", sender: { user_id: GRACE }, recipients: [{ user_id: ME }, { user_id: GRACE }] });
    assert.equal(typists.value.size, 0);
  });

  it("forgets a start whose stop was lost after the server's expiry period", () => {
    apply({ type: "typing", op: "start", message_type: "stream", sender: { user_id: ADA }, stream_id: DESIGN, topic: "launch" });
    mock.timers.tick(14_999);
    assert.equal(typists.value.size, 1);
    mock.timers.tick(1);
    assert.equal(typists.value.size, 0);
  });
});

describe("subscription update", () => {
  it("sets a personal property, and reads the legacy in_home_view as the opposite of is_muted", () => {
    apply({ type: "subscription", op: "update", stream_id: DESIGN, property: "color", value: "#f00" });
    apply({ type: "subscription", op: "update", stream_id: DESIGN, property: "pin_to_top", value: true });
    apply({ type: "subscription", op: "update", stream_id: DESIGN, property: "in_home_view", value: false });
    const s = subscriptionById.value.get(DESIGN)!;
    assert.deepEqual([s.color, s.pin_to_top, s.is_muted], ["#f00", true, true]);
    apply({ type: "subscription", op: "update", stream_id: DESIGN, property: "is_muted", value: false });
    assert.equal(subscriptionById.value.get(DESIGN)!.is_muted, false);
  });
});

describe("realm_user", () => {
  it("adds a person, deactivates one (remove, and the modern is_active update) and reactivates", () => {
    apply({ type: "realm_user", op: "add", person: person(4, "Linus") });
    assert.equal(users.value.get(4)?.full_name, "Linus");
    apply({ type: "realm_user", op: "remove", person: { user_id: 4, full_name: "Linus" } });
    assert.equal(users.value.get(4)?.is_active, false);
    apply({ type: "realm_user", op: "update", person: { user_id: ADA, is_active: false } });
    assert.equal(users.value.get(ADA)?.is_active, false);
    apply({ type: "realm_user", op: "update", person: { user_id: ADA, is_active: true } });
    assert.equal(users.value.get(ADA)?.is_active, true);
  });

  it("renames someone, and oneself in the session too", () => {
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, full_name: "Grace Hopper" } });
    apply({ type: "realm_user", op: "update", person: { user_id: ME, full_name: "Me Myself" } });
    assert.equal(users.value.get(GRACE)?.full_name, "Grace Hopper");
    assert.equal(session.value!.fullName, "Me Myself");
  });

  it("changes a role; one's own role changes what the app offers", () => {
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, role: 200 } });
    assert.equal(users.value.get(GRACE)?.role, 200);
    assert.equal(myRole.value, 400);
    apply({ type: "realm_user", op: "update", person: { user_id: ME, role: 100 } });
    assert.equal(myRole.value, 100);
  });

  it("takes a new API email (new_email) under email, and one's own real address (delivery_email) into the session", () => {
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, new_email: "grace@new.example" } });
    assert.equal(users.value.get(GRACE)?.email, "grace@new.example");
    assert.equal("new_email" in users.value.get(GRACE)!, false);
    const before = session.value!.email;
    // A stand-in API email (the address hidden from others) is not the address one signs in with.
    apply({ type: "realm_user", op: "update", person: { user_id: ME, new_email: `user${ME}@acme.example` } });
    assert.equal(session.value!.email, before);
    apply({ type: "realm_user", op: "update", person: { user_id: ME, delivery_email: "me@new.example" } });
    assert.equal(session.value!.email, "me@new.example");
  });

  it("keeps a visible delivery email, and forgets it when it stops being visible (null)", () => {
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, delivery_email: "grace@real.example" } });
    assert.equal(users.value.get(GRACE)?.delivery_email, "grace@real.example");
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, delivery_email: null } });
    assert.equal(users.value.get(GRACE)?.delivery_email, null);
  });

  it("applies avatar and time zone changes", () => {
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, avatar_url: "/user_avatars/2.png", avatar_source: "U", avatar_version: 3 } });
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, timezone: "Europe/Paris" } });
    assert.equal(users.value.get(GRACE)?.avatar_url, "/user_avatars/2.png");
    assert.equal(users.value.get(GRACE)?.timezone, "Europe/Paris");
  });

  it("leaves the user list alone for a custom profile field (the card fetches the profile when opened)", () => {
    const before = users.value.get(GRACE);
    apply({ type: "realm_user", op: "update", person: { user_id: GRACE, custom_profile_field: { id: 1, value: "Tea" } } });
    assert.deepEqual(users.value.get(GRACE), before);
  });
});

describe("user_settings", () => {
  it("stores any setting, and the clock, zone and emoji set in the session the views read", () => {
    apply({ type: "user_settings", op: "update", property: "enable_desktop_notifications", value: false });
    apply({ type: "user_settings", op: "update", property: "twenty_four_hour_time", value: true });
    apply({ type: "user_settings", op: "update", property: "timezone", value: "Asia/Tokyo" });
    apply({ type: "user_settings", op: "update", property: "emojiset", value: "text" });
    assert.equal(userSettings.value.enable_desktop_notifications, false);
    assert.equal(userSettings.value.twenty_four_hour_time, true);
    assert.deepEqual([session.value!.twentyFourHourTime, session.value!.timezone, session.value!.emojiset], [true, "Asia/Tokyo", "text"]);
  });
});

describe("realm", () => {
  it("applies one property (update) and several (update_dict), the name to the session", () => {
    apply({ type: "realm", op: "update", property: "message_content_edit_limit_seconds", value: 3600 });
    assert.equal(realmSettings.value.message_content_edit_limit_seconds, 3600);
    apply({ type: "realm", op: "update", property: "name", value: "Acme Corp" });
    assert.equal(session.value!.realmName, "Acme Corp");
    apply({ type: "realm", op: "update_dict", property: "default", data: { name: "Acme Inc", description: "We make things" } });
    assert.deepEqual([realmSettings.value.name, realmSettings.value.description, session.value!.realmName], ["Acme Inc", "We make things", "Acme Inc"]);
    apply({ type: "realm", op: "update_dict", property: "icon", data: { icon_url: "/icon.png", icon_source: "U" } });
    assert.equal(realmSettings.value.icon_url, "/icon.png");
  });
});

describe("realm_emoji", () => {
  it("replaces the organization's custom emoji with the set sent", () => {
    setRealmEmoji({ 1: { id: "1", name: "old", source_url: "/e/1.png", deactivated: false } });
    apply({ type: "realm_emoji", op: "update", realm_emoji: { 2: { id: "2", name: "party", source_url: "/e/2.png", deactivated: false } } });
    assert.deepEqual([...realmEmoji.value.keys()], ["2"]);
  });
});

describe("presence", () => {
  it("takes the modern form by user id and the legacy form by client, never going back in time", () => {
    apply({ type: "presence", presences: { [GRACE]: { active_timestamp: 1000, idle_timestamp: 1000 } }, server_timestamp: 1001 });
    assert.deepEqual(presences.value.get(GRACE), { active: 1000, idle: 1000 });
    apply({ type: "presence", user_id: ADA, email: "a@x", presence: { website: { client: "website", status: "idle", timestamp: 900, pushable: false } }, server_timestamp: 1002 });
    assert.deepEqual(presences.value.get(ADA), { active: 0, idle: 900 });
    apply({ type: "presence", presences: { [GRACE]: { active_timestamp: 500, idle_timestamp: 1100 } } });
    assert.deepEqual(presences.value.get(GRACE), { active: 1000, idle: 1100 });
  });
});

describe("muted_users and user_topic", () => {
  it("replaces the muted users with the list sent", () => {
    setMutedUsers([{ id: ADA }]);
    apply({ type: "muted_users", muted_users: [{ id: GRACE, timestamp: 1 }] });
    assert.deepEqual([...mutedUsers.value], [GRACE]);
  });

  it("sets a topic's policy and forgets it at 0, whatever the topic's case", () => {
    setUserTopics([]);
    apply({ type: "user_topic", stream_id: DESIGN, topic_name: "Launch", last_updated: 1, visibility_policy: TOPIC_POLICY.muted });
    assert.equal(topicPolicy(DESIGN, "launch"), TOPIC_POLICY.muted);
    apply({ type: "user_topic", stream_id: DESIGN, topic_name: "launch", last_updated: 2, visibility_policy: TOPIC_POLICY.followed });
    assert.equal(topicPolicy(DESIGN, "LAUNCH"), TOPIC_POLICY.followed);
    apply({ type: "user_topic", stream_id: DESIGN, topic_name: "launch", last_updated: 3, visibility_policy: TOPIC_POLICY.none });
    assert.equal(topicPolicy(DESIGN, "launch"), TOPIC_POLICY.none);
  });
});

describe("restart", () => {
  it("asks for a fresh register; other events ask nothing", () => {
    assert.equal(apply({ type: "restart", zulip_version: "x", immediate: true }), "reregister");
    assert.equal(apply({ type: "heartbeat" }), undefined);
  });
});
