import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startHarness, type Harness } from "../helpers.js";
import { PASSWORD, signedUp, WebClient } from "./helpers.js";

describe("dashboard sign-up, sign-in and sessions", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("redirects an anonymous visitor from the root to the sign-in page", async () => {
    const res = await new WebClient(h.app).get("/");
    assert.equal(res.status, 303);
    assert.equal(res.location, "/accounts/login/");
  });

  it("sends an anonymous visitor of a project page to sign in, remembering where they were going", async () => {
    const res = await new WebClient(h.app).get(`/projects/${h.project.uuid}/checks/`);
    assert.equal(res.status, 303);
    assert.equal(res.location, `/accounts/login/?next=/projects/${h.project.uuid}/checks/`);
  });

  it("signs up a new account, sets an HttpOnly SameSite=Lax session cookie and shows its first project", async () => {
    const client = new WebClient(h.app);
    await client.get("/accounts/signup/");
    const res = await client.post("/accounts/signup/", { email: "Carol@Example.org", password: PASSWORD });
    assert.equal(res.status, 303);
    const uuid = /^\/projects\/([0-9a-f-]{36})\/checks\/$/.exec(res.location ?? "")?.[1];
    assert.ok(uuid, res.location);
    // As upstream: a project of its own, "My First Check" in it, and no API key until asked for.
    const checks = await client.get(res.location!);
    assert.match(checks.text, /My Project/);
    assert.match(checks.text, />My First Check</);
    const project = await h.deps.db.selectFrom("projects").selectAll().where("uuid", "=", uuid).executeTakeFirstOrThrow();
    assert.equal(project.api_key_hash, null);
    assert.equal(project.api_key_readonly_hash, null);
    assert.match(res.setCookie[0], /^beacon_monitor_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const page = await client.get("/projects/");
    assert.equal(page.status, 200);
    assert.match(page.text, /carol@example\.org/);
    const stored = await h.deps.db.selectFrom("accounts").selectAll().where("email", "=", "carol@example.org").executeTakeFirst();
    assert.ok(stored);
    const credential = await h.deps.db.selectFrom("web_credentials").selectAll().where("account_id", "=", stored.id).executeTakeFirstOrThrow();
    assert.match(credential.password_hash, /^scrypt\$32768\$8\$1\$/);
  });

  it("refuses a second sign-up with the same address, in any letter case", async () => {
    await signedUp(h, "dave@example.org");
    const client = new WebClient(h.app);
    await client.get("/accounts/signup/");
    const res = await client.post("/accounts/signup/", { email: "DAVE@example.org", password: "another password" });
    assert.equal(res.status, 400);
    assert.match(res.text, /exists already/);
  });

  it("rejects a short password and a malformed address", async () => {
    const client = new WebClient(h.app);
    await client.get("/accounts/signup/");
    assert.match((await client.post("/accounts/signup/", { email: "erin@example.org", password: "short" })).text, /at least 8 characters/);
    assert.match((await client.post("/accounts/signup/", { email: "not-an-address", password: PASSWORD })).text, /valid e-mail address/);
  });

  it("lets the owner made by create-project claim the account and see its project", async () => {
    const client = await signedUp(h, "alice@example.org");
    const page = await client.get("/projects/");
    assert.match(page.text, new RegExp(`/projects/${h.project.uuid}/checks/`));
    assert.match(page.text, />Alices</);
  });

  it("signs in with the right password only", async () => {
    await signedUp(h, "frank@example.org");
    const client = new WebClient(h.app);
    await client.get("/accounts/login/");
    const wrong = await client.post("/accounts/login/", { email: "frank@example.org", password: "wrong password" });
    assert.equal(wrong.status, 400);
    assert.match(wrong.text, /Incorrect e-mail address or password/);
    const unknown = await client.post("/accounts/login/", { email: "nobody@example.org", password: PASSWORD });
    assert.equal(unknown.status, 400);
    const right = await client.post("/accounts/login/?next=%2Fprojects%2F", { email: "FRANK@example.org", password: PASSWORD });
    assert.equal(right.status, 303);
    assert.equal(right.location, "/projects/");
    assert.equal((await client.get("/projects/")).status, 200);
  });

  it("ignores a next URL that leaves the site", async () => {
    await signedUp(h, "grace@example.org");
    const client = new WebClient(h.app);
    await client.get("/accounts/login/");
    const res = await client.post("/accounts/login/?next=%2F%2Fevil.example%2F", { email: "grace@example.org", password: PASSWORD });
    assert.equal(res.location, "/projects/");
  });

  it("keeps next on the site in every spelling a browser would read as another host, and never fails on it", async () => {
    const client = await signedUp(h, "judy@example.org");
    const cases: [string, string][] = [
      ["/%09/evil.com", "/projects/"],
      ["/%5Cevil.com", "/projects/"],
      ["%2F%2F%09evil.com", "/projects/"],
      ["https://evil.com/", "/projects/"],
      ["/%0D%0ASet-Cookie:%20x=1", "/projects/"],
      ["/projects/?a=1%23b", "/projects/?a=1#b"],
      ["/caf%C3%A9/", "/caf%C3%A9/"],
    ];
    for (const [next, location] of cases) {
      const res = await client.get(`/accounts/login/?next=${next}`);
      assert.deepEqual([next, res.status, res.location], [next, 303, location]);
    }
  });

  it("issues a new session token on sign-in, so a planted cookie is not signed in", async () => {
    await signedUp(h, "heidi@example.org");
    const client = new WebClient(h.app);
    const first = await client.get("/accounts/login/");
    const planted = first.setCookie[0].split(";")[0];
    const res = await client.post("/accounts/login/", { email: "heidi@example.org", password: PASSWORD });
    assert.notEqual(res.setCookie[0].split(";")[0], planted);
    const attacker = await h.app.inject({ method: "GET", url: "/projects/", headers: { cookie: planted } });
    assert.equal(attacker.statusCode, 303);
  });

  it("signs out: the old cookie no longer opens pages", async () => {
    const client = await signedUp(h, "ivan@example.org");
    await client.get("/projects/");
    const cookie = client.cookie!;
    const res = await client.post("/accounts/logout/");
    assert.equal(res.status, 303);
    assert.equal((await client.get("/projects/")).status, 303);
    assert.equal((await h.app.inject({ method: "GET", url: "/projects/", headers: { cookie } })).statusCode, 303);
  });

  it("sends security headers and no-store on dashboard pages", async () => {
    const res = await h.app.inject({ method: "GET", url: "/accounts/login/" });
    assert.equal(res.headers["x-frame-options"], "DENY");
    assert.equal(res.headers["cache-control"], "no-store");
    assert.match(String(res.headers["content-security-policy"]), /frame-ancestors 'none'/);
  });
});

describe("dashboard cookies on an https site, with registration closed", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ siteRoot: "https://monitor.example.org", registrationOpen: "false" });
  });
  after(() => h.close());

  it("marks the session cookie Secure", async () => {
    const res = await new WebClient(h.app).get("/accounts/login/");
    assert.match(res.setCookie[0], /; Secure$/);
  });

  it("refuses new addresses but still lets a provisioned owner claim their account", async () => {
    const client = new WebClient(h.app);
    await client.get("/accounts/signup/");
    const res = await client.post("/accounts/signup/", { email: "newcomer@example.org", password: PASSWORD });
    assert.equal(res.status, 400);
    assert.match(res.text, /closed/);
    await signedUp(h, "alice@example.org");
  });
});
