// User group operations: the HTTP result and the events they send, to whom.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture } from "./support.js";

describe("user group events", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let cap: Capture;
  let everyone: number[];
  let groupId: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    everyone = [owner.id, mia.id, noah.id];
    cap = capture(t);
  });
  after(() => t.close());
  beforeEach(() => cap.clear());

  it("creates a group: user_group/add with the whole group to every active user", async () => {
    const res = await t.call(owner, "POST", "/user_groups/create", { name: "support", description: "Helpers", members: [mia.id] });
    assert.equal(res.status, 200);
    groupId = res.body.group_id;
    const [add] = cap.notices;
    assert.deepEqual(recipients(add), everyone);
    const group = (add.event as any).group;
    assert.deepEqual([add.event.type, add.event.op, group.id, group.name, group.members, group.direct_subgroup_ids, group.deactivated], ["user_group", "add", groupId, "support", [mia.id], [], false]);
    // The event's group is the group as GET /user_groups shows it.
    const listed = (await t.call(owner, "GET", "/user_groups")).body.user_groups.find((g: any) => g.id === groupId);
    assert.deepEqual(group, listed);
  });

  it("updates name, description and a setting: one update each", async () => {
    const res = await t.call(owner, "PATCH", `/user_groups/${groupId}`, { name: "helpers", description: "Help desk", can_mention_group: JSON.stringify({ new: { direct_members: [mia.id], direct_subgroups: [] } }) });
    assert.equal(res.status, 200);
    assert.deepEqual(cap.notices.map((n) => [n.event, recipients(n)]), [
      [{ type: "user_group", op: "update", group_id: groupId, data: { name: "helpers" }, deactivated: false }, everyone],
      [{ type: "user_group", op: "update", group_id: groupId, data: { description: "Help desk" } }, everyone],
      [{ type: "user_group", op: "update", group_id: groupId, data: { can_mention_group: { direct_members: [mia.id], direct_subgroups: [] } } }, everyone],
    ]);
    // The internal `deactivated` of a name update never reaches clients.
    const queue = await registerQueue(t, noah);
    await t.call(owner, "PATCH", `/user_groups/${groupId}`, { name: "help" });
    assert.deepEqual(withoutIds(await nextEvents(t, noah, queue)), [{ type: "user_group", op: "update", group_id: groupId, data: { name: "help" } }]);
  });

  it("adds and removes members and subgroups", async () => {
    const other = (await t.call(owner, "POST", "/user_groups/create", { name: "other", description: "", members: [] })).body.group_id;
    cap.clear();
    assert.equal((await t.call(owner, "POST", `/user_groups/${groupId}/members`, { add: [noah.id], delete: [mia.id] })).status, 200);
    assert.equal((await t.call(owner, "POST", `/user_groups/${groupId}/subgroups`, { add: [other] })).status, 200);
    assert.deepEqual(cap.notices.map((n) => n.event), [
      { type: "user_group", op: "remove_members", group_id: groupId, user_ids: [mia.id] },
      { type: "user_group", op: "add_members", group_id: groupId, user_ids: [noah.id] },
      { type: "user_group", op: "add_subgroups", group_id: groupId, direct_subgroup_ids: [other] },
    ]);
    assert.deepEqual(cap.notices.map(recipients), [everyone, everyone, everyone]);
  });

  it("shows a private channel to a user joining a group that may subscribe to it", async () => {
    const channel = (await t.call(owner, "POST", "/channels/create", { name: "desk", subscribers: [owner.id], invite_only: true, can_subscribe_group: groupId })).body.id;
    cap.clear();
    await t.call(owner, "POST", `/user_groups/${groupId}/members`, { add: [mia.id] });
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, recipients(n)]), [
      ["user_group", "add_members", everyone],
      ["stream", "create", [mia.id]],
      ["subscription", "peer_add", [mia.id]],
    ]);
    assert.deepEqual((cap.notices[1].event.streams as any[]).map((s) => s.stream_id), [channel]);
  });

  it("deactivates a group: update for clients keeping deactivated groups, remove for the others", async () => {
    const keeping = await registerQueue(t, mia, { client_capabilities: { include_deactivated_groups: true } });
    const plain = await registerQueue(t, mia);
    const temp = (await t.call(owner, "POST", "/user_groups/create", { name: "temp", description: "", members: [] })).body.group_id;
    await nextEvents(t, mia, keeping);
    await nextEvents(t, mia, plain);
    assert.equal((await t.call(owner, "POST", `/user_groups/${temp}/deactivate`)).status, 200);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, keeping)), [{ type: "user_group", op: "update", group_id: temp, data: { deactivated: true } }]);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, plain)), [{ type: "user_group", op: "remove", group_id: temp }]);
    // Reactivation: the group comes back whole for clients that dropped it.
    assert.equal((await t.call(owner, "PATCH", `/user_groups/${temp}`, { deactivated: false })).status, 200);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, keeping)), [{ type: "user_group", op: "update", group_id: temp, data: { deactivated: false } }]);
    const back = withoutIds(await nextEvents(t, mia, plain));
    assert.deepEqual([back.length, back[0].op, back[0].group.id, "for_reactivation" in back[0]], [1, "add", temp, false]);
  });
});
