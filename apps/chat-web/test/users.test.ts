import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { applyEvent } from "../src/api/apply.js";
import { session } from "../src/state/session.js";
import { displayName, expectUsers, setUsers, users, usersLoaded } from "../src/state/users.js";

// The user list arrives after /register (api/users.ts): realm_user events that come first
// must not be lost when the list lands, nor undone by it.
const person = (user_id: number, full_name: string) => ({ user_id, email: `${user_id}@x`, full_name, avatar_url: null, is_active: true, is_bot: false });

describe("the user list loaded after the first view", () => {
  it("shows a placeholder until the list is in, then names", () => {
    session.value = { userId: 1, email: "1@x", fullName: "Me", realmName: "R", twentyFourHourTime: false, timezone: "", emojiset: "google" };
    // Test files share a process: start from an empty list, whatever an earlier file left.
    setUsers([]);
    expectUsers();
    assert.equal(usersLoaded.value, false);
    assert.equal(displayName(2), "…");
    setUsers([person(1, "Me"), person(2, "Grace")]);
    assert.equal(displayName(2), "Grace");
    assert.equal(displayName(99), "Unknown user");
  });

  it("applies realm_user events that arrived before the list, after it", () => {
    // The previous list, set here: a test file earlier in the same process may still have
    // a list load of its own finishing between tests.
    setUsers([person(1, "Me"), person(2, "Grace")]);
    expectUsers();
    applyEvent({ type: "realm_user", op: "add", person: person(3, "Ada"), id: 1 } as never);
    applyEvent({ type: "realm_user", op: "update", person: { user_id: 2, full_name: "Grace Hopper" }, id: 2 } as never);
    applyEvent({ type: "realm_user", op: "remove", person: { user_id: 4, full_name: "Old" }, id: 3 } as never);
    assert.equal(users.value.size, 2, "nothing applied to the previous list meanwhile");
    // The list was read before the update and the add: both are applied on top of it.
    setUsers([person(1, "Me"), person(2, "Grace"), person(4, "Old")]);
    assert.equal(users.value.get(2)?.full_name, "Grace Hopper");
    assert.equal(users.value.get(3)?.full_name, "Ada");
    assert.equal(users.value.get(4)?.is_active, false);
  });

  it("applies events at once when the list is in", () => {
    setUsers([person(1, "Me"), person(2, "Grace")]);
    applyEvent({ type: "realm_user", op: "update", person: { user_id: 2, full_name: "G" }, id: 4 } as never);
    assert.equal(users.value.get(2)?.full_name, "G");
  });
});
