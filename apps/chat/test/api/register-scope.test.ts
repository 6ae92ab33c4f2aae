// /register keeps its realm-wide reads (the group graph, the channels) from one call to the
// next while the state version stays: every change to them shows in the next /register,
// whichever way it was made.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { callOk, chatTest, type Account, type ChatTest, type Params } from "../helpers.js";

describe("register's realm-wide reads between calls", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;

  const ok = (who: Account, method: string, url: string, params: Params = {}) => callOk(t, who, method, url, params);
  const state = (who: Account) => ok(who, "POST", "/register", { fetch_event_types: ["stream", "subscription", "realm_user"], event_types: ["message"] });
  const names = (channels: { name: string }[]) => channels.map((c) => c.name).sort();

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
  });
  after(() => t.close());

  it("shows channels made, renamed, joined and changed by hand", async () => {
    const before = await state(mia);
    const secret = (await ok(owner, "POST", "/channels/create", { name: "secret", invite_only: true, subscribers: [owner.id] })).id;
    const open = (await ok(owner, "POST", "/channels/create", { name: "open", subscribers: [owner.id] })).id;
    let now = await state(mia);
    assert.deepEqual(names(now.streams), [...names(before.streams), "open"].sort());
    await ok(owner, "PATCH", `/streams/${open}`, { new_name: "wide open" });
    now = await state(mia);
    assert.ok(names(now.streams).includes("wide open"));
    await ok(owner, "POST", "/users/me/subscriptions", { subscriptions: JSON.stringify([{ name: "secret" }]), principals: JSON.stringify([mia.id]) });
    now = await state(mia);
    assert.ok(names(now.subscriptions).includes("secret"));
    await sql`update streams set description = 'changed by hand' where id = ${secret}`.execute(t.deps.db);
    now = await state(mia);
    assert.equal(now.streams.find((s: { stream_id: number }) => s.stream_id === secret).description, "changed by hand");
  });

  it("follows roles and groups", async () => {
    assert.equal((await state(mia)).is_admin, false);
    await ok(owner, "PATCH", `/users/${mia.id}`, { role: 200 });
    assert.equal((await state(mia)).is_admin, true);
    await sql`update users set role = 400 where id = ${mia.id}`.execute(t.deps.db);
    assert.equal((await state(mia)).is_admin, false);
    // Who may create channels comes from the group graph.
    const before = (await state(mia)).can_create_public_streams;
    const admins = (await sql<{ id: number }>`select id from user_groups where realm_id = ${owner.realmId} and name = 'role:administrators'`.execute(t.deps.db)).rows[0].id;
    await ok(owner, "PATCH", "/realm", { can_create_public_channel_group: JSON.stringify({ new: admins }) });
    assert.equal((await state(mia)).can_create_public_streams, false);
    assert.equal(before, true);
  });
});
