// The web app's sign-up: GET /accounts/invite_info/ and POST /accounts/register/, from a
// reusable link (/join/<key>/) or an e-mail invitation (/accounts/do_confirm/<key>).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { Browser, webFixture } from "./support.js";

// The server's password rules (its defaults), for the sign-up form's strength meter.
const RULES = { password_min_length: 6, password_max_length: 100, password_min_guesses: 10_000 };
const EXPIRED = { result: "error", msg: "The confirmation link has expired or been deactivated.", code: "BAD_REQUEST" };

describe("web sign-up: GET /accounts/invite_info/ and POST /accounts/register/", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  let linkKey: string;

  const emailInvitation = async (email: string, inviter = owner): Promise<string> => {
    const res = await t.call(inviter, "POST", "/invites", { invitee_emails: email, stream_ids: [] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const row = await t.deps.db.selectFrom("invites").select("confirmation_key").where("email", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
    return row.confirmation_key;
  };

  before(async () => {
    dir = webFixture();
    t = await chatTest({ config: { webDir: dir } });
    owner = await t.realm({ subdomain: "acme", name: "Acme Corp", password: "owner-pass-1" });
    const link = (await t.call(owner, "POST", "/invites/multiuse", {})).body.invite_link as string;
    linkKey = link.split("/").at(-2)!;
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("describes a reusable link: the organization's name, and no address (the form asks for one)", async () => {
    const browser = new Browser(t.app, owner.host);
    const res = await browser.request("GET", `/accounts/invite_info/?key=${linkKey}`);
    assert.deepEqual([res.status, res.body], [200, { result: "success", msg: "", realm_name: "Acme Corp", email: null, ...RULES }]);
  });

  it("describes an e-mail invitation with the invited address, at the realm's host or the bare address", async () => {
    const key = await emailInvitation("invited@example.com");
    for (const host of [owner.host, "127.0.0.1:9991"]) {
      const res = await new Browser(t.app, host).request("GET", `/accounts/invite_info/?key=${key}`);
      assert.deepEqual(res.body, { result: "success", msg: "", realm_name: "Acme Corp", email: "invited@example.com", ...RULES }, host);
    }
  });

  it("answers Zulip's expired-link error for unknown keys and a missing-argument error without one", async () => {
    const browser = new Browser(t.app, owner.host);
    for (const key of ["abcdefghijklmnopqrstuvwx", "nope", ""]) {
      const res = await browser.request("GET", `/accounts/invite_info/?key=${key}`);
      assert.deepEqual([res.status, res.body], [400, EXPIRED], key);
    }
    const missing = await browser.request("GET", "/accounts/invite_info/");
    assert.deepEqual([missing.status, missing.body], [400, { result: "error", msg: "Missing 'key' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "key" }]);
  });

  it("signs up through a reusable link and lands signed in, with no API key in the answer", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.open(`/join/${linkKey}/`);
    const res = await browser.post("/accounts/register/", { key: linkKey, email: "linked@example.com", full_name: "Linda Linked", password: "linked-Pass-1" });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ["msg", "result", "user_id"]);
    assert.doesNotMatch(res.text, /api_key|[a-z0-9]{32}/);
    assert.ok(browser.cookie("beacon_chat_session"));
    const me = await browser.json("GET", "/users/me");
    assert.deepEqual([me.body.user_id, me.body.email, me.body.full_name], [res.body.user_id, "linked@example.com", "Linda Linked"]);
    const again = await new Browser(t.app, owner.host).signIn("linked@example.com", "linked-Pass-1");
    assert.equal(again.status, 200, "the password works for later sign-ins");
  });

  it("signs up through an e-mail invitation (the invited address) at the bare address, in the key's organization", async () => {
    const key = await emailInvitation("mailed@example.com");
    const browser = new Browser(t.app, "127.0.0.1:9991");
    await browser.open(`/accounts/do_confirm/${key}`);
    const res = await browser.post("/accounts/register/", { key, full_name: "Mae Mailed", password: "mailed-Pass-1" });
    assert.equal(res.status, 200, res.text);
    const me = await browser.json("GET", "/users/me");
    assert.equal(me.body.email, "mailed@example.com");
    const users = (await t.call(owner, "GET", "/users")).body.members.map((u: any) => u.email);
    assert.ok(users.includes("mailed@example.com"), "the account is in the inviting organization");
    const reused = await browser.post("/accounts/register/", { key, full_name: "Twice", password: "mailed-Pass-2" });
    assert.deepEqual([reused.status, reused.body], [400, EXPIRED], "an e-mail invitation is used once");
  });

  it("answers with the errors and messages of POST /api/v1/accounts/register", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.open();
    const noEmail = await browser.post("/accounts/register/", { key: linkKey, full_name: "No Email", password: "some-Pass-1" });
    assert.deepEqual([noEmail.status, noEmail.body], [400, { result: "error", msg: "Missing 'email' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "email" }]);
    const weak = await browser.post("/accounts/register/", { key: linkKey, email: "weak@example.com", full_name: "Weak", password: "123" });
    const apiWeak = await t.call(null, "POST", "/accounts/register", { key: linkKey, email: "weak@example.com", full_name: "Weak", password: "123" }, { host: owner.host });
    assert.deepEqual([weak.status, weak.body], [apiWeak.status, apiWeak.body]);
    const noPassword = await browser.post("/accounts/register/", { key: linkKey, email: "nopw@example.com", full_name: "No Password" });
    assert.deepEqual(noPassword.body, { result: "error", msg: "Missing 'password' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "password" });
    const taken = await browser.post("/accounts/register/", { key: linkKey, email: owner.email, full_name: "Dup", password: "dup-Pass-123" });
    assert.deepEqual([taken.status, taken.body.msg], [400, "Email is already in use."]);
    const other = await t.realm({ subdomain: "other" });
    const wrongHost = await new Browser(t.app, other.host).post("/accounts/register/", { key: linkKey, email: "x@example.com", full_name: "X", password: "x-Pass-12345" }, { headers: { "x-csrftoken": "a".repeat(32), cookie: `csrftoken=${"a".repeat(32)}` } });
    assert.deepEqual([wrongHost.status, wrongHost.body], [400, EXPIRED], "a key is looked up in the host's organization only");
    assert.equal(browser.cookie("beacon_chat_session"), undefined);
  });

  it("needs the CSRF token", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.open();
    const res = await browser.post("/accounts/register/", { key: linkKey, email: "csrf@example.com", full_name: "C", password: "csrf-Pass-123" }, { csrf: false });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, "CSRF_FAILED");
  });

  it("refuses a sign-up into a deactivated organization", async () => {
    const closing = await t.realm({ subdomain: "closing" });
    const key = await emailInvitation("late@example.com", closing);
    await t.call(closing, "POST", "/realm/deactivate");
    const browser = new Browser(t.app, closing.host);
    await browser.open();
    const info = await browser.request("GET", `/accounts/invite_info/?key=${key}`);
    assert.deepEqual([info.status, info.body], [400, { result: "error", msg: "This organization has been deactivated", code: "REALM_DEACTIVATED" }]);
  });
});
