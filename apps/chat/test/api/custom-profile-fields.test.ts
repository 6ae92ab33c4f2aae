import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";

describe("/realm/profile_fields", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let events: ReturnType<typeof captureEvents>;
  const ids: Record<string, number> = {};

  const create = async (params: Record<string, unknown>, who: Account = owner) => t.call(who, "POST", "/realm/profile_fields", params);

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    events = captureEvents(t);
  });
  after(() => t.close());

  it("creates a field of each type, ordered by creation", async () => {
    const specs: [string, Record<string, unknown>][] = [
      ["short", { name: "Phone", hint: "Your number", field_type: 1, display_in_profile_summary: true }],
      ["long", { name: "Biography", field_type: 2 }],
      ["select", { name: "Editor", field_type: 3, field_data: { vim: { text: "Vim", order: "1" }, emacs: { text: "Emacs", order: "2" } } }],
      ["date", { name: "Birthday", field_type: 4 }],
      ["link", { name: "Blog", field_type: 5 }],
      ["users", { name: "Mentor", field_type: 6 }],
      ["custom_account", { name: "Mastodon", field_type: 7, field_data: { subtype: "custom", url_pattern: "https://social.example/@%(username)s" } }],
      ["pronouns", { name: "Pronouns", field_type: 8, editable_by_user: false }],
    ];
    for (const [key, params] of specs) {
      const res = await create(params);
      assert.equal(res.status, 200, `${key}: ${JSON.stringify(res.body)}`);
      ids[key] = res.body.id;
    }
    const list = await t.call(member, "GET", "/realm/profile_fields");
    assert.deepEqual(list.body.custom_fields.map((f: any) => f.name), ["Phone", "Biography", "Editor", "Birthday", "Blog", "Mentor", "Mastodon", "Pronouns"]);
    assert.deepEqual(list.body.custom_fields[0], { id: ids.short, name: "Phone", type: 1, hint: "Your number", field_data: "", order: ids.short, required: false, editable_by_user: true, display_in_profile_summary: true });
    assert.equal(list.body.custom_fields[2].field_data, JSON.stringify({ vim: { text: "Vim", order: "1" }, emacs: { text: "Emacs", order: "2" } }));
    assert.equal(list.body.custom_fields[7].editable_by_user, false);
    const last = (await events.take()).at(-1)!;
    assert.equal(last.event.type, "custom_profile_fields");
    assert.deepEqual(last.users, [owner.id, member.id]);
    assert.deepEqual(last.event.fields, list.body.custom_fields);
  });

  it("takes a default external account's label from Zulip's table", async () => {
    const res = await create({ field_type: 7, field_data: { subtype: "github" } });
    assert.equal(res.status, 200);
    const field = (await t.call(owner, "GET", "/realm/profile_fields")).body.custom_fields.find((f: any) => f.id === res.body.id);
    assert.deepEqual([field.name, field.hint, field.field_data], ["GitHub username", "", '{"subtype":"github"}']);
    assert.deepEqual((await t.call(owner, "PATCH", `/realm/profile_fields/${res.body.id}`, { name: "Octocat" })).body, badRequest("Default custom field cannot be updated."));
    ids.github = res.body.id;
  });

  it("refuses bad definitions with Zulip's messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "  ", field_type: 1 }, "Label cannot be blank."],
      [{ name: "x".repeat(41), field_type: 1 }, "Name is too long."],
      [{ name: "Hinted", hint: "h".repeat(81), field_type: 1 }, "Hint is too long."],
      [{ name: "Nine", field_type: 9 }, "Invalid field type."],
      [{ name: "Empty", field_type: 3, field_data: {} }, "Field must have at least one choice."],
      [{ name: "Twins", field_type: 3, field_data: { a: { text: "A", order: "1" }, b: { text: "A", order: "2" } } }, "Field must not have duplicate choices."],
      [{ name: "Acct", field_type: 7, field_data: { subtype: "myspace" } }, "Invalid external account type"],
      [{ name: "Acct", field_type: 7, field_data: { subtype: "custom" } }, "Custom external account must define URL pattern"],
      [{ name: "Acct", field_type: 7, field_data: { subtype: "custom", url_pattern: "https://x.example/" } }, "URL pattern must contain '%(username)s'."],
      [{ name: "Bio2", field_type: 2, display_in_profile_summary: true }, "Field type not supported for display in profile summary."],
      [{ name: "Phone", field_type: 1 }, "A field with that label already exists."],
    ];
    for (const [params, msg] of cases) assert.deepEqual((await create(params)).body, badRequest(msg), msg);
    await create({ name: "Desk", field_type: 1, display_in_profile_summary: true });
    assert.deepEqual((await create({ name: "Floor", field_type: 1, display_in_profile_summary: true })).body, badRequest("Only 2 custom profile fields can be displayed in the profile summary."));
    assert.equal((await create({ name: "X" })).body.code, "REQUEST_VARIABLE_MISSING");
  });

  it("lets only administrators change fields", async () => {
    const denied = { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" };
    assert.deepEqual((await create({ name: "Mine", field_type: 1 }, member)).body, denied);
    assert.deepEqual((await t.call(member, "PATCH", `/realm/profile_fields/${ids.short}`, { name: "Tel" })).body, denied);
    assert.deepEqual((await t.call(member, "DELETE", `/realm/profile_fields/${ids.short}`)).body, denied);
    assert.deepEqual((await t.call(member, "PATCH", "/realm/profile_fields", { order: [] })).body, denied);
  });

  it("updates name, hint and choices, and refuses unknown ids", async () => {
    await events.take();
    assert.equal((await t.call(owner, "PATCH", `/realm/profile_fields/${ids.short}`, { name: "Telephone", hint: "With country code" })).status, 200);
    const field = (await t.call(owner, "GET", "/realm/profile_fields")).body.custom_fields[0];
    assert.deepEqual([field.name, field.hint], ["Telephone", "With country code"]);
    assert.equal((await events.take())[0]!.event.type, "custom_profile_fields");
    assert.deepEqual((await t.call(owner, "PATCH", "/realm/profile_fields/9999", { name: "Z" })).body, badRequest("Field id 9999 not found."));
    assert.deepEqual((await t.call(owner, "DELETE", "/realm/profile_fields/9999")).body, badRequest("Field id 9999 not found."));
  });

  it("reorders every field and refuses a partial order", async () => {
    const all = (await t.call(owner, "GET", "/realm/profile_fields")).body.custom_fields.map((f: any) => f.id);
    const reversed = [...all].reverse();
    assert.equal((await t.call(owner, "PATCH", "/realm/profile_fields", { order: reversed })).status, 200);
    const after = (await t.call(owner, "GET", "/realm/profile_fields")).body.custom_fields;
    assert.deepEqual(after.map((f: any) => f.id), reversed);
    assert.deepEqual(after.map((f: any) => f.order), reversed.map((_: number, i: number) => i));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm/profile_fields", { order: reversed.slice(1) })).body, badRequest("Invalid order mapping."));
  });

  it("drops values of a removed choice and deletes a field with its values", async () => {
    await t.call(member, "PATCH", "/users/me/profile_data", { data: [{ id: ids.select, value: "emacs" }] });
    await t.call(owner, "PATCH", `/realm/profile_fields/${ids.select}`, { field_data: { vim: { text: "Vim", order: "1" } } });
    const me = await t.call(member, "GET", "/users/me");
    assert.equal(me.body.profile_data[String(ids.select)], undefined);
    assert.equal((await t.call(owner, "DELETE", `/realm/profile_fields/${ids.github}`)).status, 200);
    const names = (await t.call(owner, "GET", "/realm/profile_fields")).body.custom_fields.map((f: any) => f.name);
    assert.ok(!names.includes("GitHub username"));
    const state = await t.call(member, "POST", "/register", { fetch_event_types: ["custom_profile_fields"] });
    assert.deepEqual(state.body.custom_profile_fields.map((f: any) => f.name), names);
    assert.equal(state.body.custom_profile_field_types.PRONOUNS.id, 8);
  });
});
