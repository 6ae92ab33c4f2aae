import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createProject } from "../../src/actions/projects.js";
import { call, checkRow, createCheckVia, integration, startHarness, type Harness } from "../helpers.js";

describe("the ping API by slug (/ping/<ping_key>/<slug>…)", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const slugPing = (path: string, method = "GET") => h.app.inject({ method: method as any, url: `/ping/${h.keys.ping_key}/${path}` });

  it("pings the check with that slug, with every suffix", async () => {
    const c = await createCheckVia(h, { name: "Nightly Backup", slug: "nightly-backup" });
    for (const suffix of ["", "/start", "/log", "/0", "/fail", "/3"]) {
      const res = await slugPing(`nightly-backup${suffix}`);
      assert.equal(res.statusCode, 200, suffix);
      assert.equal(res.body, "OK");
      assert.equal(res.headers["access-control-allow-origin"], "*");
    }
    const row = await checkRow(h, c.uuid);
    assert.equal(row.n_pings, 6);
    assert.equal(row.status, "down");
  });

  it("has no trailing-slash form", async () => {
    await createCheckVia(h, { slug: "trailing" });
    const res = await slugPing("trailing/");
    assert.equal(res.statusCode, 404);
    assert.match(res.body, /Not Found/);
  });

  it("answers 404 not found for an unknown slug or ping key, without never-cache headers", async () => {
    const res = await slugPing("nothing-here");
    assert.equal(res.statusCode, 404);
    assert.equal(res.body, "not found");
    assert.equal(res.headers["cache-control"], undefined);
    const other = await h.app.inject({ method: "GET", url: "/ping/aaaaaaaaaaaaaaaaaaaaaa/nothing-here?create=1" });
    assert.equal(other.statusCode, 404);
    assert.equal(other.body, "not found");
  });

  it("answers 400 invalid url format to a slug with uppercase letters, before the lookup", async () => {
    const res = await slugPing("Nightly");
    assert.equal(res.statusCode, 400);
    assert.equal(res.body, "invalid url format");
  });

  it("answers 409 ambiguous slug when two checks share the slug", async () => {
    await createCheckVia(h, { slug: "twin" });
    await createCheckVia(h, { slug: "twin" });
    const res = await slugPing("twin");
    assert.equal(res.statusCode, 409);
    assert.equal(res.body, "ambiguous slug");
  });

  it("creates the check on create=1, with every integration of the project, and answers 201 Created", async () => {
    const a = await integration(h, "Ops mail");
    const b = await integration(h, "Ops hook", "webhook");
    const res = await slugPing("fresh-job?create=1");
    assert.equal(res.statusCode, 201);
    assert.equal(res.body, "Created");
    assert.equal(res.headers["access-control-allow-origin"], "*");
    const list = await call(h.app, "GET", "/api/v3/checks/?slug=fresh-job", { key: h.keys.api_key });
    const [check] = list.json.checks;
    assert.equal(check.name, "fresh-job");
    assert.equal(check.status, "up");
    assert.equal(check.timeout, 86400);
    assert.equal(check.grace, 3600);
    assert.equal(check.channels, [a.uuid, b.uuid].sort().join(","));
    const again = await slugPing("fresh-job?create=1");
    assert.equal(again.statusCode, 200);
    assert.equal(again.body, "OK");
  });

  it("only creates on create exactly 1", async () => {
    assert.equal((await slugPing("not-created?create=true")).statusCode, 404);
  });

  it("keeps the created check when the ping itself is refused", async () => {
    const res = await slugPing("bad-rid-job?create=1&rid=nope");
    assert.equal(res.statusCode, 400);
    assert.equal(res.body, "invalid uuid format");
    const list = await call(h.app, "GET", "/api/v3/checks/?slug=bad-rid-job", { key: h.keys.api_key });
    assert.equal(list.json.checks.length, 1);
    assert.equal(list.json.checks[0].n_pings, 0);
  });

  it("creates one check for concurrent create=1 pings", async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => slugPing("racy?create=1")));
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 200, 200, 201]);
    const list = await call(h.app, "GET", "/api/v3/checks/?slug=racy", { key: h.keys.api_key });
    assert.equal(list.json.checks.length, 1);
    assert.equal(list.json.checks[0].n_pings, 4);
  });

  it("lets auto-provisioning reach twice the check limit, then answers 404", async () => {
    const keys = await createProject(h.deps, { name: "Small", ownerEmail: "small@example.org", checkLimit: 1 });
    const at = (slug: string) => h.app.inject({ method: "GET", url: `/ping/${keys.ping_key}/${slug}?create=1` });
    assert.equal((await at("one")).statusCode, 201);
    assert.equal((await at("two")).statusCode, 201);
    const third = await at("three");
    assert.equal(third.statusCode, 404);
    assert.equal(third.body, "not found");
  });
});
