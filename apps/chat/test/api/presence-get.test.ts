// GET /realm/presence and GET /users/{user_id_or_email}/presence: reading presence without reporting one's own.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { OFFLINE_THRESHOLD_SECS } from "../../src/lib/presence.js";

describe("Reading presence", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let quiet: Account;
  let other: Account;
  let botId: number;
  const seconds = () => Math.floor(t.clock.now().getTime() / 1000);

  before(async () => {
    t = await chatTest();
    owner = await t.realm({ subdomain: "acme" });
    mia = await t.user(owner, { name: "Mia" });
    quiet = await t.user(owner, { name: "Quiet" });
    other = await t.realm({ subdomain: "globex" });
    botId = (await t.call(owner, "POST", "/bots", { full_name: "Helper", short_name: "helper" })).body.user_id;
    t.clock.advanceSeconds(1000);
    assert.equal((await t.call(mia, "POST", "/users/me/presence", { status: "active", ping_only: true })).status, 200);
    await t.call(other, "POST", "/users/me/presence", { status: "active", ping_only: true });
  });
  after(() => t.close());

  it("lists the realm's presence by email in the legacy form", async () => {
    const at = seconds();
    t.clock.advanceSeconds(5);
    const res = await t.call(owner, "GET", "/realm/presence");
    assert.equal(res.status, 200);
    const website = { client: "website", status: "active", timestamp: at, pushable: false };
    assert.deepEqual(res.body, {
      result: "success",
      msg: "",
      server_timestamp: seconds(),
      presences: { [mia.email]: { aggregated: { client: "website", status: "active", timestamp: at }, website } },
    });
  });

  it("gives one user's presence by id or email, modern and legacy fields together", async () => {
    const at = seconds() - 5;
    const expected = {
      result: "success",
      msg: "",
      server_timestamp: seconds(),
      presence: { active_timestamp: at, idle_timestamp: at, website: { status: "active", timestamp: at }, aggregated: { status: "active", timestamp: at } },
    };
    assert.deepEqual((await t.call(owner, "GET", `/users/${mia.id}/presence`)).body, expected);
    assert.deepEqual((await t.call(owner, "GET", `/users/${mia.email}/presence`)).body, expected);
  });

  it("reads aggregated as offline once the last report is older than the offline threshold", async () => {
    t.clock.advanceSeconds(OFFLINE_THRESHOLD_SECS + 1);
    const body = (await t.call(owner, "GET", `/users/${mia.id}/presence`)).body;
    assert.equal(body.presence.aggregated.status, "offline");
    assert.equal(body.presence.website.status, "active");
  });

  it("refuses unknown users, other realms' users, bots and users without presence", async () => {
    assert.deepEqual((await t.call(owner, "GET", "/users/9999/presence")).body, badRequest("No such user"));
    assert.deepEqual((await t.call(owner, "GET", `/users/${other.id}/presence`)).body, badRequest("No such user"));
    assert.deepEqual((await t.call(owner, "GET", `/users/${other.email}/presence`)).body, badRequest("No such user"));
    assert.deepEqual((await t.call(owner, "GET", `/users/${botId}/presence`)).body, badRequest("Presence is not supported for bot users."));
    assert.deepEqual((await t.call(owner, "GET", `/users/${quiet.id}/presence`)).body, badRequest(`No presence data for ${quiet.id}`));
    // The other realm's presence stays in that realm.
    assert.deepEqual(Object.keys((await t.call(owner, "GET", "/realm/presence")).body.presences), [mia.email]);
  });

  it("shows nobody when the realm has presence disabled", async () => {
    assert.equal((await t.call(owner, "PATCH", "/realm", { presence_disabled: true })).status, 200);
    assert.deepEqual((await t.call(owner, "GET", "/realm/presence")).body.presences, {});
    assert.deepEqual((await t.call(owner, "GET", `/users/${mia.id}/presence`)).body, badRequest(`No presence data for ${mia.id}`));
  });
});
