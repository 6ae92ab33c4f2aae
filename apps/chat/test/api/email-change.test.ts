import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { captureEvents } from "./org-support.js";
import { mailServer, type MailServer } from "./smtp-support.js";

describe("PATCH /settings email and the confirmation link", () => {
  let t: ChatTest;
  let smtp: MailServer;
  let owner: Account;
  let admin: Account;
  let member: Account;
  let other: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    smtp = await mailServer();
    t = await chatTest({ config: { smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpUseTls: false, smtpFrom: "chat@example.org" } });
    owner = await t.realm({ name: "Acme" });
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    member = await t.user(owner, { name: "Mia Member", email: "mia@example.com", password: "member-password" });
    other = await t.user(owner);
    events = captureEvents(t);
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const requestChange = (who: Account, email: string) => t.call(who, "PATCH", "/settings", { email });
  const keyIn = (text: string) => /\/accounts\/confirm_new_email\/([a-z0-9]{24})\//.exec(text)?.[1];
  const confirm = (key: string) =>
    t.app.inject({ method: "POST", url: "/accounts/confirm_new_email", headers: { host: owner.host, "content-type": "application/x-www-form-urlencoded" }, payload: `key=${key}` });

  it("checks the new address with Zulip's messages and sends nothing for a refused one", async () => {
    assert.deepEqual((await requestChange(member, "not-an-email")).body, badRequest("Invalid address."));
    assert.deepEqual((await requestChange(member, other.email)).body, badRequest("Already has an account."));
    assert.equal(smtp.mails.length, 0);
    assert.deepEqual((await requestChange(member, " mia@example.com ")).body, { result: "success", msg: "" }, "the current address changes nothing");
    assert.equal(smtp.mails.length, 0);
  });

  it("mails a link to the new address; following it changes the address and tells everyone", async () => {
    const res = await requestChange(member, "mia.new@example.com");
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.equal((await t.call(member, "GET", "/users/me")).body.email, "mia@example.com", "unchanged until confirmed");
    const mail = smtp.mails.shift()!;
    assert.deepEqual([mail.from, mail.to], ["chat@example.org", ["mia.new@example.com"]]);
    assert.match(mail.text, /Verify your new email address for Acme/);
    const key = keyIn(mail.text)!;
    assert.ok(key, mail.text);
    assert.match(mail.text, new RegExp(`http://${owner.host.replace(/\./g, "\\.")}(:\\d+)?/accounts/confirm_new_email/${key}/`));

    // The link itself changes nothing: it shows a button that posts the key.
    const landing = await t.app.inject({ method: "GET", url: `/accounts/confirm_new_email/${key}/`, headers: { host: owner.host } });
    assert.equal(landing.statusCode, 200);
    assert.match(landing.body, new RegExp(`name="key" value="${key}"`));
    assert.equal((await t.call(member, "GET", "/users/me")).body.email, "mia@example.com");

    await events.take();
    const done = await confirm(key);
    assert.equal(done.statusCode, 200);
    assert.match(done.body, /mia@example\.com to mia\.new@example\.com/);
    const sent = (await events.take()).filter((e) => e.event.type === "realm_user");
    const persons = sent.map((e) => e.event.person as Record<string, unknown>);
    assert.deepEqual(persons[0], { user_id: member.id, delivery_email: "mia.new@example.com" });
    assert.equal(persons[1]!.user_id, member.id);
    assert.match(String(persons[1]!.avatar_url), /gravatar/);
    assert.deepEqual(persons[2], { user_id: member.id, new_email: "mia.new@example.com" });
    assert.deepEqual(sent[0]!.users, [owner.id, admin.id, member.id, other.id]);

    const me = (await t.call({ ...member, email: "mia.new@example.com" }, "GET", "/users/me")).body;
    assert.deepEqual([me.email, me.delivery_email], ["mia.new@example.com", "mia.new@example.com"]);
    const login = await t.call(null, "POST", "/fetch_api_key", { username: "mia.new@example.com", password: "member-password" }, { host: owner.host });
    assert.equal(login.status, 200);
    const notice = smtp.mails.shift()!;
    assert.deepEqual(notice.to, ["mia@example.com"]);
    assert.match(notice.text, /now mia\.new@example\.com/);
    member.email = "mia.new@example.com";

    const again = await confirm(key);
    assert.equal(again.statusCode, 404);
    assert.match(again.body, /The confirmation link has expired or been deactivated\./);
  });

  it("keeps only the latest request's link working, and each link for one day", async () => {
    await requestChange(member, "first@example.com");
    await requestChange(member, "second@example.com");
    const [first, second] = smtp.mails.splice(0).map((m) => keyIn(m.text)!);
    assert.equal((await confirm(first!)).statusCode, 404);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    assert.equal((await confirm(second!)).statusCode, 404);
    assert.equal((await confirm("not-a-key")).statusCode, 404);
    assert.equal((await t.call(member, "GET", "/users/me")).body.email, "mia.new@example.com");
  });

  it("refuses changes when the organization disables them, except for administrators, also at confirmation", async () => {
    await requestChange(member, "late@example.com");
    const key = keyIn(smtp.mails.shift()!.text)!;
    await t.call(owner, "PATCH", "/realm", { email_changes_disabled: true });
    assert.deepEqual((await requestChange(member, "mia.other@example.com")).body, badRequest("Email address changes are disabled in this organization."));
    const refused = await confirm(key);
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /Email address changes are disabled in this organization\./);
    assert.equal((await requestChange(admin, "admin.new@example.com")).status, 200);
    assert.deepEqual(smtp.mails.splice(0).map((m) => m.to), [["admin.new@example.com"]]);
    await t.call(owner, "PATCH", "/realm", { email_changes_disabled: false });
  });

  it("confirms nothing once another account took the address", async () => {
    await requestChange(other, "taken@example.com");
    const key = keyIn(smtp.mails.shift()!.text)!;
    assert.equal((await t.call(owner, "POST", "/users", { email: "taken@example.com", password: "pw-secret-1", full_name: "Taker" })).status, 200);
    const res = await confirm(key);
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Already has an account\./);
  });

  it("answers 502 when the SMTP server cannot be reached", async () => {
    const config = t.deps.config as { smtpPort: number };
    const saved = config.smtpPort;
    // A fresh config object gets a fresh transport (transports are kept per config).
    (t.deps as { config: unknown }).config = { ...t.deps.config, smtpPort: 1 };
    try {
      const res = await requestChange(other, "unsent@example.com");
      assert.equal(res.status, 502);
      assert.deepEqual(res.body, { result: "error", msg: "The confirmation email could not be sent; try again later.", code: "BAD_REQUEST" });
    } finally {
      (t.deps as { config: unknown }).config = { ...t.deps.config, smtpPort: saved };
    }
  });

  it("refuses the change when no SMTP server is configured", async () => {
    const config = t.deps.config as { smtpHost: string };
    config.smtpHost = "";
    try {
      assert.deepEqual((await requestChange(other, "unmailed@example.com")).body, badRequest("This server is not configured to send email, so email addresses cannot be changed."));
    } finally {
      config.smtpHost = "127.0.0.1";
    }
  });
});
