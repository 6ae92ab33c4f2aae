import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { setLimits } from "../src/state/limits.js";
import { applyPresenceEvent, clock, mergeModern, presences, setLegacy, statusOf } from "../src/state/presence.js";
import { setUsers } from "../src/state/users.js";
import { buildRows, matchesFilter, sortedPeople } from "../src/ui/people/rows.js";

const user = (user_id: number, full_name: string, extra = {}) => ({ user_id, full_name, email: `${full_name.split(" ")[0]!.toLowerCase()}@acme.test`, avatar_url: null, is_active: true, is_bot: false, ...extra });

describe("presence, as Zulip's presence.ts reads it", () => {
  it("is active within the offline threshold of the last activity, idle within it of the last connection, else offline", () => {
    setLimits({ server_presence_offline_threshold_seconds: 140 });
    assert.equal(statusOf({ active: 1000, idle: 1000 }, 1139), "active");
    assert.equal(statusOf({ active: 800, idle: 1000 }, 1139), "idle");
    assert.equal(statusOf({ active: 800, idle: 1000 }, 1140), "offline");
    assert.equal(statusOf(undefined, 1), "offline");
  });

  it("takes the legacy GET /realm/presence form by email, the modern one by id, and both event forms", () => {
    setLegacy({ "ada@acme.test": { aggregated: { status: "active", timestamp: 500 } }, "grace@acme.test": { website: { status: "idle", timestamp: 450 } }, "nobody@x": { aggregated: { status: "active", timestamp: 1 } } }, (e) => ({ "ada@acme.test": 3, "grace@acme.test": 9 })[e]);
    assert.deepEqual([...presences.value], [[3, { active: 500, idle: 500 }], [9, { active: 0, idle: 450 }]]);
    mergeModern({ "9": { active_timestamp: 600, idle_timestamp: 610 } });
    applyPresenceEvent({ type: "presence", user_id: 11, server_timestamp: 700, presence: { website: { status: "active", timestamp: 690 } } });
    applyPresenceEvent({ type: "presence", presences: { "3": { active_timestamp: 400, idle_timestamp: 400 } } });
    assert.deepEqual(presences.value.get(9), { active: 600, idle: 610 });
    assert.deepEqual(presences.value.get(11), { active: 690, idle: 690 });
    assert.deepEqual(presences.value.get(3), { active: 500, idle: 500 }, "an older report does not go back in time");
  });
});

describe("the people list's rows", () => {
  it("sorts by presence then name, filters by any word of the name or the email, and groups the conversation first", () => {
    setUsers([user(3, "Ada Lovelace"), user(9, "Grace Hopper"), user(11, "Alan Turing"), user(12, "Bot Builder", { is_bot: true }), user(13, "Gone Away", { is_active: false }), user(14, "Zed Active")]);
    presences.value = new Map([[14, { active: 1000, idle: 1000 }], [9, { active: 0, idle: 1000 }]]);
    clock.value = 1010;
    const names = (rows: ReturnType<typeof buildRows>) => rows.map((r) => (r.kind === "header" ? `[${r.label} ${r.count}]` : `${r.person.user.full_name}:${r.person.status}`));
    assert.deepEqual(names(buildRows(sortedPeople.value, null, "", "")), ["[Users 4]", "Zed Active:active", "Grace Hopper:idle", "Ada Lovelace:offline", "Alan Turing:offline"]);
    assert.deepEqual(names(buildRows(sortedPeople.value, new Set([3, 9]), "In this conversation", "")), ["[In this conversation 2]", "Grace Hopper:idle", "Ada Lovelace:offline", "[Others 2]", "Zed Active:active", "Alan Turing:offline"]);
    assert.deepEqual(names(buildRows(sortedPeople.value, null, "", "  HOP")), ["[Users 1]", "Grace Hopper:idle"]);
    assert.deepEqual(names(buildRows(sortedPeople.value, null, "", "a")), ["[Users 3]", "Zed Active:active", "Ada Lovelace:offline", "Alan Turing:offline"]);
    assert.deepEqual(names(buildRows(sortedPeople.value, null, "", "grace@")), ["[Users 1]", "Grace Hopper:idle"]);
    assert.ok(!matchesFilter(" grace hopper\u0000grace@acme.test", "race"), "words start where they start");
  });

  it("filters 10,000 people by a name's words", () => {
    setUsers(Array.from({ length: 10_000 }, (_, i) => user(100 + i, `Member ${i} Person`)));
    const people = sortedPeople.value;
    const rows = buildRows(people, null, "", "member 99");
    assert.equal(rows.length, 1 + 111);
  });
});
