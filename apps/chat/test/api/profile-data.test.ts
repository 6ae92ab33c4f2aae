import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";

describe("PATCH/DELETE /users/me/profile_data and profile_data in user objects", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let bot: Account;
  let events: ReturnType<typeof captureEvents>;
  const ids: Record<string, number> = {};

  const patch = (who: Account, data: unknown) => t.call(who, "PATCH", "/users/me/profile_data", { data });

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    bot = await t.user(owner, { botType: 1 });
    const specs: [string, Record<string, unknown>][] = [
      ["short", { name: "Phone", field_type: 1 }],
      ["long", { name: "Biography", field_type: 2 }],
      ["select", { name: "Editor", field_type: 3, field_data: { vim: { text: "Vim", order: "1" } } }],
      ["date", { name: "Birthday", field_type: 4 }],
      ["link", { name: "Blog", field_type: 5 }],
      ["users", { name: "Mentor", field_type: 6 }],
      ["account", { field_type: 7, field_data: { subtype: "github" } }],
      ["pronouns", { name: "Pronouns", field_type: 8 }],
      ["locked", { name: "Employee ID", field_type: 1, editable_by_user: false }],
    ];
    for (const [key, params] of specs) ids[key] = (await t.call(owner, "POST", "/realm/profile_fields", params)).body.id;
    events = captureEvents(t);
  });
  after(() => t.close());

  it("sets a value of every type and shows them in profile_data", async () => {
    const res = await patch(member, [
      { id: ids.short, value: "+1 555 0100" },
      { id: ids.long, value: "I **like** tests" },
      { id: ids.select, value: "vim" },
      { id: ids.date, value: "1990-02-28" },
      { id: ids.link, value: "https://blog.example.com/" },
      { id: ids.users, value: [owner.id] },
      { id: ids.account, value: "octocat" },
      { id: ids.pronouns, value: "they/them" },
    ]);
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const me = await t.call(member, "GET", "/users/me");
    const data = me.body.profile_data;
    assert.deepEqual(data[String(ids.short)], { value: "+1 555 0100", rendered_value: "<p>+1 555 0100</p>" });
    assert.deepEqual(data[String(ids.long)], { value: "I **like** tests", rendered_value: "<p>I <strong>like</strong> tests</p>" });
    assert.deepEqual(data[String(ids.select)], { value: "vim" });
    assert.deepEqual(data[String(ids.users)], { value: `[${owner.id}]` });
    assert.deepEqual(data[String(ids.pronouns)], { value: "they/them" });
    const listed = await t.call(owner, "GET", "/users", { include_custom_profile_fields: true });
    assert.deepEqual(listed.body.members.find((u: any) => u.user_id === member.id).profile_data, data);
    assert.equal(listed.body.members.find((u: any) => u.user_id === bot.id).profile_data, undefined);
    const one = await t.call(owner, "GET", `/users/${member.id}`, { include_custom_profile_fields: true });
    assert.deepEqual(one.body.user.profile_data, data);
    const state = await t.call(owner, "POST", "/register", { fetch_event_types: ["realm_user"] });
    assert.deepEqual(state.body.realm_users.find((u: any) => u.user_id === member.id).profile_data, data);
  });

  it("announces each changed field as a realm_user update", async () => {
    await events.take();
    await patch(member, [{ id: ids.long, value: "Hello" }, { id: ids.users, value: [owner.id, member.id] }]);
    const sent = await events.take();
    assert.deepEqual(sent.map((e) => e.event), [
      { type: "realm_user", op: "update", person: { user_id: member.id, custom_profile_field: { id: ids.long, value: "Hello", rendered_value: "<p>Hello</p>" } } },
      { type: "realm_user", op: "update", person: { user_id: member.id, custom_profile_field: { id: ids.users, value: `[${owner.id}, ${member.id}]` } } },
    ]);
    assert.deepEqual(sent[0]!.users, [owner.id, member.id, bot.id]);
  });

  it("clears values with null, and with DELETE", async () => {
    await events.take();
    await patch(member, [{ id: ids.pronouns, value: null }]);
    assert.deepEqual((await events.take())[0]!.event.person, { user_id: member.id, custom_profile_field: { id: ids.pronouns, value: null } });
    await t.call(member, "DELETE", "/users/me/profile_data", { data: [ids.date] });
    const data = (await t.call(member, "GET", "/users/me")).body.profile_data;
    assert.equal(data[String(ids.pronouns)], undefined);
    assert.equal(data[String(ids.date)], undefined);
    assert.ok(data[String(ids.short)]);
  });

  it("validates each type with Zulip's messages", async () => {
    const cases: [unknown, string][] = [
      [[{ id: ids.short, value: "x".repeat(51) }], "Phone is too long (limit: 50 characters)"],
      [[{ id: ids.long, value: "x".repeat(501) }], "Biography is too long (limit: 500 characters)"],
      [[{ id: ids.select, value: "nano" }], "'nano' is not a valid choice for 'Editor'."],
      [[{ id: ids.date, value: "1990-02-30" }], "Birthday is not a date"],
      [[{ id: ids.link, value: "not a url" }], "Blog is not a URL"],
      [[{ id: ids.users, value: "me" }], "User IDs is not a list"],
      [[{ id: ids.users, value: [424242] }], "Invalid user ID: 424242"],
      [[{ id: ids.users, value: [bot.id] }], `User with ID ${bot.id} is a bot`],
      [[{ id: ids.short, value: 5 }], "Phone is not a string"],
      [[{ id: 99999, value: "x" }], "Field id 99999 not found."],
    ];
    for (const [data, msg] of cases) assert.deepEqual((await patch(member, data)).body, badRequest(msg), msg);
    assert.deepEqual((await patch(member, [{ value: "x" }])).body, badRequest('data[0]["id"] field is missing'));
  });

  it("keeps fields an administrator locked, except for administrators", async () => {
    const msg = "You are not allowed to change this field. Contact an administrator to update it.";
    assert.deepEqual((await patch(member, [{ id: ids.locked, value: "E-7" }])).body, badRequest(msg));
    assert.deepEqual((await t.call(member, "DELETE", "/users/me/profile_data", { data: [ids.locked] })).body, badRequest(msg));
    assert.equal((await patch(owner, [{ id: ids.locked, value: "E-1" }])).status, 200);
  });

  it("lets administrators edit another user's profile_data through PATCH /users/{id}", async () => {
    const res = await t.call(owner, "PATCH", `/users/${member.id}`, { profile_data: [{ id: ids.locked, value: "E-7" }] });
    assert.equal(res.status, 200);
    const one = await t.call(owner, "GET", `/users/${member.id}`, { include_custom_profile_fields: true });
    assert.deepEqual(one.body.user.profile_data[String(ids.locked)], { value: "E-7", rendered_value: "<p>E-7</p>" });
    const denied = await t.call(member, "PATCH", `/users/${owner.id}`, { profile_data: [{ id: ids.short, value: "1" }] });
    assert.deepEqual(denied.body, badRequest("Insufficient permission"));
  });
});
