import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR, ROLE_MODERATOR } from "../../src/lib/roles.js";
import { captureEvents } from "./org-support.js";

describe("POST /invites/multiuse and DELETE /invites/multiuse/{id}", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let moderator: Account;
  let member: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    moderator = await t.user(owner, { role: ROLE_MODERATOR });
    member = await t.user(owner);
    events = captureEvents(t);
  });
  after(() => t.close());

  it("creates a link under the realm's URL and lists it", async () => {
    const res = await t.call(admin, "POST", "/invites/multiuse", { invite_as: ROLE_MODERATOR, invite_expires_in_minutes: 1440 });
    assert.equal(res.status, 200);
    assert.match(res.body.invite_link, /^http:\/\/r\d+\.localhost:9991\/join\/[a-z0-9]{24}\/$/);
    assert.deepEqual(await events.take(), [{ event: { type: "invites_changed" }, users: [owner.id, admin.id] }]);
    const [link] = (await t.call(owner, "GET", "/invites")).body.invites;
    const now = Math.floor(t.clock.now().getTime() / 1000);
    assert.deepEqual(link, { id: link.id, invited_by_user_id: admin.id, invited: now, expiry_date: now + 86400, invited_as: ROLE_MODERATOR, notify_referrer_on_join: true, is_multiuse: true, link_url: res.body.invite_link });
  });

  it("follows create_multiuse_invite_group: administrators by default", async () => {
    assert.deepEqual((await t.call(member, "POST", "/invites/multiuse", {})).body, badRequest("Insufficient permission"));
    assert.deepEqual((await t.call(moderator, "POST", "/invites/multiuse", {})).body, badRequest("Insufficient permission"));
    assert.deepEqual((await t.call(admin, "POST", "/invites/multiuse", { invite_as: 100 })).body, { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" });
    assert.equal((await t.call(owner, "POST", "/invites/multiuse", { invite_as: 100 })).status, 200);
  });

  it("checks the channels and groups the link carries", async () => {
    assert.deepEqual((await t.call(owner, "POST", "/invites/multiuse", { stream_ids: [4242] })).body, badRequest("Invalid channel ID 4242. No invites were sent."));
    assert.deepEqual((await t.call(owner, "POST", "/invites/multiuse", { group_ids: [4242] })).body, badRequest("Invalid user group"));
    const groups = (await t.call(owner, "GET", "/user_groups")).body.user_groups;
    const system = groups.find((g: any) => g.name === "role:members");
    assert.deepEqual((await t.call(owner, "POST", "/invites/multiuse", { group_ids: [system.id] })).body, badRequest("Insufficient permission"));
  });

  it("refuses a custom welcome message over 8000 characters", async () => {
    const long = await t.call(owner, "POST", "/invites/multiuse", { welcome_message_custom_text: "x".repeat(8001) });
    assert.deepEqual(long.body, badRequest("welcome_message_custom_text is too long (limit: 8000 characters)"));
  });

  it("revokes a link once, and refuses unknown or foreign ones", async () => {
    const links = (await t.call(owner, "GET", "/invites")).body.invites.filter((i: any) => i.is_multiuse);
    const adminLink = links.find((i: any) => i.invited_by_user_id === admin.id);
    const ownerLink = links.find((i: any) => i.invited_as === 100);
    assert.deepEqual((await t.call(admin, "DELETE", `/invites/multiuse/${ownerLink.id}`)).body, { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" });
    await events.take();
    assert.equal((await t.call(admin, "DELETE", `/invites/multiuse/${adminLink.id}`)).status, 200);
    assert.deepEqual((await events.take())[0]!.event, { type: "invites_changed" });
    assert.deepEqual((await t.call(admin, "DELETE", `/invites/multiuse/${adminLink.id}`)).body, badRequest("Invitation has already been revoked"));
    assert.deepEqual((await t.call(admin, "DELETE", "/invites/multiuse/99999")).body, badRequest("No such invitation"));
    assert.ok(!(await t.call(owner, "GET", "/invites")).body.invites.some((i: any) => i.id === adminLink.id));
  });
});
