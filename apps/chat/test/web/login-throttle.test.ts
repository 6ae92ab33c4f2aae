// The password sign-in throttle, shared by POST /fetch_api_key and the web app's
// POST /accounts/login/: exponential back-off per e-mail address after five failures (never a
// lockout, and never for a browser the account signed in from before), Zulip's api_by_ip rule
// per client address, sign-ups per client address, and the equal work spent on unknown addresses.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { rmSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { decoyPasswordHash } from "../../src/actions/login.js";
import { Browser, webFixture } from "./support.js";

const failed = { result: "error", msg: "Your username or password is incorrect", code: "AUTHENTICATION_FAILED" };
const throttled = (retryAfter: number) => ({ result: "error", msg: "API usage exceeded rate limit", code: "RATE_LIMIT_HIT", "retry-after": retryAfter });

describe("the password sign-in throttle", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  let member: Account;
  const fetchKey = (username: string, password: string, remoteAddress = "127.0.0.1", headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/v1/fetch_api_key", remoteAddress, headers: { host: owner.host, "content-type": "application/x-www-form-urlencoded", ...headers }, payload: new URLSearchParams({ username, password }).toString() });

  before(async () => {
    dir = webFixture();
    t = await chatTest({ config: { webDir: dir, loginRateLimitPerIp: 3 } });
    owner = await t.realm({ subdomain: "acme", password: "owner-pass-1" });
    member = await t.user(owner, { email: "member@acme.example.com", password: "member-pass-1" });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  // Every test starts with empty windows.
  beforeEach(() => t.clock.advanceSeconds(31 * 60));

  it("backs off an address after five failures, the right password waiting too, the wait doubling, never a lockout", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await fetchKey(member.email, `wrong-${i}`, `10.0.0.${i + 1}`);
      assert.deepEqual([res.statusCode, res.json()], [401, failed]);
    }
    const refused = await fetchKey(member.email, "member-pass-1", "10.0.1.1");
    assert.deepEqual([refused.statusCode, refused.json()], [429, throttled(2)]);
    assert.equal(refused.headers["retry-after"], "2");
    const browser = new Browser(t.app, owner.host);
    const web = await browser.signIn(member.email.toUpperCase(), "member-pass-1");
    assert.deepEqual([web.status, web.body], [429, throttled(2)], "the web sign-in shares the address's count, whatever its case");
    assert.equal((await fetchKey(owner.email, "owner-pass-1", "10.0.1.2")).statusCode, 200, "other addresses are not affected");

    t.clock.advanceSeconds(2);
    assert.equal((await fetchKey(member.email, "wrong-again", "10.0.1.3")).statusCode, 401);
    assert.deepEqual((await fetchKey(member.email, "member-pass-1", "10.0.1.4")).json(), throttled(4));
    t.clock.advanceSeconds(4);
    assert.equal((await fetchKey(member.email, "member-pass-1", "10.0.1.5")).statusCode, 200);
  });

  it("keeps hearing a browser the account signed in from before while others are backed off", async () => {
    const browser = new Browser(t.app, owner.host);
    assert.equal((await browser.signIn(member.email, "member-pass-1")).status, 200);
    assert.ok(browser.cookie("beacon_chat_device"), "a web sign-in leaves a device cookie");
    await browser.request("POST", "/accounts/logout/");
    for (let i = 0; i < 5; i++) assert.equal((await fetchKey(member.email, "guess", `10.0.5.${i + 1}`)).statusCode, 401);
    assert.equal((await fetchKey(member.email, "member-pass-1", "10.0.5.9")).statusCode, 429);
    assert.equal((await browser.signIn(member.email, "member-pass-1")).status, 200);
    assert.equal((await new Browser(t.app, owner.host).signIn(member.email, "member-pass-1")).status, 429);
  });

  it("clears an address's count when its owner signs in", async () => {
    for (let i = 0; i < 4; i++) assert.equal((await fetchKey(member.email, "wrong", `10.0.2.${i + 1}`)).statusCode, 401);
    assert.equal((await new Browser(t.app, owner.host).signIn(member.email, "member-pass-1")).status, 200);
    for (let i = 0; i < 5; i++) assert.equal((await fetchKey(member.email, "wrong", `10.0.3.${i + 1}`)).statusCode, 401, `attempt ${i + 1}`);
    assert.equal((await fetchKey(member.email, "member-pass-1", "10.0.3.9")).statusCode, 429);
  });

  it("throttles addresses that have no account exactly like those that have one", async () => {
    for (let i = 0; i < 5; i++) assert.equal((await fetchKey("ghost@acme.example.com", "x", `10.0.4.${i + 1}`)).statusCode, 401);
    assert.equal((await fetchKey("ghost@acme.example.com", "x", "10.0.4.9")).statusCode, 429);
  });

  it("refuses a client address its fourth attempt within a minute (CHAT_LOGIN_RATE_LIMIT_PER_IP=3), whatever addresses it tries", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetchKey(`sprayed-${i}@acme.example.com`, "x", "192.0.2.7");
      assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    t.clock.advanceSeconds(15);
    const refused = await fetchKey(owner.email, "owner-pass-1", "192.0.2.7");
    assert.deepEqual([refused.statusCode, refused.json()], [429, throttled(45)]);
    assert.equal((await fetchKey(owner.email, "owner-pass-1", "192.0.2.8")).statusCode, 200, "other clients are not affected");
    t.clock.advanceSeconds(46);
    assert.equal((await fetchKey(owner.email, "owner-pass-1", "192.0.2.7")).statusCode, 200);
  });

  it("ignores X-Forwarded-For unless told a proxy sits in front, then counts the address the proxy saw", async () => {
    for (let i = 0; i < 3; i++) await fetchKey(`a${i}@acme.example.com`, "x", "198.51.100.1", { "x-forwarded-for": `203.0.113.${i}` });
    assert.equal((await fetchKey(owner.email, "owner-pass-1", "198.51.100.1", { "x-forwarded-for": "203.0.113.200" })).statusCode, 429);

    const proxied = await chatTest({ config: { trustProxy: true, loginRateLimitPerIp: 2 } });
    try {
      const boss = await proxied.realm({ subdomain: "px", password: "boss-pass-1" });
      const attempt = (forwardedFor: string) =>
        proxied.app.inject({ method: "POST", url: "/api/v1/fetch_api_key", remoteAddress: "10.9.9.9", headers: { host: boss.host, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor }, payload: `username=x${Math.random()}%40px.example.com&password=x` });
      assert.equal((await attempt("1.1.1.1, 203.0.113.5")).statusCode, 401);
      assert.equal((await attempt("2.2.2.2, 203.0.113.5")).statusCode, 401);
      assert.equal((await attempt("3.3.3.3, 203.0.113.5")).statusCode, 429, "a forged first entry does not make a new client");
      assert.equal((await attempt("203.0.113.6")).statusCode, 401);
    } finally {
      await proxied.close();
    }
  });

  it("counts a password change's old password with the address's sign-ins, with Zulip's message when backed off", async () => {
    const changer = await t.user(owner, { email: "changer@acme.example.com", password: "first-Pass-123" });
    const change = (old: string) => t.call(changer, "PATCH", "/settings", { old_password: old, new_password: "second-Pass-456" });
    for (let i = 0; i < 5; i++) assert.deepEqual((await change("wrong")).body.msg, "Wrong password!");
    const refused = await change("first-Pass-123");
    assert.deepEqual([refused.status, refused.body], [400, { result: "error", msg: "You're making too many attempts! Try again in 2 seconds.", code: "BAD_REQUEST" }]);
    assert.equal((await fetchKey(changer.email, "first-Pass-123", "10.0.9.1")).statusCode, 429, "sign-ins share the count");
    t.clock.advanceSeconds(2);
    assert.equal((await change("first-Pass-123")).status, 200);
  });

  it("spends one password hash of the same strength on an unknown address as on a known one", async () => {
    await decoyPasswordHash();
    const calls: number[] = [];
    const original = crypto.scrypt;
    crypto.scrypt = ((...args: any[]) => {
      calls.push(args[3].N);
      return (original as any)(...args);
    }) as typeof crypto.scrypt;
    syncBuiltinESMExports();
    try {
      const cases: [string, string, string][] = [
        ["an existing address, wrong password", member.email, owner.host],
        ["an unknown address", "nobody@acme.example.com", owner.host],
        ["an account of another organization", member.email, (await t.realm({ subdomain: "else" })).host],
        ["a bot", (await t.user(owner, { email: "bot@acme.example.com", botType: 1 })).email, owner.host],
        ["an account without a password", (await t.user(owner, { email: "nopass@acme.example.com" })).email, owner.host],
      ];
      const work: Record<string, number[]> = {};
      for (const [label, username, host] of cases) {
        calls.length = 0;
        const res = await t.app.inject({ method: "POST", url: "/api/v1/fetch_api_key", remoteAddress: `10.7.0.${Object.keys(work).length + 1}`, headers: { host, "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams({ username, password: "guess" }).toString() });
        assert.deepEqual([res.statusCode, res.json()], [401, failed], label);
        work[label] = [...calls];
      }
      for (const [label, n] of Object.entries(work)) assert.deepEqual(n, [32768], label);
    } finally {
      crypto.scrypt = original;
      syncBuiltinESMExports();
    }
  });
});

describe("the sign-up throttle", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  before(async () => {
    dir = webFixture();
    t = await chatTest({ config: { webDir: dir, signUpRateLimitPerIp: 2 } });
    owner = await t.realm({ subdomain: "signups" });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a client address its third sign-up within an hour (CHAT_SIGNUP_RATE_LIMIT_PER_IP=2), then hears it again", async () => {
    const browser = new Browser(t.app, owner.host);
    await browser.open();
    const register = () => browser.post("/accounts/register/", { key: "not-a-key", full_name: "Mallory", password: "mallory-pass-1" });
    for (let i = 0; i < 2; i++) assert.notEqual((await register()).status, 429);
    const refused = await register();
    assert.deepEqual([refused.status, refused.body.code], [429, "RATE_LIMIT_HIT"]);
    t.clock.advanceSeconds(3600);
    assert.notEqual((await register()).status, 429);
  });
});
