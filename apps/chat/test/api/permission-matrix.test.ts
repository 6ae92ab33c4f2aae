// Each role against group-based settings set to each system group: who may post in a
// channel, administer it, and manage a user group. Zulip's overrides are part of the
// expectation: organization administrators always administer channels, and owners manage
// every group (the realm's can_manage_all_groups defaults to role:owners).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { ROLE_ADMINISTRATOR, ROLE_GUEST, ROLE_MEMBER, ROLE_MODERATOR, ROLE_OWNER } from "../../src/lib/roles.js";
import { chatTest, type Account, type ChatTest } from "../helpers.js";

const GROUPS = ["role:nobody", "role:owners", "role:administrators", "role:moderators", "role:members", "role:everyone"] as const;
const ROLES = [ROLE_OWNER, ROLE_ADMINISTRATOR, ROLE_MODERATOR, ROLE_MEMBER, ROLE_GUEST] as const;
const ROLE_NAMES: Record<number, string> = { 100: "owner", 200: "administrator", 300: "moderator", 400: "member", 600: "guest" };

/** Whether a role is in a system group: each group holds its role and every stronger one. */
function inGroup(role: number, group: (typeof GROUPS)[number]): boolean {
  const limit: Record<string, number> = { "role:nobody": 0, "role:owners": 100, "role:administrators": 200, "role:moderators": 300, "role:members": 400, "role:everyone": 600 };
  return role <= limit[group];
}

describe("permission matrix: roles against group-based settings", () => {
  let t: ChatTest;
  let owner: Account;
  const users = new Map<number, Account>();
  const groupIds = new Map<string, number>();
  let channelId: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    users.set(ROLE_OWNER, owner);
    for (const role of ROLES.slice(1)) users.set(role, await t.user(owner, { name: ROLE_NAMES[role], role }));
    const groups = await t.call(owner, "GET", "/user_groups");
    for (const g of groups.body.user_groups) groupIds.set(g.name, g.id);
    const everyone = [...users.values()].map((u) => u.id);
    const created = await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "matrix" }], principals: everyone });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    channelId = (await t.call(owner, "GET", "/get_stream_id", { stream: "matrix" })).body.stream_id;
  });
  after(() => t.close());

  for (const group of GROUPS) {
    it(`lets exactly the members of ${group} post when it is the channel's can_send_message_group`, async () => {
      const set = await t.call(owner, "PATCH", `/streams/${channelId}`, { can_send_message_group: JSON.stringify({ new: groupIds.get(group) }) });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      for (const role of ROLES) {
        const res = await t.call(users.get(role)!, "POST", "/messages", { type: "stream", to: "matrix", topic: "m", content: `${role} in ${group}` });
        assert.equal(res.status === 200, inGroup(role, group), `${ROLE_NAMES[role]} posting with ${group}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    });
  }

  for (const group of GROUPS) {
    it(`lets members of ${group} and organization administrators administer the channel`, async () => {
      await t.call(owner, "PATCH", `/streams/${channelId}`, { can_send_message_group: JSON.stringify({ new: groupIds.get("role:everyone") }) });
      const set = await t.call(owner, "PATCH", `/streams/${channelId}`, { can_administer_channel_group: JSON.stringify({ new: groupIds.get(group) }) });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      for (const role of ROLES) {
        const res = await t.call(users.get(role)!, "PATCH", `/streams/${channelId}`, { description: `set by ${ROLE_NAMES[role]} under ${group}` });
        const expected = inGroup(role, group) || role <= ROLE_ADMINISTRATOR;
        assert.equal(res.status === 200, expected, `${ROLE_NAMES[role]} administering with ${group}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    });
  }

  for (const group of GROUPS) {
    it(`lets members of ${group} and owners manage a user group whose can_manage_group it is`, async () => {
      const created = await t.call(owner, "POST", "/user_groups/create", {
        name: `team ${group}`,
        description: "matrix",
        members: JSON.stringify([owner.id]),
        can_manage_group: JSON.stringify(groupIds.get(group)),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const id = created.body.group_id;
      for (const role of ROLES) {
        const res = await t.call(users.get(role)!, "PATCH", `/user_groups/${id}`, { description: `by ${ROLE_NAMES[role]}` });
        const expected = inGroup(role, group) || role === ROLE_OWNER;
        assert.equal(res.status === 200, expected, `${ROLE_NAMES[role]} managing with ${group}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    });
  }
});
