import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, startHarness, type Harness } from "../helpers.js";
import { badgeSignature } from "../../src/lib/badges.js";

describe("GET /api/v3/badges/", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await createCheckVia(h, { tags: "prod db@dc1" });
    await createCheckVia(h, { tags: "prod" });
  });
  after(() => h.close());

  it("lists one badge per tag and one for all checks, in six formats", async () => {
    const res = await call(h.app, "GET", "/api/v3/badges/", { key: h.keys.api_key_readonly });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json.badges).sort(), ["*", "db@dc1", "prod"]);
    const prod = res.json.badges.prod;
    assert.deepEqual(Object.keys(prod), ["svg", "svg3", "json", "json3", "shields", "shields3"]);
    const sig = badgeSignature(h.keys.badge_key, "prod", "test-secret");
    assert.equal(prod.svg, `http://localhost:8000/badge/${h.keys.badge_key}/${sig}-2/prod.svg`);
    assert.equal(prod.json3, `http://localhost:8000/badge/${h.keys.badge_key}/${sig}/prod.json`);
  });

  it("encodes tags twice and leaves the tag out for the all-checks badge", async () => {
    const { badges } = (await call(h.app, "GET", "/api/v3/badges/", { key: h.keys.api_key })).json;
    assert.match(badges["db@dc1"].svg, /\/db%2540dc1\.svg$/);
    const sig = badgeSignature(h.keys.badge_key, "*", "test-secret");
    assert.equal(badges["*"].shields, `http://localhost:8000/badge/${h.keys.badge_key}/${sig}-2.shields`);
  });

  it("signs with 8 URL-safe base64 characters", () => {
    assert.match(badgeSignature("key", "tag", "secret"), /^[A-Za-z0-9_-]{8}$/);
  });
});
