import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, secondProject, startHarness, type Harness } from "../helpers.js";

describe("GET /api/v3/checks/", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await createCheckVia(h, { name: "a", tags: "prod db", slug: "alpha" });
    await createCheckVia(h, { name: "b", tags: "prod", slug: "beta" });
    await createCheckVia(h, { name: "c", tags: "a1-tag", slug: "beta" });
  });
  after(() => h.close());

  const list = async (query = "", key = h.keys.api_key) => {
    const res = await call(h.app, "GET", `/api/v3/checks/${query}`, { key });
    assert.equal(res.status, 200);
    return (res.json.checks as any[]).map((c) => c.name).sort();
  };

  it("lists every check of the project", async () => {
    assert.deepEqual(await list(), ["a", "b", "c"]);
  });

  it("keeps checks that carry all the given tags", async () => {
    assert.deepEqual(await list("?tag=prod"), ["a", "b"]);
    assert.deepEqual(await list("?tag=prod&tag=db"), ["a"]);
  });

  it("matches whole tags only", async () => {
    assert.deepEqual(await list("?tag=tag"), []);
  });

  it("returns nothing for an empty tag", async () => {
    assert.deepEqual(await list("?tag="), []);
  });

  it("filters by exact slug, an empty slug being no filter", async () => {
    assert.deepEqual(await list("?slug=beta"), ["b", "c"]);
    assert.deepEqual(await list("?slug="), ["a", "b", "c"]);
  });

  it("serves the read-only object to a read-only key", async () => {
    const res = await call(h.app, "GET", "/api/v3/checks/", { key: h.keys.api_key_readonly });
    assert.equal("unique_key" in res.json.checks[0], true);
    assert.equal("uuid" in res.json.checks[0], false);
  });

  it("never shows another project's checks", async () => {
    const other = await secondProject(h);
    await call(h.app, "POST", "/api/v3/checks/", { key: other.api_key, body: { name: "theirs" } });
    assert.deepEqual(await list(), ["a", "b", "c"]);
    assert.deepEqual(await list("", other.api_key), ["theirs"]);
  });

  it("redirects the slashless URL to the slashed one", async () => {
    const res = await call(h.app, "GET", "/api/v3/checks?tag=prod", { key: h.keys.api_key });
    assert.equal(res.status, 301);
    assert.equal(res.headers.location, "/api/v3/checks/?tag=prod");
  });

  it("reads the key from the header only", async () => {
    const res = await call(h.app, "GET", "/api/v3/checks/", { rawBody: JSON.stringify({ api_key: h.keys.api_key }) });
    assert.equal(res.status, 401);
    assert.deepEqual(res.json, { error: "missing api key" });
  });

  it("finds nothing for a slug with a NUL in it", async () => {
    assert.deepEqual(await list("?slug=be%00ta"), []);
  });
});
