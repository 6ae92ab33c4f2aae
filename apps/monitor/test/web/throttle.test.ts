// Sign-in throttling: password attempts at one address back off exponentially after five
// failures (never a lockout, and never for the owner's own browser), 100 attempts per client
// address per hour, the client address taken from the proxy's hop when it is trusted, and
// sign-ups throttled per client address; the same answer whether the address exists or not.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { authorizeLoginFrom, authorizeSignUpFrom, passwordThrottle } from "../../src/actions/throttle.js";
import { startHarness, type Harness } from "../helpers.js";
import { PASSWORD, signedUp, WebClient } from "./helpers.js";

/** One sign-in from `ip` (a fresh browser each time, as a script would be, unless `client` is given). */
async function attempt(h: Harness, email: string, password: string, options: { ip?: string; forwardedFor?: string; client?: WebClient } = {}) {
  const client = options.client ?? new WebClient(h.app);
  const remoteAddress = options.ip ?? "192.0.2.1";
  const forwarded: Record<string, string> = options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {};
  const cookie = () => [client.cookie, client.device].filter(Boolean).join("; ");
  const page = await h.app.inject({ method: "GET", url: "/accounts/login/", remoteAddress, headers: { cookie: cookie(), ...forwarded } });
  if (page.headers["set-cookie"]) client.cookie = String(page.headers["set-cookie"]).split(";")[0];
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1];
  const res = await h.app.inject({
    method: "POST",
    url: "/accounts/login/",
    remoteAddress,
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded", ...forwarded },
    payload: new URLSearchParams({ csrf, email, password }).toString(),
  });
  const setCookies = ([] as string[]).concat((res.headers["set-cookie"] as string | string[] | undefined) ?? []);
  for (const c of setCookies) if (c.startsWith("beacon_monitor_device=")) client.device = c.split(";")[0];
  return { status: res.statusCode, text: res.body, retryAfter: res.headers["retry-after"], client };
}

describe("sign-in throttling", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await signedUp(h, "erin@example.org");
    await signedUp(h, "owner@example.org");
  });
  after(() => h.close());

  it("backs off exponentially after five failures at an address, and hears the right password once the wait is over", async () => {
    // Each attempt heard costs a (deliberately slow) password hash: four failures are recorded directly.
    for (let i = 0; i < 4; i++) await passwordThrottle(h.deps, "erin@example.org", false).failed();
    assert.equal((await attempt(h, "erin@example.org", "wrong", { ip: "198.51.100.1" })).status, 400);
    const refused = await attempt(h, "Erin@example.org", PASSWORD, { ip: "198.51.100.9" });
    assert.equal(refused.status, 429);
    assert.equal(refused.retryAfter, "2");
    assert.match(refused.text, /Too many attempts, please try later\./);
    h.clock.advance(2_000);
    assert.equal((await attempt(h, "erin@example.org", "wrong again")).status, 400);
    assert.equal((await attempt(h, "erin@example.org", PASSWORD)).retryAfter, "4");
    h.clock.advance(4_000);
    assert.equal((await attempt(h, "erin@example.org", PASSWORD)).status, 303);
    // A success clears the count.
    assert.equal((await attempt(h, "erin@example.org", "one slip")).status, 400);
    assert.equal((await attempt(h, "erin@example.org", PASSWORD)).status, 303);
  });

  it("caps the wait, so a guesser never locks the owner out for longer than 15 minutes", async () => {
    const throttle = passwordThrottle(h.deps, "capped@example.org", false);
    for (let i = 0; i < 40; i++) await throttle.failed();
    assert.equal(await throttle.waitMs(), 15 * 60_000);
    h.clock.advance(15 * 60_000);
    assert.equal(await throttle.waitMs(), 0);
  });

  it("keeps hearing the owner's own browser while a guesser is backed off", async () => {
    const owner = (await attempt(h, "owner@example.org", PASSWORD)).client;
    assert.ok(owner.device, "a sign-in leaves a device cookie");
    const guesser = passwordThrottle(h.deps, "owner@example.org", false);
    for (let i = 0; i < 12; i++) await guesser.failed();
    assert.equal((await attempt(h, "owner@example.org", PASSWORD, { ip: "203.0.113.7" })).status, 429);
    assert.equal((await attempt(h, "owner@example.org", PASSWORD, { client: owner })).status, 303);
    // A device cookie made for another account is worth nothing here.
    const stranger = new WebClient(h.app);
    stranger.device = (await attempt(h, "erin@example.org", PASSWORD)).client.device;
    assert.equal((await attempt(h, "owner@example.org", PASSWORD, { client: stranger })).status, 429);
  });

  it("throttles an unknown address exactly like a known one", async () => {
    for (let i = 0; i < 4; i++) await passwordThrottle(h.deps, "nobody@example.org", false).failed();
    assert.equal((await attempt(h, "nobody@example.org", "guess")).status, 400);
    const refused = await attempt(h, "nobody@example.org", "guess", { ip: "203.0.113.1" });
    assert.equal(refused.status, 429);
    assert.match(refused.text, /Too many attempts, please try later\./);
  });

  it("refuses the 101st attempt from one client address within an hour, whatever the addresses tried", async () => {
    for (let i = 0; i < 99; i++) assert.equal(await authorizeLoginFrom(h.deps, "192.0.2.55"), true);
    assert.equal((await attempt(h, "someone@example.org", "guess", { ip: "192.0.2.55" })).status, 400);
    assert.equal((await attempt(h, "fresh@example.org", "guess", { ip: "192.0.2.55" })).status, 429);
    assert.equal((await attempt(h, "fresh@example.org", "guess", { ip: "192.0.2.56" })).status, 400);
    // Without MONITOR_TRUST_PROXY, X-Forwarded-For is not read at all.
    assert.equal((await attempt(h, "fresh2@example.org", "guess", { ip: "192.0.2.55", forwardedFor: "192.0.2.99" })).status, 429);
    h.clock.advance((3600 / 100) * 1000);
    assert.equal((await attempt(h, "fresh@example.org", "guess", { ip: "192.0.2.55" })).status, 400);
  });

  it("throttles sign-ups per client address: twenty an hour", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 20; i++) assert.equal(await authorizeSignUpFrom(h.deps, ip), true);
    const page = await h.app.inject({ method: "GET", url: "/accounts/signup/", remoteAddress: ip });
    const cookie = String(page.headers["set-cookie"]).split(";")[0];
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1];
    const payload = new URLSearchParams({ csrf, email: "new@example.org", password: PASSWORD }).toString();
    const post = await h.app.inject({ method: "POST", url: "/accounts/signup/", remoteAddress: ip, headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, payload });
    const res = { status: post.statusCode, text: post.body };
    assert.equal(res.status, 429);
    assert.match(res.text, /Too many attempts, please try later\./);
  });
});

describe("sign-in throttling behind a trusted proxy", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ trustProxy: "true" });
  });
  after(() => h.close());

  it("counts the proxy's hop, the last X-Forwarded-For entry, not what the client put before it", async () => {
    for (let i = 0; i < 100; i++) assert.equal(await authorizeLoginFrom(h.deps, "198.51.100.200"), true);
    const proxy = "10.0.0.2";
    assert.equal((await attempt(h, "a@example.org", "guess", { ip: proxy, forwardedFor: "192.0.2.1, 198.51.100.200" })).status, 429);
    assert.equal((await attempt(h, "a@example.org", "guess", { ip: proxy, forwardedFor: "198.51.100.200, 192.0.2.1" })).status, 400);
  });
});
