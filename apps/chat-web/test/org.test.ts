import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { channelNameProblem, creatablePrivacies, filterChannels, mayAdministerChannel, maySubscribe, privacyFields, type Who } from "../src/state/channel-rules.js";
import { describeSetting, groupLabel, settingChoices, type UserGroup } from "../src/state/groups.js";
import { groupPermissions, mayCreateGroup } from "../src/state/group-rules.js";
import { expandGroup, matchPeople } from "../src/state/people-match.js";
import type { Channel } from "../src/state/types.js";
import { describeWhen, fromInputValue, reminderPresets, sendLaterPresets, toInputValue } from "../src/state/time-presets.js";
import { localTime, roleName, showField } from "../src/state/profile.js";

// Who may do what to channels, pickers of people and groups, the groups' names.
const group = (id: number, name: string, members: number[] = [], subgroups: number[] = [], system = name.startsWith("role:")): UserGroup => ({ id, name, description: "", members, direct_subgroup_ids: subgroups, is_system_group: system });
const GROUPS = [group(1, "role:owners", [1]), group(2, "role:administrators", [], [1]), group(3, "role:moderators", [], [2]), group(4, "role:members", [7], [3]), group(5, "role:everyone", [9], [4]), group(6, "role:nobody"), group(8, "role:internet", [], [5]), group(20, "design team", [7, 9])];
const member: Who = { userId: 7, role: 400, groups: new Set([4, 5, 20]) };
const admin: Who = { userId: 1, role: 100, groups: new Set([1, 2, 3, 4, 5]) };
const guest: Who = { userId: 9, role: 600, groups: new Set([5, 20]) };
const channel = (fields: Partial<Channel> = {}): Channel => ({ stream_id: 10, name: "design", invite_only: false, can_administer_channel_group: { direct_members: [1], direct_subgroups: [] }, can_subscribe_group: 6, ...fields });

describe("channel rules", () => {
  it("offers the kinds of channel the organization's groups allow, web-public only with spectators let in", () => {
    const realm = { can_create_public_channel_group: 4, can_create_private_channel_group: 3, can_create_web_public_channel_group: 4, enable_spectator_access: false };
    assert.deepEqual(creatablePrivacies(realm, member), ["public"]);
    assert.deepEqual(creatablePrivacies({ ...realm, enable_spectator_access: true }, member), ["public", "web-public"]);
    assert.deepEqual(creatablePrivacies(realm, admin), ["public", "private"]);
    assert.deepEqual(creatablePrivacies(realm, { ...member, groups: null }), [], "nothing until the groups are known");
    assert.deepEqual(creatablePrivacies({ ...realm, can_create_public_channel_group: { direct_members: [7], direct_subgroups: [] } }, { ...member, groups: null }), ["public"]);
  });

  it("lets administrators and the channel's administering group administer it", () => {
    assert.equal(mayAdministerChannel(channel(), admin), true);
    assert.equal(mayAdministerChannel(channel(), member), false);
    assert.equal(mayAdministerChannel(channel({ can_administer_channel_group: 20 }), member), true);
    assert.equal(mayAdministerChannel(channel({ can_administer_channel_group: { direct_members: [7], direct_subgroups: [] } }), member), true);
  });

  it("lets members join public channels, guests and private ones only through can_subscribe_group", () => {
    assert.equal(maySubscribe(channel(), member), true);
    assert.equal(maySubscribe(channel(), guest), false);
    assert.equal(maySubscribe(channel({ invite_only: true }), member), false);
    assert.equal(maySubscribe(channel({ invite_only: true, can_subscribe_group: 20 }), member), true);
    assert.equal(maySubscribe(channel({ invite_only: true }), admin), true);
    assert.equal(maySubscribe(channel({ is_archived: true }), admin), false);
  });

  it("sends shared history for public and web-public channels whatever was ticked", () => {
    assert.deepEqual(privacyFields("public", false), { invite_only: false, is_web_public: false, history_public_to_subscribers: true });
    assert.deepEqual(privacyFields("private", false), { invite_only: true, is_web_public: false, history_public_to_subscribers: false });
    assert.deepEqual(privacyFields("web-public", false), { invite_only: false, is_web_public: true, history_public_to_subscribers: true });
  });

  it("filters by every word typed, leaves archived channels out, sorts by name", () => {
    const list = [channel({ stream_id: 1, name: "Zeta launch" }), channel({ stream_id: 2, name: "alpha" }), channel({ stream_id: 3, name: "launch plans" }), channel({ stream_id: 4, name: "old launch", is_archived: true })];
    const cmp = (a: string, b: string) => a.localeCompare(b);
    assert.deepEqual(filterChannels(list, "", null, cmp).map((c) => c.stream_id), [2, 3, 1]);
    assert.deepEqual(filterChannels(list, "LAUNCH", null, cmp).map((c) => c.stream_id), [3, 1]);
    assert.deepEqual(filterChannels(list, "lau pla", null, cmp).map((c) => c.stream_id), [3]);
    assert.deepEqual(filterChannels(list, "", new Set([1, 4]), cmp).map((c) => c.stream_id), [1]);
  });

  it("refuses an empty, too long or taken name before asking the server", () => {
    assert.equal(channelNameProblem("  ", []), "Choose a name for the channel.");
    assert.equal(channelNameProblem("x".repeat(61), []), "A channel name is at most 60 characters.");
    assert.equal(channelNameProblem("Design", [channel()]), 'A channel named "design" already exists.');
    assert.equal(channelNameProblem("launch", [channel()]), null);
  });
});

