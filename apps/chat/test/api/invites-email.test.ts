import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR, ROLE_MODERATOR } from "../../src/lib/roles.js";
import { mailSettled } from "../../src/actions/mail.js";
import { capture, recipients, type Capture } from "../events/support.js";
import { mailServer, type MailServer } from "./smtp-support.js";
import { Browser, SHELL, webFixture } from "../web/support.js";

const EXPIRED = "The confirmation link has expired or been deactivated.";
const keyIn = (text: string) => /\/accounts\/do_confirm\/([a-z0-9]{24})\b/.exec(text)?.[1];

describe("e-mail invitations: POST /invites and resend mail a key that POST /accounts/register accepts", () => {
  let t: ChatTest;
  let smtp: MailServer;
  let owner: Account;
  let admin: Account;
  let member: Account;
  let cap: Capture;
  let channelId: number;
  let defaultId: number;
  let groupId: number;
  let webDir: string;

  const signUp = (params: Record<string, unknown>) => t.call(null, "POST", "/accounts/register", params, { host: owner.host });
  const invite = async (who: Account, email: string, params: Record<string, unknown> = {}) => {
    const res = await t.call(who, "POST", "/invites", { invitee_emails: email, stream_ids: [], ...params });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    await mailSettled();
    const index = smtp.mails.findIndex((m) => m.to.includes(email));
    assert.ok(index >= 0, `a mail to ${email}`);
    return smtp.mails.splice(index, 1)[0]!;
  };

  before(async () => {
    smtp = await mailServer();
    t = await chatTest({ config: { smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpUseTls: false, smtpFrom: "chat@example.org", webDir: (webDir = webFixture()) } });
    owner = await t.realm({ name: "Acme" });
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR, name: "Ada Admin", email: "ada@example.com" });
    member = await t.user(owner, { name: "Max Member", email: "max@example.com" });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "design" }, { name: "announce" }] });
    channelId = (await t.call(owner, "GET", "/get_stream_id", { stream: "design" })).body.stream_id;
    defaultId = (await t.call(owner, "GET", "/get_stream_id", { stream: "announce" })).body.stream_id;
    await t.call(owner, "POST", "/default_streams", { stream_id: defaultId });
    groupId = (await t.call(owner, "POST", "/user_groups/create", { name: "Designers", description: "", members: [] })).body.group_id;
    cap = capture(t);
  });
  after(async () => {
    await mailSettled();
    await t.close();
    await smtp.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("mails each invitee a link with the inviter, the realm, the welcome text and the key", async () => {
    const res = await t.call(admin, "POST", "/invites", { invitee_emails: "one@example.com, Two <two@example.com>", stream_ids: [channelId], welcome_message_custom_text: "Say hi in #design!" });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    await mailSettled();
    const mails = smtp.mails.splice(0);
    assert.deepEqual(mails.map((m) => m.to).sort(), [["one@example.com"], ["two@example.com"]]);
    const listed = (await t.call(admin, "GET", "/invites")).body.invites;
    for (const mail of mails) {
      assert.equal(mail.from, "chat@example.org");
      assert.match(mail.text, /Subject: Invitation from Ada Admin to join Acme/);
      assert.match(mail.text, /Ada Admin \(ada@example\.com\) has invited you to Acme/);
      assert.match(mail.text, /Say hi in #design!/);
      const key = keyIn(mail.text);
      assert.ok(key, mail.text);
      assert.match(mail.text, new RegExp(`http://${owner.host.replace(/\./g, "\\.")}(:\\d+)?/accounts/do_confirm/${key}`));
      assert.ok(listed.some((i: any) => i.email === mail.to[0]));
    }
    const keys = mails.map((m) => keyIn(m.text));
    assert.notEqual(keys[0], keys[1], "one key per invitation");
  });

  it("uses the realm's welcome text when the invitation has none, and none when it is empty", async () => {
    await t.call(owner, "PATCH", "/realm", { welcome_message_custom_text: "Welcome to Acme's chat." });
    assert.match((await invite(admin, "realmtext@example.com")).text, /Welcome to Acme's chat\./);
    assert.doesNotMatch((await invite(admin, "notext@example.com", { welcome_message_custom_text: "" })).text, /Welcome to Acme's chat\./);
  });

  it("signs up with the mailed key: the invitation's role, channels, groups and defaults, the inviter's DM and events", async () => {
    const mail = await invite(owner, "newbie@example.com", { invite_as: ROLE_MODERATOR, stream_ids: [channelId], group_ids: [groupId], include_realm_default_subscriptions: true });
    const key = keyIn(mail.text)!;
    await t.deps.events.flush();
    cap.clear();
    const res = await signUp({ key, full_name: "New Bie", password: "pw-secret-1" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.email, "newbie@example.com");
    const id = res.body.user_id;
    await t.deps.events.flush();
    const everyone = [owner.id, admin.id, member.id, id].sort((a, b) => a - b);
    const sent = cap.notices.map((n) => ({ event: n.event as any, users: recipients(n) }));
    assert.deepEqual([sent[0]!.event.type, sent[0]!.event.op, sent[0]!.users, sent[0]!.event.person.role], ["realm_user", "add", everyone, ROLE_MODERATOR]);
    const dm = sent.find((s) => s.event.type === "message")!;
    assert.ok(dm, "the inviter gets a message event");
    assert.deepEqual(dm.users, [owner.id, dm.event.message.sender_id].sort((a, b) => a - b), "the inviter (and the bot that sends it)");
    assert.equal(dm.event.message.sender_full_name, "Notification Bot");
    assert.equal(dm.event.message.type, "private");
    const changed = sent.findIndex((s) => s.event.type === "invites_changed");
    assert.ok(changed > sent.indexOf(dm), "invites_changed follows the direct message, as in Zulip");
    assert.deepEqual(sent[changed]!.users, [owner.id, admin.id]);

    const account = { id, email: "newbie@example.com", apiKey: res.body.api_key, realmId: owner.realmId, host: owner.host };
    assert.deepEqual((await t.call(account, "GET", "/users/me/subscriptions")).body.subscriptions.map((s: any) => s.name).sort(), ["announce", "design"]);
    assert.deepEqual((await t.call(owner, "GET", `/user_groups/${groupId}/members`)).body.members, [id]);
    assert.equal((await t.call(account, "GET", "/users/me")).body.role, ROLE_MODERATOR);
    const narrow = JSON.stringify([{ operator: "dm", operand: [dm.event.message.sender_id] }]);
    const messages = (await t.call(owner, "GET", "/messages", { anchor: "newest", num_before: 5, num_after: 0, narrow, apply_markdown: false })).body.messages;
    assert.equal(messages.at(-1).content, `@_**New Bie|${id}** accepted your invitation to join Zulip!`);
    assert.ok(!(await t.call(owner, "GET", "/invites")).body.invites.some((i: any) => i.email === "newbie@example.com"), "the invitation is used up");
    assert.deepEqual((await signUp({ key, full_name: "Again" })).body, badRequest(EXPIRED), "a used key is refused");
  });

  it("sends no direct message when the inviter opted out, but still invites_changed", async () => {
    const key = keyIn((await invite(member, "quiet@example.com", { notify_referrer_on_join: false })).text)!;
    await t.deps.events.flush();
    cap.clear();
    assert.equal((await signUp({ key, email: "Quiet@Example.com", full_name: "Quiet" })).status, 200, "the invited address in any case");
    await t.deps.events.flush();
    const sent = cap.notices.map((n) => ({ type: n.event.type, users: recipients(n) }));
    assert.ok(!sent.some((s) => s.type === "message"));
    assert.deepEqual(sent.find((s) => s.type === "invites_changed")!.users, [owner.id, admin.id, member.id]);
  });

  it("refuses another address, expired, revoked and unknown keys", async () => {
    const key = keyIn((await invite(owner, "right@example.com")).text)!;
    assert.deepEqual((await signUp({ key, email: "wrong@example.com", full_name: "Wrong" })).body, badRequest("This invitation is for right@example.com; sign up with that email address."));
    const soon = keyIn((await invite(owner, "late@example.com", { invite_expires_in_minutes: 10 })).text)!;
    t.clock.advance(11 * 60_000);
    assert.deepEqual((await signUp({ key: soon, full_name: "Late" })).body, badRequest(EXPIRED));
    const gone = keyIn((await invite(owner, "gone@example.com")).text)!;
    const id = (await t.call(owner, "GET", "/invites")).body.invites.find((i: any) => i.email === "gone@example.com").id;
    await t.call(owner, "DELETE", `/invites/${id}`);
    assert.deepEqual((await signUp({ key: gone, full_name: "Gone" })).body, badRequest(EXPIRED));
    assert.deepEqual((await signUp({ key: "a".repeat(24), full_name: "Nobody" })).body, badRequest(EXPIRED));
    assert.equal((await signUp({ key, full_name: "Right" })).status, 200, "the refused attempts left the key usable");
  });

  it("resending mails the same key again with a new validity, and the other invitations to an address die with the sign-up", async () => {
    const first = keyIn((await invite(owner, "twice@example.com", { invite_expires_in_minutes: 60 })).text)!;
    const second = keyIn((await invite(admin, "twice@example.com")).text)!;
    const id = (await t.call(owner, "GET", "/invites")).body.invites.find((i: any) => i.email === "twice@example.com" && i.invited_by_user_id === owner.id).id;
    t.clock.advance(50 * 60_000);
    assert.deepEqual((await t.call(owner, "POST", `/invites/${id}/resend`)).body, { result: "success", msg: "" });
    await mailSettled();
    const again = smtp.mails.splice(0);
    assert.deepEqual(again.map((m) => [m.to, keyIn(m.text)]), [[["twice@example.com"], first]]);
    t.clock.advance(50 * 60_000);
    assert.equal((await signUp({ key: first, full_name: "Twice" })).status, 200, "resending restarted the hour");
    assert.deepEqual((await signUp({ key: second, full_name: "Twice" })).body, badRequest(EXPIRED));
    assert.ok(!(await t.call(owner, "GET", "/invites")).body.invites.some((i: any) => i.email === "twice@example.com"));
  });

  it("the mailed link opens the web app, whose sign-up creates the account and signs the new user in", async () => {
    const mail = await invite(admin, "web@example.com");
    const url = /http:\/\/[^\s]+\/accounts\/do_confirm\/[a-z0-9]{24}/.exec(mail.text)![0];
    const key = keyIn(mail.text)!;
    const browser = new Browser(t.app, owner.host);
    const landing = await browser.open(new URL(url).pathname);
    assert.deepEqual([landing.status, landing.text], [200, SHELL]);
    const info = await browser.request("GET", `/accounts/invite_info/?key=${key}`);
    // The sign-up form shows the server's password rules beside its strength meter.
    assert.deepEqual(info.body, { result: "success", msg: "", realm_name: "Acme", email: "web@example.com", password_min_length: 6, password_max_length: 100, password_min_guesses: 10000 });
    assert.equal((await t.call(owner, "GET", "/invites")).body.invites.filter((i: any) => i.email === "web@example.com").length, 1, "looking changes nothing");
    const done = await browser.post("/accounts/register/", { key, full_name: "Web User", password: "pw-secret-web-1" });
    assert.equal(done.status, 200, done.text);
    assert.equal((await browser.json("GET", "/users/me")).body.email, "web@example.com");
    const login = await t.call(null, "POST", "/fetch_api_key", { username: "web@example.com", password: "pw-secret-web-1" }, { host: owner.host });
    assert.equal(login.status, 200);
    const again = await browser.request("GET", `/accounts/invite_info/?key=${key}`);
    assert.deepEqual([again.status, again.body.msg], [400, EXPIRED]);
  });

  it("a reusable link's sign-up sends its creator no direct message", async () => {
    const link = (await t.call(owner, "POST", "/invites/multiuse", {})).body.invite_link as string;
    await t.deps.events.flush();
    cap.clear();
    const res = await signUp({ key: link.split("/").at(-2), email: "linked@example.com", full_name: "Linked" });
    assert.equal(res.status, 200);
    await t.deps.events.flush();
    assert.ok(!cap.notices.some((n) => n.event.type === "message" || n.event.type === "invites_changed"));
    assert.deepEqual((await signUp({ key: link.split("/").at(-2), full_name: "No Email" })).body, {
      result: "error",
      msg: "Missing 'email' argument",
      code: "REQUEST_VARIABLE_MISSING",
      var_name: "email",
    });
  });
});

describe("e-mail invitations without a working SMTP server", () => {
  it("records the invitation and answers success when SMTP is not configured, logging a warning", async () => {
    const t = await chatTest();
    try {
      const owner = await t.realm();
      const warnings: unknown[] = [];
      t.deps.log.warn = ((obj: unknown, msg?: string) => void warnings.push([obj, msg])) as typeof t.deps.log.warn;
      const res = await t.call(owner, "POST", "/invites", { invitee_emails: "nomail@example.com", stream_ids: [] });
      assert.deepEqual(res.body, { result: "success", msg: "" });
      assert.equal(warnings.length, 1);
      assert.match(String((warnings[0] as unknown[])[1]), /not e-mailed/);
      assert.deepEqual((await t.call(owner, "GET", "/invites")).body.invites.map((i: any) => i.email), ["nomail@example.com"]);
    } finally {
      await t.close();
    }
  });

  it("answers success when the SMTP server cannot be reached, and logs the failure after Zulip's retries", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = await chatTest({ config: { smtpHost: "127.0.0.1", smtpPort: port, smtpUseTls: false } });
    try {
      const owner = await t.realm();
      const errors: unknown[] = [];
      t.deps.log.error = ((obj: unknown) => void errors.push(obj)) as typeof t.deps.log.error;
      const res = await t.call(owner, "POST", "/invites", { invitee_emails: "unreachable@example.com", stream_ids: [] });
      assert.deepEqual(res.body, { result: "success", msg: "" });
      await mailSettled();
      assert.equal(errors.length, 1);
      assert.equal((errors[0] as { attempts: number }).attempts, 4);
      assert.equal((await t.call(owner, "GET", "/invites")).body.invites.length, 1);
    } finally {
      await t.close();
    }
  });
});
