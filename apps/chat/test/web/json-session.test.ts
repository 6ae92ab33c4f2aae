// /json: every /api/v1 endpoint for the web app, authenticated by the session cookie, unsafe
// methods CSRF-checked; and the events that end sessions.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { multipart, uploadsDir } from "../api/uploads-support.js";
import { Browser, webFixture } from "./support.js";

const notLoggedIn = { result: "error", msg: "Not logged in: API authentication or user session required", code: "UNAUTHORIZED" };

describe("/json with a web session", () => {
  let t: ChatTest;
  let dir: string;
  let uploads: string;
  let owner: Account;
  let member: Account;

  const signedIn = async (who: Account, password: string, host = who.host) => {
    const browser = new Browser(t.app, host);
    const res = await browser.signIn(who.email, password);
    assert.equal(res.status, 200, res.text);
    return browser;
  };

  before(async () => {
    dir = webFixture();
    uploads = await uploadsDir();
    t = await chatTest({ config: { webDir: dir, uploadsDir: uploads } });
    owner = await t.realm({ subdomain: "acme", name: "Acme", password: "owner-pass-1" });
    member = await t.user(owner, { email: "member@acme.example.com", password: "member-pass-1" });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(uploads, { recursive: true, force: true });
  });

  it("refuses a request without a session with Zulip's 401 and a session challenge, not Basic", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.open();
    for (const [method, path] of [["GET", "/users/me"], ["POST", "/messages"], ["GET", "/events"]]) {
      const res = await browser.json(method!, path!);
      assert.deepEqual([res.status, res.body], [401, notLoggedIn], `${method} ${path}`);
      assert.equal(res.headers["www-authenticate"], "session");
    }
    browser.jar.set("beacon_chat_session", "not-a-token");
    assert.equal((await browser.json("GET", "/users/me")).status, 401);
  });

  it("ignores API credentials on /json: the web app's calls are session calls", async () => {
    const res = await t.app.inject({ method: "GET", url: "/json/users/me", headers: { host: owner.host, authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString("base64")}` } });
    assert.equal(res.statusCode, 401);
  });

  it("answers exactly as /api/v1 does, through the same handlers", async () => {
    const browser = await signedIn(owner, "owner-pass-1");
    for (const path of ["/users/me", "/users", "/streams", "/users/me/subscriptions"]) {
      const web = await browser.json("GET", path);
      const api = await t.call(owner, "GET", path);
      assert.deepEqual([web.status, web.body], [api.status, api.body], path);
    }
    const bad = await browser.json("GET", "/messages", { anchor: "bogus" });
    const apiBad = await t.call(owner, "GET", "/messages", { anchor: "bogus" });
    assert.deepEqual([bad.status, bad.body], [apiBad.status, apiBad.body], "errors too");
  });

  it("compresses large answers for a browser that accepts it, and leaves small ones and API clients alone", async () => {
    for (let i = 0; i < 6; i++) await t.user(owner, { name: `Compressible Person ${i}` });
    const browser = await signedIn(owner, "owner-pass-1");
    const plain = await browser.json("GET", "/users");
    assert.ok(plain.text.length > 1024, `${plain.text.length} bytes`);
    assert.equal(plain.headers["content-encoding"], undefined, "not without Accept-Encoding");
    for (const [accept, encoding, decode] of [["gzip, deflate, br", "br", brotliDecompressSync], ["gzip", "gzip", gunzipSync]] as const) {
      const res = await t.app.inject({ method: "GET", url: "/json/users", headers: { host: owner.host, cookie: `beacon_chat_session=${browser.cookie("beacon_chat_session")}`, "accept-encoding": accept } });
      assert.equal(res.headers["content-encoding"], encoding);
      assert.equal(res.headers.vary, "Accept-Encoding");
      const expected = (await browser.json("GET", "/users")).body;
      assert.deepEqual(JSON.parse(decode(res.rawPayload).toString()), expected);
    }
    const small = await browser.json("GET", "/users/me", {}, { headers: { "accept-encoding": "gzip" } });
    assert.equal(small.headers["content-encoding"], undefined);
    const api = await t.call(owner, "GET", "/users", {}, { headers: { "accept-encoding": "gzip" } });
    assert.equal(api.headers["content-encoding"], undefined);
  });

  it("needs the CSRF token on unsafe methods, not on GET", async () => {
    const browser = await signedIn(member, "member-pass-1");
    const message = { type: "direct", to: [owner.id], content: "from the web app" };
    const forged = await browser.json("POST", "/messages", message, { csrf: false });
    assert.deepEqual([forged.status, forged.body], [403, { result: "error", msg: "CSRF error: CSRF token missing.", code: "CSRF_FAILED", reason: "CSRF token missing." }]);
    const sent = await browser.json("POST", "/messages", message);
    assert.equal(sent.status, 200, sent.text);
    assert.equal(typeof sent.body.id, "number");
    const fetched = await t.call(owner, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: [] });
    assert.equal(fetched.body.messages[0].content, "<p>from the web app</p>");
    assert.equal(fetched.body.messages[0].sender_id, member.id);
  });

  it("serves public endpoints without a session: /json/server_settings at the bare address names the default realm", async () => {
    const res = await new Browser(t.app, "127.0.0.1:9991").json("GET", "/server_settings");
    assert.equal(res.status, 200);
    assert.equal(res.body.realm_name, "Acme");
  });

  it("keeps the endpoints that hand out API keys off /json", async () => {
    const browser = await signedIn(owner, "owner-pass-1");
    for (const path of ["/fetch_api_key", "/accounts/register"]) {
      const res = await browser.json("POST", path, { username: owner.email, password: "owner-pass-1", key: "x", full_name: "x" });
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(res.text, /api_key/);
    }
  });

  it("refuses a session at another organization's host", async () => {
    const other = await t.realm({ subdomain: "other" });
    const browser = await signedIn(owner, "owner-pass-1");
    const elsewhere = new Browser(t.app, other.host);
    for (const [name, value] of browser.jar) elsewhere.jar.set(name, value);
    assert.deepEqual((await elsewhere.json("GET", "/users/me")).body, notLoggedIn);
  });

  it("applies the per-user rate limit to /json and /api/v1 together", async () => {
    const limited = await chatTest({ config: { rateLimit: 3 } });
    try {
      const boss = await limited.realm({ password: "boss-pass-1" });
      const browser = new Browser(limited.app, boss.host);
      // Any well-formed token the browser holds will do: the check compares cookie and header.
      browser.jar.set("csrftoken", "a".repeat(32));
      assert.equal((await browser.post("/accounts/login/", { username: boss.email, password: "boss-pass-1" })).status, 200);
      assert.equal((await browser.json("GET", "/users/me")).headers["x-ratelimit-remaining"], "2");
      assert.equal((await limited.call(boss, "GET", "/users/me")).headers["x-ratelimit-remaining"], "1");
      assert.equal((await browser.json("GET", "/users/me")).status, 200);
      const refused = await browser.json("GET", "/users/me");
      assert.equal(refused.status, 429);
      assert.equal(refused.body.code, "RATE_LIMIT_HIT");
    } finally {
      await limited.close();
    }
  });

  it("marks a message sent from the browser read for its sender, as Zulip's web client ('website')", async () => {
    const browser = await signedIn(member, "member-pass-1");
    const chrome = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" };
    const direct = await browser.json("POST", "/messages", { type: "direct", to: JSON.stringify([owner.email]), content: "from the web app" }, { headers: chrome });
    assert.equal(direct.status, 200, direct.text);
    const desktop = await browser.json("POST", "/messages", { type: "direct", to: JSON.stringify([owner.email]), content: "from the desktop app" }, { headers: { "user-agent": "ZulipElectron/5.11.1 Linux" } });
    const viaApi = await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([owner.email]), content: "from a script" }, { headers: { "user-agent": "Mozilla/5.0 curl-ish" } });
    const mine = async (id: number) => (await t.call(member, "GET", `/messages/${id}`)).body.message;
    const web = await mine(direct.body.id);
    assert.deepEqual([web.client, web.flags], ["website", ["read"]]);
    assert.equal((await mine(desktop.body.id)).client, "ZulipElectron", "Zulip's desktop apps keep their own name under /json");
    assert.deepEqual((await mine(viaApi.body.id)).flags, [], "an API client's message stays unread for its sender");
    // The recipient's copy is unread whatever the sender's client.
    assert.deepEqual((await t.call(owner, "GET", `/messages/${direct.body.id}`)).body.message.flags, []);
  });

  it("shows uploaded files to the web app's session as well as to API credentials", async () => {
    const uploaded = await multipart(t, member, "POST", "/user_uploads", [{ field: "file", fileName: "note.txt", contentType: "text/plain", data: "hello" }]);
    assert.equal(uploaded.status, 200);
    const browser = await signedIn(member, "member-pass-1");
    const file = await browser.request("GET", uploaded.body.url);
    assert.equal(file.status, 200);
    assert.equal(file.text, "hello");
    assert.equal((await new Browser(t.app, owner.host).request("GET", uploaded.body.url)).status, 401, "not without a session");
  });

  it("keeps the session that changes the password and ends the user's others; an API change ends them all", async () => {
    const changer = await t.user(owner, { email: "changer@acme.example.com", password: "first-Pass-123" });
    const here = await signedIn(changer, "first-Pass-123");
    const there = await signedIn(changer, "first-Pass-123");
    const bystander = await signedIn(member, "member-pass-1");
    const res = await here.json("PATCH", "/settings", { old_password: "first-Pass-123", new_password: "second-Pass-456" });
    assert.equal(res.status, 200, res.text);
    assert.equal((await here.json("GET", "/users/me")).status, 200);
    assert.deepEqual((await there.json("GET", "/users/me")).body, notLoggedIn);
    assert.equal((await bystander.json("GET", "/users/me")).status, 200, "other users keep their sessions");

    const api = await t.call(changer, "PATCH", "/settings", { old_password: "second-Pass-456", new_password: "third-Pass-789" });
    assert.equal(api.status, 200, JSON.stringify(api.body));
    assert.equal((await here.json("GET", "/users/me")).status, 401);
    assert.equal((await signedIn(changer, "third-Pass-789").then((b) => b.json("GET", "/users/me"))).status, 200);
  });

  it("ends the sessions of a deactivated user, for good", async () => {
    const leaver = await t.user(owner, { email: "leaver@acme.example.com", password: "leaver-pass-1" });
    const browser = await signedIn(leaver, "leaver-pass-1");
    assert.equal((await t.call(owner, "DELETE", `/users/${leaver.id}`)).status, 200);
    assert.deepEqual((await browser.json("GET", "/users/me")).body, notLoggedIn);
    await t.call(owner, "POST", `/users/${leaver.id}/reactivate`);
    assert.equal((await browser.json("GET", "/users/me")).status, 401, "reactivation does not bring a session back");
    const rows = await t.deps.db.selectFrom("web_sessions").select("id").where("user_id", "=", leaver.id).execute();
    assert.equal(rows.length, 0);
  });

  it("ends a session after CHAT_SESSION_DAYS without use; use keeps it alive and renews the cookie", async () => {
    const browser = await signedIn(member, "member-pass-1");
    t.clock.advanceSeconds(13 * 86400);
    const used = await browser.json("GET", "/users/me");
    assert.equal(used.status, 200);
    assert.match(used.cookies.find((c) => c.startsWith("beacon_chat_session="))!, /; Max-Age=1209600;/);
    const quiet = await browser.json("GET", "/users/me");
    assert.equal(quiet.cookies.length, 0, "at most one renewal an hour");
    t.clock.advanceSeconds(13 * 86400);
    assert.equal((await browser.json("GET", "/users/me")).status, 200);
    t.clock.advanceSeconds(14 * 86400 + 1);
    assert.deepEqual((await browser.json("GET", "/users/me")).body, notLoggedIn);
    await signedIn(owner, "owner-pass-1");
    const left = await t.deps.db.selectFrom("web_sessions").select("id").where("expires_at", "<=", t.clock.now().getTime()).execute();
    assert.equal(left.length, 0, "a sign-in sweeps expired sessions away");
  });

  it("ends every session of a deactivated organization", async () => {
    const doomed = await t.realm({ subdomain: "doomed", password: "doomed-pass-1" });
    const browser = await signedIn(doomed, "doomed-pass-1");
    assert.equal((await browser.json("GET", "/users/me")).status, 200);
    const res = await browser.json("POST", "/realm/deactivate");
    assert.equal(res.status, 200, res.text);
    assert.deepEqual((await browser.json("GET", "/users/me")).body, notLoggedIn);
    const rows = await t.deps.db.selectFrom("web_sessions").select("id").where("user_id", "=", doomed.id).execute();
    assert.equal(rows.length, 0, "the rows are gone, not only refused");
  });
});