describe("groups and people pickers", () => {
  it("names system groups for people and lists roles widest first, then user groups", () => {
    assert.equal(groupLabel(GROUPS[3]!), "Members");
    assert.equal(groupLabel(GROUPS[7]!), "design team");
    assert.deepEqual(settingChoices(GROUPS).map(groupLabel), ["Everyone, guests included", "Members", "Moderators", "Administrators", "Owners", "Nobody", "design team"]);
    assert.equal(settingChoices(GROUPS, true)[0]!.name, "role:internet");
  });

  it("describes a setting naming a group or people directly", () => {
    const names = (id: number) => ({ 7: "Ada", 9: "Grace" })[id] ?? "?";
    assert.equal(describeSetting(4, GROUPS, names), "Members");
    assert.equal(describeSetting({ direct_members: [7, 9], direct_subgroups: [20] }, GROUPS, names), "design team, Ada, Grace");
    assert.equal(describeSetting({ direct_members: [], direct_subgroups: [] }, GROUPS, names), "Nobody");
  });

  it("expands a group through its subgroups, each once", () => {
    assert.deepEqual([...expandGroup(4, GROUPS)].sort(), [1, 7]);
    const cyclic = [group(1, "a", [1], [2]), group(2, "b", [2], [1])];
    assert.deepEqual([...expandGroup(1, cyclic)].sort(), [1, 2]);
  });

  it("matches people by the start of any word of the name or of the e-mail, active ones only", () => {
    const people = [
      { user_id: 1, full_name: "Ada Lovelace", email: "ada@x" },
      { user_id: 2, full_name: "Grace Hopper", email: "grace@x" },
      { user_id: 3, full_name: "Alan Turing", email: "alan@x", is_active: false },
      { user_id: 4, full_name: "Lovelace Fan", email: "fan@x" },
    ];
    assert.deepEqual(matchPeople(people, "love").map((u) => u.user_id), [1, 4]);
    assert.deepEqual(matchPeople(people, "GRA").map((u) => u.user_id), [2]);
    assert.deepEqual(matchPeople(people, "alan"), []);
    assert.deepEqual(matchPeople(people, " "), []);
    assert.deepEqual(matchPeople(people, "a", 1).map((u) => u.user_id), [1]);
  });
});

describe("send-later and reminder times", () => {
  // Local dates: the presets are in the browser's zone, whatever it is.
  const local = (day: number, hour: number, minute = 0) => new Date(2026, 11, day, hour, minute);
  const shown = (presets: { label: string; at: Date }[]) => presets.map((p) => [p.label, p.at.getTime()]);

  it("offers this afternoon, tomorrow and Monday mornings from a Friday morning", () => {
    assert.deepEqual(shown(sendLaterPresets(local(4, 10))), [
      ["Today at 4:00 PM", local(4, 16).getTime()],
      ["Tomorrow at 9:00 AM", local(5, 9).getTime()],
      ["Monday at 9:00 AM", local(7, 9).getTime()],
    ]);
  });

  it("leaves out this afternoon when it is less than an hour away, and Monday when it is tomorrow", () => {
    assert.deepEqual(shown(sendLaterPresets(local(6, 15, 30))), [["Tomorrow at 9:00 AM", local(7, 9).getTime()]]);
    assert.deepEqual(shown(sendLaterPresets(local(7, 8), true)), [
      ["Today at 16:00", local(7, 16).getTime()],
      ["Tomorrow at 09:00", local(8, 9).getTime()],
      ["Monday at 09:00", local(14, 9).getTime()],
    ]);
  });

  it("offers reminders in minutes and hours, then mornings", () => {
    const now = local(4, 10);
    assert.deepEqual(shown(reminderPresets(now)), [
      ["In 20 minutes", now.getTime() + 20 * 60_000],
      ["In 1 hour", now.getTime() + 3_600_000],
      ["In 3 hours", now.getTime() + 3 * 3_600_000],
      ["Tomorrow at 9:00 AM", local(5, 9).getTime()],
      ["Monday at 9:00 AM", local(7, 9).getTime()],
    ]);
  });

  it("reads and writes the datetime-local field in local time", () => {
    assert.equal(toInputValue(local(7, 9, 5)), "2026-12-07T09:05");
    assert.equal(fromInputValue("2026-12-07T09:05")?.getTime(), local(7, 9, 5).getTime());
    assert.equal(fromInputValue(""), null);
    assert.equal(fromInputValue("tomorrow"), null);
    assert.equal(describeWhen(local(7, 9)), "Mon, Dec 7, 9:00 AM");
  });
});

