import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { chatTest, type Account, type ChatTest } from "../helpers.js";

describe("GET /users", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner, { name: "Mia Member", email: "mia@example.com" });
  });
  after(() => t.close());

  it("lists every user of the realm with Zulip's user fields", async () => {
    const res = await t.call(member, "GET", "/users");
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.members.map((u: any) => u.user_id), [owner.id, member.id]);
    const mia = res.body.members[1];
    assert.deepEqual(mia, {
      email: "mia@example.com",
      user_id: member.id,
      avatar_version: 1,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      is_bot: false,
      full_name: "Mia Member",
      timezone: "",
      is_active: true,
      date_joined: "2025-01-15T12:00:00.000+00:00",
      delivery_email: "mia@example.com",
      role: 400,
      is_imported_stub: false,
      avatar_url: null,
      bot_type: null,
      bot_owner_id: null,
    });
    assert.equal(res.body.members[0].is_owner, true);
  });

  it("returns Gravatar URLs when client_gravatar is false and profile data on request", async () => {
    const res = await t.call(member, "GET", "/users", { client_gravatar: false, include_custom_profile_fields: true });
    assert.match(res.body.members[0].avatar_url, /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
    assert.deepEqual(res.body.members[0].profile_data, {});
  });

  it("answers a change made after the list was last served: a rename, a new user, a row changed by hand", async () => {
    const names = async (params: Record<string, unknown> = {}) => ((await t.call(member, "GET", "/users", params)).body.members as any[]).map((u) => u.full_name);
    const before = await names();
    assert.equal((await t.call(owner, "PATCH", `/users/${member.id}`, { full_name: "Mia Renamed" })).status, 200);
    assert.deepEqual(await names(), [before[0], "Mia Renamed"]);
    await t.user(owner, { name: "Newt", email: "newt@example.com" });
    assert.deepEqual(await names(), [before[0], "Mia Renamed", "Newt"]);
    await sql`update users set full_name = 'By Hand' where id = ${member.id}`.execute(t.deps.db);
    assert.deepEqual(await names(), [before[0], "By Hand", "Newt"]);
    // The other form of the list (Gravatar URLs) is kept apart and is as current.
    assert.deepEqual(await names({ client_gravatar: false }), [before[0], "By Hand", "Newt"]);
    const first = (await t.call(member, "GET", "/users", { client_gravatar: false })).body.members[0];
    assert.match(first.avatar_url, /^https:\/\/secure\.gravatar\.com\//);
    assert.equal((await t.call(member, "GET", "/users")).body.members[0].avatar_url, null);
  });

  it("narrows the list to user_ids", async () => {
    const res = await t.call(member, "GET", "/users", { user_ids: [member.id] });
    assert.deepEqual(res.body.members.map((u: any) => u.user_id), [member.id]);
  });
});
