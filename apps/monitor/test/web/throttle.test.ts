// Sign-in throttling: the upstream's 20 password attempts per address per day, and 100
// attempts per client address per hour; the same answer whether the address exists or not.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { authorizeLoginFrom, authorizeLoginPassword } from "../../src/actions/throttle.js";
import { startHarness, type Harness } from "../helpers.js";
import { PASSWORD, signedUp, WebClient } from "./helpers.js";

describe("sign-in throttling", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await signedUp(h, "erin@example.org");
  });
  after(() => h.close());

  /** One sign-in from `ip` (a fresh browser each time, as a script would be). */
  async function attempt(email: string, password: string, ip = "192.0.2.1") {
    const client = new WebClient(h.app);
    const page = await h.app.inject({ method: "GET", url: "/accounts/login/", remoteAddress: ip });
    client.cookie = String(page.headers["set-cookie"]).split(";")[0];
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1];
    const res = await h.app.inject({
      method: "POST",
      url: "/accounts/login/",
      remoteAddress: ip,
      headers: { cookie: client.cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ csrf, email, password }).toString(),
    });
    return { status: res.statusCode, text: res.body };
  }

  // Each allowed attempt costs a password hash (a deliberately slow one): the tests spend most
  // of a bucket through the action and the last attempts through the form.
  const spend = async (n: number, take: () => Promise<boolean>) => {
    for (let i = 0; i < n; i++) assert.equal(await take(), true);
  };

  it("refuses the 21st attempt for an address within a day, even with the right password, then lets one through as the bucket refills", async () => {
    await spend(19, () => authorizeLoginPassword(h.deps, "erin@example.org"));
    assert.equal((await attempt("erin@example.org", "wrong", "198.51.100.1")).status, 400);
    const refused = await attempt("Erin@example.org", PASSWORD, "198.51.100.2");
    assert.equal(refused.status, 429);
    assert.match(refused.text, /Too many attempts, please try later\./);
    h.clock.advance((86400 / 20) * 1000);
    assert.equal((await attempt("erin@example.org", PASSWORD, "198.51.100.2")).status, 303);
    assert.equal((await attempt("erin@example.org", PASSWORD, "198.51.100.2")).status, 429);
  });

  it("throttles an unknown address exactly like a known one", async () => {
    await spend(20, () => authorizeLoginPassword(h.deps, "nobody@example.org"));
    const refused = await attempt("nobody@example.org", "guess", "203.0.113.1");
    assert.equal(refused.status, 429);
    assert.match(refused.text, /Too many attempts, please try later\./);
  });

  it("refuses the 101st attempt from one client address within an hour, whatever the addresses tried", async () => {
    await spend(99, () => authorizeLoginFrom(h.deps, "192.0.2.55"));
    assert.equal((await attempt("someone@example.org", "guess", "192.0.2.55")).status, 400);
    assert.equal((await attempt("fresh@example.org", "guess", "192.0.2.55")).status, 429);
    assert.equal((await attempt("fresh@example.org", "guess", "192.0.2.56")).status, 400);
    h.clock.advance((3600 / 100) * 1000);
    assert.equal((await attempt("fresh@example.org", "guess", "192.0.2.55")).status, 400);
  });
});
