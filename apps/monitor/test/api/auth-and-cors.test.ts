import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("Authentication", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("answers a missing or short key with 401 missing api key", async () => {
    for (const key of [undefined, "x".repeat(31), ""]) {
      const res = await call(h.app, "GET", "/api/v3/checks/", { key });
      assert.equal(res.status, 401);
      assert.deepEqual(res.json, { error: "missing api key" });
    }
  });

  it("answers an unknown 32-character key with 401 wrong api key", async () => {
    const res = await call(h.app, "GET", "/api/v3/checks/", { key: "hcw_" + "z".repeat(28) });
    assert.deepEqual(res.json, { error: "wrong api key" });
  });

  it("refuses the read-only key on every write endpoint", async () => {
    const c = await createCheckVia(h, {});
    for (const [method, url] of [
      ["POST", "/api/v3/checks/"],
      ["POST", `/api/v3/checks/${c.uuid}`],
      ["DELETE", `/api/v3/checks/${c.uuid}`],
      ["POST", `/api/v3/checks/${c.uuid}/pause`],
      ["POST", `/api/v3/checks/${c.uuid}/resume`],
    ]) {
      const res = await call(h.app, method, url, { key: h.keys.api_key_readonly });
      assert.equal(res.status, 401, url);
      assert.deepEqual(res.json, { error: "wrong api key" });
    }
  });

  it("takes api_key from a POST body, stringified, and lets the header win", async () => {
    assert.equal((await call(h.app, "POST", "/api/v3/checks/", { body: { api_key: h.keys.api_key } })).status, 201);
    const numeric = await call(h.app, "POST", "/api/v3/checks/", { body: { api_key: 123 } });
    assert.deepEqual(numeric.json, { error: "missing api key" });
    const both = await call(h.app, "POST", "/api/v3/checks/", { key: "x".repeat(32), body: { api_key: h.keys.api_key } });
    assert.deepEqual(both.json, { error: "wrong api key" });
  });

  it("stores keys hashed, never in plain text", async () => {
    const row = await h.deps.db.selectFrom("projects").selectAll().where("uuid", "=", h.keys.uuid).executeTakeFirstOrThrow();
    assert.notEqual(row.api_key_hash, h.keys.api_key);
    assert.equal(JSON.stringify(row).includes(h.keys.api_key), false);
    assert.equal(JSON.stringify(row).includes(h.keys.api_key_readonly), false);
  });

  it("issues keys shaped like the upstream's", () => {
    assert.match(h.keys.api_key, /^hcw_[A-Za-z0-9]{28}$/);
    assert.match(h.keys.api_key_readonly, /^hcr_[A-Za-z0-9]{28}$/);
    assert.match(h.keys.ping_key, /^[a-z0-9]{22}$/);
  });
});

describe("CORS and methods", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("answers OPTIONS with 204 and CORS headers without a key", async () => {
    const res = await call(h.app, "OPTIONS", "/api/v3/checks/");
    assert.equal(res.status, 204);
    assert.equal(res.text, "");
    assert.equal(res.headers["access-control-allow-origin"], "*");
    assert.equal(res.headers["access-control-allow-headers"], "X-Api-Key");
    assert.equal(res.headers["access-control-max-age"], "600");
    const methods = String(res.headers["access-control-allow-methods"]).split(", ");
    assert.deepEqual(methods.sort(), ["GET", "OPTIONS", "POST"]);
  });

  it("answers an unlisted method with an empty 405 before authentication", async () => {
    for (const method of ["PUT", "PATCH", "HEAD"]) {
      const res = await call(h.app, method, "/api/v3/checks/");
      assert.equal(res.status, 405, method);
      assert.equal(res.text, "");
    }
  });

  it("puts CORS headers on 401 responses too", async () => {
    const res = await call(h.app, "GET", "/api/v3/checks/");
    assert.equal(res.status, 401);
    assert.equal(res.headers["access-control-allow-origin"], "*");
  });

  it("serves the same routes under v1, v2 and v3 and nothing under v4", async () => {
    for (const v of [1, 2, 3]) assert.equal((await call(h.app, "GET", `/api/v${v}/checks/`, { key: h.keys.api_key })).status, 200);
    assert.equal((await call(h.app, "GET", "/api/v4/checks/", { key: h.keys.api_key })).status, 404);
  });

  it("does not match a check URL with a trailing slash", async () => {
    const c = await createCheckVia(h, {});
    assert.equal((await call(h.app, "GET", `/api/v3/checks/${c.uuid}/`, { key: h.keys.api_key })).status, 404);
  });

  it("shows the status field as started only in v1", async () => {
    const c = await createCheckVia(h, {});
    const { ping } = await import("../helpers.js");
    await ping(h, c.uuid, { action: "start" });
    assert.equal((await call(h.app, "GET", `/api/v1/checks/${c.uuid}`, { key: h.keys.api_key })).json.status, "started");
    assert.equal((await call(h.app, "GET", `/api/v2/checks/${c.uuid}`, { key: h.keys.api_key })).json.status, "new");
  });
});
