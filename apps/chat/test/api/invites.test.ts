import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR, ROLE_GUEST, ROLE_MODERATOR } from "../../src/lib/roles.js";
import { captureEvents } from "./org-support.js";

describe("POST/GET/DELETE /invites and POST /invites/{id}/resend", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let member: Account;
  let guest: Account;
  let events: ReturnType<typeof captureEvents>;
  let channelId: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    member = await t.user(owner);
    guest = await t.user(owner, { role: ROLE_GUEST });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }] });
    channelId = (await t.call(owner, "GET", "/get_stream_id", { stream: "general" })).body.stream_id;
    events = captureEvents(t);
  });
  after(() => t.close());

  it("records invitations, one per address, and tells administrators and the inviter", async () => {
    const res = await t.call(member, "POST", "/invites", { invitee_emails: "a@example.com, Bea <b@example.com>\nc@example.com", stream_ids: [channelId], invite_expires_in_minutes: 60 });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.deepEqual(await events.take(), [{ event: { type: "invites_changed" }, users: [owner.id, admin.id, member.id] }]);
    const list = await t.call(member, "GET", "/invites");
    const now = Math.floor(t.clock.now().getTime() / 1000);
    assert.deepEqual(list.body.invites.map((i: any) => i.email), ["a@example.com", "b@example.com", "c@example.com"]);
    const first = list.body.invites[0];
    assert.deepEqual({ ...first, id: 0 }, { id: 0, invited_by_user_id: member.id, invited: now, expiry_date: now + 3600, invited_as: 400, notify_referrer_on_join: true, is_multiuse: false, email: "a@example.com" });
  });

  it("lists only one's own invitations unless an administrator, and hides expired ones", async () => {
    await t.call(admin, "POST", "/invites", { invitee_emails: "d@example.com", stream_ids: [], invite_expires_in_minutes: null });
    assert.equal((await t.call(member, "GET", "/invites")).body.invites.length, 3);
    assert.equal((await t.call(admin, "GET", "/invites")).body.invites.length, 4);
    t.clock.advance(61 * 60_000);
    const later = await t.call(admin, "GET", "/invites");
    assert.deepEqual(later.body.invites.map((i: any) => [i.email, i.expiry_date]), [["d@example.com", null]]);
  });

  it("reports invalid addresses and existing accounts as INVITATION_FAILED", async () => {
    const invalid = await t.call(owner, "POST", "/invites", { invitee_emails: "ok@example.com, nope", stream_ids: [] });
    assert.deepEqual(invalid.body, {
      result: "error",
      msg: "Some emails did not validate, so we didn't send any invitations.",
      code: "INVITATION_FAILED",
      errors: [["nope", "Invalid address.", false]],
      sent_invitations: false,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    const existing = await t.call(owner, "POST", "/invites", { invitee_emails: `${member.email}, new@example.com`, stream_ids: [] });
    assert.equal(existing.body.code, "INVITATION_FAILED");
    assert.equal(existing.body.msg, "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!");
    assert.deepEqual([existing.body.errors, existing.body.sent_invitations], [[[member.email, "Already has an account.", false]], true]);
    const nobody = await t.call(owner, "POST", "/invites", { invitee_emails: member.email, stream_ids: [] });
    assert.deepEqual([nobody.body.msg, nobody.body.sent_invitations], ["We weren't able to invite anyone.", false]);
  });

  it("refuses guests, empty lists, higher roles, unknown channels and bad roles", async () => {
    assert.deepEqual((await t.call(guest, "POST", "/invites", { invitee_emails: "x@example.com", stream_ids: [] })).body, badRequest("Not allowed for guest users"));
    assert.deepEqual((await t.call(member, "POST", "/invites", { invitee_emails: " ", stream_ids: [] })).body, badRequest("You must specify at least one email address."));
    assert.deepEqual((await t.call(member, "POST", "/invites", { invitee_emails: "x@example.com", stream_ids: [], invite_as: ROLE_MODERATOR })).body, badRequest("Must be an organization administrator"));
    assert.deepEqual((await t.call(admin, "POST", "/invites", { invitee_emails: "x@example.com", stream_ids: [], invite_as: 100 })).body, {
      result: "error",
      msg: "Must be an organization owner",
      code: "UNAUTHORIZED_PRINCIPAL",
    });
    assert.deepEqual((await t.call(admin, "POST", "/invites/multiuse", { invite_as: 100 })).body.msg, "Must be an organization owner");
    assert.deepEqual((await t.call(member, "POST", "/invites", { invitee_emails: "x@example.com", stream_ids: [], welcome_message_custom_text: "Hi" })).body, badRequest("Must be an organization administrator"));
    assert.deepEqual((await t.call(owner, "POST", "/invites", { invitee_emails: "x@example.com", stream_ids: [], invite_as: 250 })).body, badRequest("Invalid invite_as"));
    assert.deepEqual((await t.call(owner, "POST", "/invites", { invitee_emails: "x@example.com", stream_ids: [9999] })).body, badRequest("Invalid channel ID 9999. No invites were sent."));
    assert.equal((await t.call(owner, "POST", "/invites", { invitee_emails: "x@example.com" })).body.code, "REQUEST_VARIABLE_MISSING");
  });

  it("resends and revokes an invitation, with the permission rules", async () => {
    const [mine] = (await t.call(admin, "GET", "/invites")).body.invites;
    t.clock.advance(60_000);
    await events.take();
    assert.deepEqual((await t.call(member, "POST", `/invites/${mine.id}/resend`)).body, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" });
    assert.equal((await t.call(admin, "POST", `/invites/${mine.id}/resend`)).status, 200);
    const resent = (await t.call(admin, "GET", "/invites")).body.invites.find((i: any) => i.id === mine.id);
    assert.equal(resent.invited, Math.floor(t.clock.now().getTime() / 1000));
    assert.equal(resent.expiry_date, null);
    assert.deepEqual((await events.take())[0]!.event, { type: "invites_changed" });
    assert.equal((await t.call(owner, "DELETE", `/invites/${mine.id}`)).status, 200);
    assert.deepEqual((await t.call(owner, "DELETE", `/invites/${mine.id}`)).body, badRequest("No such invitation"));
    assert.deepEqual((await t.call(owner, "POST", `/invites/${mine.id}/resend`)).body, badRequest("No such invitation"));
  });
});
