import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_MODERATOR } from "../../src/lib/roles.js";
import { capture, recipients, type Capture } from "../events/support.js";

describe("POST /accounts/register (signing up through an invitation link)", () => {
  let t: ChatTest;
  let owner: Account;
  let cap: Capture;
  let member: Account;
  let channelId: number;
  let defaultId: number;
  let groupId: number;

  const keyOf = (link: string) => link.split("/").at(-2)!;
  const signUp = (params: Record<string, unknown>) => t.call(null, "POST", "/accounts/register", params, { host: owner.host });

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "design" }, { name: "announce" }] });
    channelId = (await t.call(owner, "GET", "/get_stream_id", { stream: "design" })).body.stream_id;
    defaultId = (await t.call(owner, "GET", "/get_stream_id", { stream: "announce" })).body.stream_id;
    await t.call(owner, "POST", "/default_streams", { stream_id: defaultId });
    groupId = (await t.call(owner, "POST", "/user_groups/create", { name: "Designers", description: "", members: [] })).body.group_id;
    member = await t.user(owner, { name: "Member" });
    cap = capture(t);
  });
  after(() => t.close());

  it("creates the account with the link's role, channels and groups, and announces it", async () => {
    const link = (await t.call(owner, "POST", "/invites/multiuse", { invite_as: ROLE_MODERATOR, stream_ids: [channelId], group_ids: [groupId] })).body.invite_link;
    await t.deps.events.flush();
    cap.clear();
    const res = await signUp({ key: keyOf(link), email: "new@example.com", full_name: "New Person", password: "pw-secret-1" });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ["api_key", "email", "msg", "result", "user_id"]);
    await t.deps.events.flush();
    const id = res.body.user_id;
    const everyone = [owner.id, member.id, id].sort((a, b) => a - b);
    const sent = cap.notices.map((n) => ({ event: n.event, users: recipients(n) }));
    const person = sent[0].event.person as any;
    assert.deepEqual([sent[0].event.type, sent[0].event.op, sent[0].users], ["realm_user", "add", everyone]);
    assert.deepEqual([person.user_id, person.email, person.role, person.full_name], [id, "new@example.com", ROLE_MODERATOR, "New Person"]);
    const moderators = (await t.call(owner, "GET", "/user_groups")).body.user_groups.find((g: any) => g.name === "role:moderators").id;
    // Then the role's group, peer_add to those who see the channel (no subscription/add: the new
    // account has no queue yet) and the invitation's groups. A reusable link has no referrer in
    // Zulip: no invites_changed and no direct message to its creator.
    assert.deepEqual(sent.slice(1), [
      { event: { type: "user_group", op: "add_members", group_id: moderators, user_ids: [id] }, users: everyone },
      { event: { type: "subscription", op: "peer_add", stream_ids: [channelId], user_ids: [id] }, users: [owner.id, member.id] },
      { event: { type: "user_group", op: "add_members", group_id: groupId, user_ids: [id] }, users: everyone },
    ]);
    const account = { id: res.body.user_id, email: "new@example.com", apiKey: res.body.api_key, realmId: owner.realmId, host: owner.host };
    const subs = (await t.call(account, "GET", "/users/me/subscriptions")).body.subscriptions.map((s: any) => s.name);
    assert.deepEqual(subs, ["design"]);
    const members = (await t.call(owner, "GET", `/user_groups/${groupId}/members`)).body.members;
    assert.deepEqual(members, [res.body.user_id]);
    const again = await signUp({ key: keyOf(link), email: "second@example.com", full_name: "Second" });
    assert.equal(again.status, 200, "a reusable link stays usable");
  });

  it("adds the default channels when the link asks for them", async () => {
    const link = (await t.call(owner, "POST", "/invites/multiuse", { include_realm_default_subscriptions: true })).body.invite_link;
    const res = await signUp({ key: keyOf(link), email: "third@example.com", full_name: "Third" });
    const account = { id: res.body.user_id, email: "third@example.com", apiKey: res.body.api_key, realmId: owner.realmId, host: owner.host };
    assert.deepEqual((await t.call(account, "GET", "/users/me/subscriptions")).body.subscriptions.map((s: any) => s.name), ["announce"]);
  });

  it("refuses revoked, expired and unknown links", async () => {
    const expired = "The confirmation link has expired or been deactivated.";
    const link = (await t.call(owner, "POST", "/invites/multiuse", { invite_expires_in_minutes: 10 })).body.invite_link;
    t.clock.advance(11 * 60_000);
    assert.deepEqual((await signUp({ key: keyOf(link), email: "late@example.com", full_name: "Late" })).body, badRequest(expired));
    const revoked = (await t.call(owner, "POST", "/invites/multiuse", {})).body.invite_link;
    const id = (await t.call(owner, "GET", "/invites")).body.invites.find((i: any) => i.link_url === revoked).id;
    await t.call(owner, "DELETE", `/invites/multiuse/${id}`);
    assert.deepEqual((await signUp({ key: keyOf(revoked), email: "gone@example.com", full_name: "Gone" })).body, badRequest(expired));
    assert.deepEqual((await signUp({ key: "nosuchkey", email: "x@example.com", full_name: "X" })).body, badRequest(expired));
  });

  it("checks the email, the name and the realm's domain restriction", async () => {
    const key = keyOf((await t.call(owner, "POST", "/invites/multiuse", {})).body.invite_link);
    assert.deepEqual((await signUp({ key, email: "new@example.com", full_name: "Twin" })).body, badRequest("Email is already in use."));
    assert.deepEqual((await signUp({ key, email: "bad", full_name: "Bad" })).body, badRequest("Invalid email 'bad'"));
    assert.deepEqual((await signUp({ key, email: "ok@example.com", full_name: " " })).body, badRequest("Name too short!"));
    await t.call(owner, "POST", "/realm/domains", { domain: "corp.example", allow_subdomains: true });
    await t.call(owner, "PATCH", "/realm", { emails_restricted_to_domains: true });
    const outside = await signUp({ key, email: "x@elsewhere.example", full_name: "Outsider" });
    assert.deepEqual(outside.body, badRequest("Your email address, x@elsewhere.example, is not in one of the domains that are allowed to register for accounts in this organization."));
    assert.equal((await signUp({ key, email: "y@eu.corp.example", full_name: "Insider" })).status, 200);
  });
});
