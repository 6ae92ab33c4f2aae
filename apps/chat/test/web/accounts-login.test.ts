import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { BOT_DEFAULT } from "../../src/lib/roles.js";
import { Browser, webFixture } from "./support.js";

const failed = { result: "error", msg: "Your username or password is incorrect", code: "AUTHENTICATION_FAILED" };
const csrf = (reason: string) => ({ result: "error", msg: `CSRF error: ${reason}`, code: "CSRF_FAILED", reason });

describe("POST /accounts/login/ and /accounts/logout/", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  let member: Account;

  before(async () => {
    dir = webFixture();
    t = await chatTest({ config: { webDir: dir } });
    owner = await t.realm({ subdomain: "acme", password: "owner-pass-1" });
    member = await t.user(owner, { email: "member@acme.example.com", password: "member-pass-1" });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  // Each test starts with fresh throttle windows: 31 minutes later, nothing counted remains.
  beforeEach(() => t.clock.advanceSeconds(31 * 60));

  it("signs in with the right password: the user id, an HttpOnly SameSite session cookie, no API key", async () => {
    const browser = new Browser(t.app, owner.host);
    const res = await browser.signIn(owner.email, "owner-pass-1");
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { result: "success", msg: "", user_id: owner.id });
    assert.equal(res.headers["cache-control"], "no-store");
    const cookie = res.cookies.find((c) => c.startsWith("beacon_chat_session="));
    assert.match(cookie!, /^beacon_chat_session=[A-Za-z0-9_-]{43}; Max-Age=1209600; Path=\/; SameSite=Lax; HttpOnly$/);
    assert.doesNotMatch(res.text, /api_key/);
    const me = await browser.json("GET", "/users/me");
    assert.equal(me.status, 200);
    assert.equal(me.body.user_id, owner.id);
  });

  it("keeps only the digest of the session token in the database", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.signIn(member.email, "member-pass-1");
    const token = browser.cookie("beacon_chat_session")!;
    const rows = await t.deps.db.selectFrom("web_sessions").select(["token_hash", "user_id"]).where("user_id", "=", member.id).execute();
    assert.ok(rows.length >= 1);
    assert.ok(rows.every((r) => r.token_hash !== token));
    assert.ok(rows.some((r) => r.token_hash === createHash("sha256").update(token).digest("hex")));
  });

  it("marks the session cookie Secure on an https site", async () => {
    const secure = await chatTest({ config: { webDir: dir, externalScheme: "https" } });
    try {
      const boss = await secure.realm({ subdomain: "sec", password: "boss-pass-1" });
      const browser = new Browser(secure.app, boss.host);
      await browser.open();
      const res = await browser.post("/accounts/login/", { username: boss.email, password: "boss-pass-1" }, { headers: { origin: `https://${boss.host}` } });
      assert.equal(res.status, 200, res.text);
      assert.match(res.cookies.find((c) => c.startsWith("beacon_chat_session="))!, /; HttpOnly; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it("answers 401 AUTHENTICATION_FAILED, as /fetch_api_key does, for a wrong password or an unknown address, and sets no session", async () => {
    const browser = new Browser(t.app, owner.host);
    for (const [username, password] of [[owner.email, "wrong"], ["ghost@acme.example.com", "owner-pass-1"], ["", "x"]]) {
      const res = await browser.signIn(username!, password!);
      assert.deepEqual([res.status, res.body], [401, failed], username);
      assert.equal(browser.cookie("beacon_chat_session"), undefined);
    }
  });

  it("signs in a user who hides their address with the real address only, not the stand-in API email", async () => {
    const hider = await t.user(owner, { email: "hider@private.example", password: "hider-pass-1" });
    assert.equal((await t.call(hider, "PATCH", "/settings", { email_address_visibility: 4 })).status, 200);
    const standIn = (await t.call(hider, "GET", "/users/me")).body.email as string;
    assert.match(standIn, new RegExp(`^user${hider.id}@`));
    const browser = new Browser(t.app, owner.host);
    const refused = await browser.signIn(standIn, "hider-pass-1");
    assert.deepEqual([refused.status, refused.body], [401, failed]);
    assert.equal(browser.cookie("beacon_chat_session"), undefined);
    const res = await browser.signIn("hider@private.example", "hider-pass-1");
    assert.deepEqual(res.body, { result: "success", msg: "", user_id: hider.id });
  });

  it("refuses a bot, whatever it sends", async () => {
    const bot = await t.user(owner, { email: "robot-bot@acme.example.com", botType: BOT_DEFAULT });
    const res = await new Browser(t.app, owner.host).signIn(bot.email, "anything");
    assert.deepEqual([res.status, res.body], [401, failed]);
  });

  it("answers 400 with Zulip's messages for a deactivated account or organization", async () => {
    const leaver = await t.user(owner, { email: "leaver@acme.example.com", password: "leaver-pass-1" });
    await t.call(owner, "DELETE", `/users/${leaver.id}`);
    const res = await new Browser(t.app, owner.host).signIn(leaver.email, "leaver-pass-1");
    assert.deepEqual([res.status, res.body], [400, { result: "error", msg: "Account is deactivated", code: "USER_DEACTIVATED" }]);
    const wrong = await new Browser(t.app, owner.host).signIn(leaver.email, "not-it");
    assert.deepEqual([wrong.status, wrong.body], [401, failed], "the password is checked first");

    const gone = await t.realm({ subdomain: "gone", password: "gone-pass-1" });
    await t.call(gone, "POST", "/realm/deactivate");
    const closed = await new Browser(t.app, gone.host).signIn(gone.email, "gone-pass-1");
    assert.deepEqual([closed.status, closed.body], [400, { result: "error", msg: "This organization has been deactivated", code: "REALM_DEACTIVATED" }]);
  });

  it("reports a missing parameter in Zulip's words", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.open();
    const res = await browser.post("/accounts/login/", { username: owner.email });
    assert.deepEqual([res.status, res.body], [400, { result: "error", msg: "Missing 'password' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "password" }]);
  });

  it("finds the account in whichever organization holds the address at the bare address, and only in its own at a realm's host", async () => {
    const bare = new Browser(t.app, "127.0.0.1:9991");
    const res = await bare.signIn(member.email.toUpperCase(), "member-pass-1");
    assert.deepEqual(res.body, { result: "success", msg: "", user_id: member.id });
    assert.equal((await bare.json("GET", "/users/me")).body.user_id, member.id);

    const other = await t.realm({ subdomain: "other" });
    const elsewhere = await new Browser(t.app, other.host).signIn(member.email, "member-pass-1");
    assert.deepEqual([elsewhere.status, elsewhere.body], [401, failed]);
  });

  it("refuses a sign-in without the CSRF cookie, without the header, with a wrong token, or from another origin", async () => {
    const stranger = new Browser(t.app, owner.host);
    const noCookie = await stranger.post("/accounts/login/", { username: owner.email, password: "owner-pass-1" });
    assert.deepEqual([noCookie.status, noCookie.body], [403, csrf("CSRF cookie not set.")]);

    const browser = new Browser(t.app, owner.host);
    await browser.open();
    const form = { username: owner.email, password: "owner-pass-1" };
    const noHeader = await browser.post("/accounts/login/", form, { csrf: false });
    assert.deepEqual([noHeader.status, noHeader.body], [403, csrf("CSRF token missing.")]);
    const wrong = await browser.post("/accounts/login/", form, { headers: { "x-csrftoken": "a".repeat(32) } });
    assert.deepEqual([wrong.status, wrong.body], [403, csrf("CSRF token from the 'X-Csrftoken' HTTP header incorrect.")]);
    const short = await browser.post("/accounts/login/", form, { headers: { "x-csrftoken": "abc" } });
    assert.deepEqual(short.body, csrf("CSRF token from the 'X-Csrftoken' HTTP header has incorrect length."));
    const foreign = await browser.post("/accounts/login/", form, { headers: { origin: "https://evil.example.com" } });
    assert.deepEqual([foreign.status, foreign.body], [403, csrf("Origin checking failed - https://evil.example.com does not match any trusted origins.")]);
    assert.equal(browser.cookie("beacon_chat_session"), undefined);

    const same = await browser.post("/accounts/login/", form, { headers: { origin: `http://${owner.host}` } });
    assert.equal(same.status, 200, same.text);
  });

  it("signs out: the session ends, its cookie is cleared, and the next /json call is refused", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.signIn(owner.email, "owner-pass-1");
    const token = browser.cookie("beacon_chat_session")!;
    const refused = await browser.post("/accounts/logout/", {}, { csrf: false });
    assert.equal(refused.status, 403, "sign-out needs the CSRF token too");
    const res = await browser.post("/accounts/logout/");
    assert.deepEqual([res.status, res.body], [200, { result: "success", msg: "" }]);
    assert.match(res.cookies.find((c) => c.startsWith("beacon_chat_session="))!, /^beacon_chat_session=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=\/; SameSite=Lax; HttpOnly$/);
    assert.equal((await browser.json("GET", "/users/me")).status, 401);
    // The old cookie, replayed, opens nothing either.
    browser.jar.set("beacon_chat_session", token);
    assert.equal((await browser.json("GET", "/users/me")).status, 401);
  });

  it("ends the browser's previous session when it signs in again", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.signIn(owner.email, "owner-pass-1");
    const first = browser.cookie("beacon_chat_session")!;
    await browser.signIn(member.email, "member-pass-1");
    assert.equal((await browser.json("GET", "/users/me")).body.user_id, member.id);
    browser.jar.set("beacon_chat_session", first);
    assert.equal((await browser.json("GET", "/users/me")).status, 401);
  });
});
