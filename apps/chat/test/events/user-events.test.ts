// User and bot operations: the HTTP result and the events they send, to whom.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { basic, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR, ROLE_GUEST } from "../../src/lib/roles.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture } from "./support.js";

describe("user and bot events", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let guest: Account;
  let cap: Capture;
  let groups: Record<string, number>;
  let lobby: number;
  let vault: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    guest = await t.user(owner, { name: "Gus", role: ROLE_GUEST });
    lobby = (await t.call(owner, "POST", "/channels/create", { name: "lobby", subscribers: [owner.id, mia.id], is_default_stream: true })).body.id;
    vault = (await t.call(owner, "POST", "/channels/create", { name: "vault", subscribers: [owner.id], invite_only: true })).body.id;
    groups = Object.fromEntries((await t.call(owner, "GET", "/user_groups")).body.user_groups.map((g: any) => [g.name, g.id]));
    cap = capture(t);
  });
  after(() => t.close());

  let everyone: number[] = [];
  beforeEach(async () => {
    const members = (await t.call(owner, "GET", "/users")).body.members;
    everyone = members.filter((u: any) => u.is_active).map((u: any) => u.user_id).sort((a: number, b: number) => a - b);
    cap.clear();
  });

  it("creates a user: realm_user/add, role groups, peer_add for the default channels", async () => {
    const queue = await registerQueue(t, mia);
    const res = await t.call(owner, "POST", "/users", { email: "newbie@example.com", password: "pw-123456", full_name: "New Bie" });
    assert.equal(res.status, 200);
    const id = res.body.user_id;
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, n.event.group_id ?? n.event.stream_ids, recipients(n)]), [
      ["realm_user", "add", undefined, [...everyone, id]],
      ["user_group", "add_members", groups["role:members"], [...everyone, id]],
      ["user_group", "add_members", groups["role:fullmembers"], [...everyone, id]],
      ["subscription", "peer_add", [lobby], [owner.id, mia.id]],
    ]);
    const person = (cap.notices[0].event as any).person;
    assert.deepEqual([person.user_id, person.email, person.full_name, person.is_active, person.role, person.profile_data], [id, "newbie@example.com", "New Bie", true, 400, {}]);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, queue)).map((e) => e.type), ["realm_user", "user_group", "user_group", "subscription"]);
  });

  it("creates a bot: realm_bot/add with the bot settings (no key since feature level 474) to its owner and the administrators", async () => {
    const res = await t.call(mia, "POST", "/bots", { full_name: "Helper", short_name: "helper" });
    assert.equal(res.status, 200);
    const [add] = cap.of("realm_bot", "add");
    assert.deepEqual(recipients(add), [owner.id, mia.id]);
    assert.deepEqual((add.event as any).bot, { user_id: res.body.user_id, default_sending_stream: null, default_events_register_stream: null, default_all_public_streams: false, services: [] });
    assert.deepEqual(cap.of("realm_user", "add").map(recipients), [[...everyone, res.body.user_id]]);
  });

  it("renames a user: realm_user/update with the new name to everyone", async () => {
    const res = await t.call(owner, "PATCH", `/users/${mia.id}`, { full_name: "Mia Marsh" });
    assert.equal(res.status, 200);
    assert.deepEqual(cap.notices.map((n) => [n.event, recipients(n)]), [[{ type: "realm_user", op: "update", person: { user_id: mia.id, full_name: "Mia Marsh" } }, everyone]]);
  });

  it("changes a role: realm_user/update, role groups, and the private channels it now lets the user see", async () => {
    const res = await t.call(owner, "PATCH", `/users/${mia.id}`, { role: ROLE_ADMINISTRATOR });
    assert.equal(res.status, 200);
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, n.event.group_id ?? (n.event.person as any)?.role, recipients(n)]), [
      ["realm_user", "update", ROLE_ADMINISTRATOR, everyone],
      ["user_group", "remove_members", groups["role:members"], everyone],
      ["user_group", "add_members", groups["role:administrators"], everyone],
      ["user_group", "remove_members", groups["role:fullmembers"], everyone],
      ["stream", "create", undefined, [mia.id]],
      ["subscription", "peer_add", undefined, [mia.id]],
    ]);
    assert.deepEqual((cap.of("stream", "create")[0].event.streams as any[]).map((s) => s.stream_id), [vault]);
    await t.call(owner, "PATCH", `/users/${mia.id}`, { role: 400 });
    assert.deepEqual(cap.of("stream", "delete").map(recipients), [[mia.id]]);
  });

  it("changes an email: delivery_email, the Gravatar it moves, and new_email", async () => {
    const res = await t.call(owner, "PATCH", `/users/${guest.id}`, { new_email: "gus@example.org" });
    assert.equal(res.status, 200);
    const persons = cap.notices.map((n) => (n.event as any).person);
    assert.deepEqual(persons[0], { user_id: guest.id, delivery_email: "gus@example.org" });
    assert.deepEqual(Object.keys(persons[1]).sort(), ["avatar_source", "avatar_url", "avatar_url_medium", "avatar_version", "user_id"]);
    assert.deepEqual(persons[2], { user_id: guest.id, new_email: "gus@example.org" });
    guest = { ...guest, email: "gus@example.org" };
  });

  it("deactivates and reactivates a user: peer_remove then is_active, is_active then peer_add", async () => {
    const victim = await t.user(owner, { name: "Val" });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "lobby" }], principals: [victim.id] });
    cap.clear();
    assert.equal((await t.call(owner, "DELETE", `/users/${victim.id}`)).status, 200);
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, recipients(n)]), [
      ["subscription", "peer_remove", everyone.filter((id) => id !== guest.id)],
      ["realm_user", "update", everyone],
    ]);
    assert.deepEqual(cap.notices[1].event.person, { user_id: victim.id, is_active: false });
    cap.clear();
    assert.equal((await t.call(owner, "POST", `/users/${victim.id}/reactivate`)).status, 200);
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, recipients(n)]), [
      ["realm_user", "update", [...everyone, victim.id].sort((a, b) => a - b)],
      ["subscription", "peer_add", everyone.filter((id) => id !== guest.id)],
    ]);
  });

  it("deactivates a bot and regenerates its key: realm_user only, no realm_bot/update since feature level 474", async () => {
    const created = (await t.call(mia, "POST", "/bots", { full_name: "Keyed", short_name: "keyed" })).body;
    everyone = [...everyone, created.user_id];
    const botEmail = (await t.call(owner, "GET", `/users/${created.user_id}`)).body.user.email;
    cap.clear();
    const res = await t.app.inject({ method: "POST", url: "/api/v1/users/me/api_key/regenerate", headers: { host: owner.host, authorization: basic(botEmail, created.api_key) } });
    const newKey = res.json().api_key;
    assert.notEqual(newKey, created.api_key);
    assert.equal(cap.notices.length, 0);
    cap.clear();
    assert.equal((await t.call(mia, "DELETE", `/bots/${created.user_id}`)).status, 200);
    assert.deepEqual(cap.notices.map((n) => [n.event.type, n.event.op, recipients(n)]), [
      ["subscription", "peer_remove", everyone.filter((id) => id !== guest.id && id !== created.user_id)],
      ["realm_user", "update", everyone.filter((id) => id !== created.user_id)],
    ]);
  });
});
