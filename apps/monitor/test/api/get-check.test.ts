import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, checkRow, createCheckVia, ping, secondProject, startHarness, type Harness } from "../helpers.js";

describe("GET /api/v3/checks/<uuid> and /checks/<unique_key>", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("returns the full object for a read-write key", async () => {
    const c = await createCheckVia(h, { name: "x" });
    const res = await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, c);
  });

  it("returns the reduced object with unique_key for a read-only key", async () => {
    const c = await createCheckVia(h, { name: "ro" });
    const res = await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key_readonly });
    assert.equal(res.status, 200);
    assert.equal(Object.keys(res.json).length, 24);
    for (const key of ["uuid", "ping_url", "update_url", "pause_url", "resume_url", "channels"]) assert.equal(key in res.json, false, key);
    assert.equal(res.json.unique_key, (await checkRow(h, c.uuid)).unique_key);
    assert.match(res.json.unique_key, /^[0-9a-f]{40}$/);
  });

  it("finds a check by its unique_key, with either key", async () => {
    const c = await createCheckVia(h, { name: "by-key" });
    const { unique_key } = await checkRow(h, c.uuid);
    const ro = await call(h.app, "GET", `/api/v3/checks/${unique_key}`, { key: h.keys.api_key_readonly });
    assert.equal(ro.json.name, "by-key");
    const rw = await call(h.app, "GET", `/api/v3/checks/${unique_key}`, { key: h.keys.api_key });
    assert.equal(rw.json.uuid, c.uuid);
  });

  it("answers an unknown or foreign unique_key with an empty 404", async () => {
    const other = await secondProject(h);
    const theirs = await call(h.app, "POST", "/api/v3/checks/", { key: other.api_key, body: {} });
    const { unique_key } = await checkRow(h, theirs.json.uuid);
    for (const key of [unique_key, "a".repeat(40)]) {
      const res = await call(h.app, "GET", `/api/v3/checks/${key}`, { key: h.keys.api_key });
      assert.equal(res.status, 404);
      assert.equal(res.text, "");
      assert.equal(res.headers["access-control-allow-origin"], "*");
    }
  });

  it("answers an unknown UUID with the HTML 404 page and no CORS headers", async () => {
    const res = await call(h.app, "GET", "/api/v3/checks/6e2c5a1c-0000-4000-8000-000000000000", { key: h.keys.api_key });
    assert.equal(res.status, 404);
    assert.match(res.headers["content-type"] as string, /text\/html/);
    assert.equal(res.headers["access-control-allow-origin"], undefined);
  });

  it("answers another project's check with an empty 403", async () => {
    const other = await secondProject(h, "dan@example.org");
    const theirs = await call(h.app, "POST", "/api/v3/checks/", { key: other.api_key, body: {} });
    const res = await call(h.app, "GET", `/api/v3/checks/${theirs.json.uuid}`, { key: h.keys.api_key });
    assert.equal(res.status, 403);
    assert.equal(res.text, "");
  });

  it("does not match uppercase UUIDs", async () => {
    const c = await createCheckVia(h, {});
    const res = await call(h.app, "GET", `/api/v3/checks/${c.uuid.toUpperCase()}`, { key: h.keys.api_key });
    assert.equal(res.status, 404);
  });

  it("refuses POST and DELETE on a unique_key URL", async () => {
    const res = await call(h.app, "DELETE", `/api/v3/checks/${"b".repeat(40)}`, { key: h.keys.api_key });
    assert.equal(res.status, 405);
  });

  it("shows last_duration in whole seconds once a run was timed", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid, { action: "start" });
    h.clock.advance(61_500);
    await ping(h, c.uuid);
    const res = await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key });
    assert.equal(res.json.last_duration, 61);
    assert.equal(res.json.started, false);
  });

  it("reports last_duration 0 for a run whose start and end arrive in the same millisecond", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid, { action: "start" });
    await ping(h, c.uuid);
    const res = await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key });
    assert.equal(res.json.last_duration, 0);
    assert.equal(res.json.started, false);
  });

  it("reports last_duration 0 for a sub-second run, and leaves it out once a success is not paired", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid, { action: "start", rid: "a" });
    h.clock.advance(400);
    await ping(h, c.uuid, { rid: "a" });
    assert.equal((await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key })).json.last_duration, 0);
    await ping(h, c.uuid);
    const after = await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key });
    assert.equal("last_duration" in after.json, false);
  });
});