describe("profiles", () => {
  it("names roles, bots first", () => {
    assert.equal(roleName({ role: 100 }), "Owner");
    assert.equal(roleName({ role: 600 }), "Guest");
    assert.equal(roleName({ role: 400, is_bot: true }), "Bot");
    assert.equal(roleName({}), "Member");
  });

  it("gives the local time in the person's zone, nothing for an unknown one", () => {
    const at = new Date(Date.UTC(2026, 11, 6, 9, 30));
    assert.equal(localTime("Europe/Paris", at, false), "10:30 AM");
    assert.equal(localTime("America/New_York", at, true), "04:30");
    assert.equal(localTime("", at, false), null);
    assert.equal(localTime("Mars/Olympus", at, false), null);
  });

  it("shows each kind of custom profile field", () => {
    const field = (type: number, field_data = "") => ({ id: 1, name: "F", type, field_data, order: 1 });
    assert.deepEqual(showField(field(1), { value: "Launch crew" }), { kind: "text", text: "Launch crew" });
    assert.equal(showField(field(1), { value: "" }), null);
    assert.equal(showField(field(1), undefined), null);
    assert.deepEqual(showField(field(2), { value: "**hi**", rendered_value: "<p><strong>hi</strong></p>" }), { kind: "html", html: "<p><strong>hi</strong></p>" });
    assert.deepEqual(showField(field(3, '{"0":{"text":"Vim","order":"1"},"1":{"text":"Emacs","order":"2"}}'), { value: "1" }), { kind: "text", text: "Emacs" });
    assert.deepEqual(showField(field(5), { value: "https://example.com" }), { kind: "link", href: "https://example.com", text: "https://example.com" });
    assert.deepEqual(showField(field(5), { value: "javascript:alert(1)" }), { kind: "text", text: "javascript:alert(1)" });
    assert.deepEqual(showField(field(6), { value: "[3, 5]" }), { kind: "people", ids: [3, 5] });
    assert.equal(showField(field(6), { value: "[]" }), null);
    assert.deepEqual(showField(field(7, '{"subtype":"github"}'), { value: "ada" }), { kind: "link", href: "https://github.com/ada", text: "ada" });
    assert.deepEqual(showField(field(7, '{"subtype":"custom","url_pattern":"https://x.example/u/%(username)s"}'), { value: "a b" }), { kind: "link", href: "https://x.example/u/a%20b", text: "a b" });
  });
});

describe("user group rules", () => {
  const crew = { ...group(30, "crew", [9]), can_manage_group: { direct_members: [1], direct_subgroups: [] }, can_add_members_group: 6, can_remove_members_group: 6, can_join_group: 4, can_leave_group: 5 };
  const realm = { can_create_groups: 4, can_manage_all_groups: 2 };

  it("lets the organization's groups create, never guests", () => {
    assert.equal(mayCreateGroup(realm, member), true);
    assert.equal(mayCreateGroup(realm, guest), false);
    assert.equal(mayCreateGroup({ can_create_groups: 2 }, member), false);
  });

  it("gives managers everything, others what each setting grants", () => {
    assert.deepEqual(groupPermissions(crew, realm, admin), { manage: true, addMembers: true, removeMembers: true, join: true, leave: true });
    assert.deepEqual(groupPermissions(crew, realm, member), { manage: false, addMembers: false, removeMembers: false, join: true, leave: true });
    assert.deepEqual(groupPermissions(crew, realm, guest), { manage: false, addMembers: false, removeMembers: false, join: false, leave: true });
    assert.deepEqual(groupPermissions({ ...crew, can_add_members_group: 20 }, realm, member).addMembers, true);
  });

  it("changes nothing of system groups or deactivated ones", () => {
    const none = { manage: false, addMembers: false, removeMembers: false, join: false, leave: false };
    assert.deepEqual(groupPermissions(GROUPS[3]!, realm, admin), none);
    assert.deepEqual(groupPermissions({ ...crew, deactivated: true }, realm, admin), none);
  });
});
