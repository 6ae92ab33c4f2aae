import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
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

  it("narrows the list to user_ids", async () => {
    const res = await t.call(member, "GET", "/users", { user_ids: [member.id] });
    assert.deepEqual(res.body.members.map((u: any) => u.user_id), [member.id]);
  });
});
