// Session safety: a session works only at the address that made it, /json answers are never
// cached, sign-in rotates the CSRF token, and the web session gets an API key only with the
// current password (docs/chat.md, "Sessions and CSRF").
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { Browser, webFixture } from "./support.js";

const notLoggedIn = { result: "error", msg: "Not logged in: API authentication or user session required", code: "UNAUTHORIZED" };
const BARE = "127.0.0.1:9991";

describe("web session safety", () => {
  let t: ChatTest;
  let dir: string;
  let first: Account;
  let second: Account;

  /** A browser at `host` holding the cookies `from` holds (a stolen or replayed cookie). */
  const replayAt = (from: Browser, host: string) => {
    const other = new Browser(t.app, host);
    for (const [name, value] of from.jar) other.jar.set(name, value);
    return other;
  };

  const signedIn = async (host: string, email: string, password: string) => {
    const browser = new Browser(t.app, host);
    const res = await browser.signIn(email, password);
    assert.equal(res.status, 200, res.text);
    return browser;
  };

  before(async () => {
    dir = webFixture();
    t = await chatTest({ config: { webDir: dir } });
    // The first organization is the one the bare address stands for when it must pick one.
    first = await t.realm({ subdomain: "first", name: "First", password: "first-pass-1" });
    second = await t.realm({ subdomain: "second", name: "Second", ownerEmail: "boss@second.example.com", password: "second-pass-1" });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("accepts a session only at the organization's address that made it, not at the bare address", async () => {
    const browser = await signedIn(second.host, second.email, "second-pass-1");
    assert.equal((await browser.json("GET", "/users/me")).body.user_id, second.id);
    for (const host of [BARE, first.host]) {
      const res = await replayAt(browser, host).json("GET", "/users/me");
      assert.deepEqual([res.status, res.body], [401, notLoggedIn], host);
    }
    const firstsOwn = await signedIn(first.host, first.email, "first-pass-1");
    assert.equal((await replayAt(firstsOwn, BARE).json("GET", "/users/me")).status, 401, "the first organization's too");
  });

  it("keeps a session made at the bare address to the bare address", async () => {
    const browser = await signedIn(BARE, second.email, "second-pass-1");
    assert.equal((await browser.json("GET", "/users/me")).body.user_id, second.id, "the bare address finds the account in any organization");
    for (const host of [second.host, first.host]) assert.equal((await replayAt(browser, host).json("GET", "/users/me")).status, 401, host);
  });

  it("binds files served to the session (uploads) the same way", async () => {
    const browser = await signedIn(first.host, first.email, "first-pass-1");
    const missing = await replayAt(browser, BARE).request("GET", "/user_uploads/1/ab/nothing.txt");
    assert.equal(missing.status, 401);
  });

  it("marks every /json answer no-store: successes, errors, refusals and unknown paths", async () => {
    const browser = await signedIn(first.host, first.email, "first-pass-1");
    const answers = [
      await browser.json("GET", "/users/me"),
      await browser.json("GET", "/messages", { anchor: "bogus" }),
      await browser.json("POST", "/messages", { type: "stream" }, { csrf: false }),
      await new Browser(t.app, first.host).json("GET", "/users/me"),
      await browser.json("GET", "/no/such/endpoint"),
      await new Browser(t.app, first.host).json("GET", "/server_settings"),
    ];
    assert.deepEqual(answers.map((a) => a.status), [200, 400, 403, 401, 404, 200]);
    for (const answer of answers) assert.equal(answer.headers["cache-control"], "no-store", answer.text);
    const api = await t.call(first, "GET", "/users/me");
    assert.equal(api.headers["cache-control"], undefined, "the API's answers are left as they were");
  });

  it("rotates the CSRF token at sign-in: the token held before is refused after", async () => {
    const browser = new Browser(t.app, first.host);
    await browser.open();
    const before = browser.cookie("csrftoken")!;
    assert.match(before, /^[A-Za-z0-9]{32}$/);
    const res = await browser.signIn(first.email, "first-pass-1");
    const after = browser.cookie("csrftoken")!;
    assert.ok(res.cookies.some((c) => c.startsWith("csrftoken=") && !/HttpOnly/i.test(c)), "a new, script-readable token");
    assert.match(after, /^[A-Za-z0-9]{32}$/);
    assert.notEqual(after, before);
    const stale = await browser.json("POST", "/users/me/presence", { status: "active" }, { headers: { "x-csrftoken": before } });
    assert.equal(stale.status, 403);
    assert.equal(stale.body.code, "CSRF_FAILED");
    assert.equal((await browser.json("POST", "/users/me/presence", { status: "active" })).status, 200);
  });

  it("rotates it at sign-up too", async () => {
    const invite = await t.call(first, "POST", "/invites/multiuse", { invite_expires_in_minutes: 60, invite_as: 400, stream_ids: "[]" });
    assert.equal(invite.status, 200, JSON.stringify(invite.body));
    const key = /\/join\/([^/]+)\//.exec(invite.body.invite_link)![1]!;
    const browser = new Browser(t.app, first.host);
    await browser.open();
    const before = browser.cookie("csrftoken");
    const res = await browser.post("/accounts/register/", { key, email: "newcomer@first.example.com", full_name: "Newcomer", password: "newcomer-Pass-1" });
    assert.equal(res.status, 200, res.text);
    assert.notEqual(browser.cookie("csrftoken"), before);
    assert.equal((await browser.json("GET", "/users/me")).body.email, "newcomer@first.example.com");
  });

  it("regenerates the API key through the web session only with the current password", async () => {
    const member = await t.user(first, { email: "keyholder@first.example.com", password: "holder-Pass-1" });
    const browser = await signedIn(first.host, member.email, "holder-Pass-1");
    const missing = await browser.json("POST", "/users/me/api_key/regenerate");
    assert.deepEqual([missing.status, missing.body.code, missing.body.msg], [400, "REQUEST_VARIABLE_MISSING", "Missing 'password' argument"]);
    const wrong = await browser.json("POST", "/users/me/api_key/regenerate", { password: "not-it" });
    assert.deepEqual([wrong.status, wrong.body], [400, { result: "error", msg: "Password is incorrect.", code: "BAD_REQUEST" }]);
    assert.equal((await t.call(member, "GET", "/users/me")).status, 200, "a refusal leaves the old key working");

    const made = await browser.json("POST", "/users/me/api_key/regenerate", { password: "holder-Pass-1" });
    assert.equal(made.status, 200, made.text);
    assert.match(made.body.api_key, /^[a-z0-9]{32}$/);
    assert.equal(made.headers["cache-control"], "no-store");
    assert.equal((await t.call(member, "GET", "/users/me")).status, 401, "the old key is revoked");
    assert.equal((await t.call({ ...member, apiKey: made.body.api_key }, "GET", "/users/me")).status, 200, "the new one works");

    // API clients already prove themselves with a key: no password there, as Zulip.
    const api = await t.call({ ...member, apiKey: made.body.api_key }, "POST", "/users/me/api_key/regenerate");
    assert.equal(api.status, 200);
  });
});
