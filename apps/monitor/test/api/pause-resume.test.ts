import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, checkRow, createCheckVia, ping, startHarness, type Harness } from "../helpers.js";

describe("POST /api/v3/checks/<uuid>/pause and /resume", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const flips = (uuid: string) => call(h.app, "GET", `/api/v3/checks/${uuid}/flips/`, { key: h.keys.api_key });

  it("pauses a check, keeps last_ping, clears a pending start and records a flip", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid);
    await ping(h, c.uuid, { action: "start" });
    h.clock.advanceSeconds(10);
    const res = await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    assert.equal(res.status, 200);
    assert.equal(res.json.status, "paused");
    assert.equal(res.json.started, false);
    assert.equal(res.json.next_ping, null);
    assert.equal(res.json.last_ping, "2020-01-01T00:00:00+00:00");
    const row = await checkRow(h, c.uuid);
    assert.equal(row.alert_after, null);
    assert.deepEqual((await flips(c.uuid)).json.flips[0], { timestamp: "2020-01-01T00:00:10+00:00", up: 0 });
    const stored = await h.deps.db.selectFrom("flips").selectAll().where("new_status", "=", "paused").execute();
    assert.notEqual(stored[0].processed, null);
  });

  it("is idempotent on a paused check and records no second flip", async () => {
    const c = await createCheckVia(h, {});
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    const res = await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    assert.equal(res.status, 200);
    assert.equal((await flips(c.uuid)).json.flips.length, 1);
  });

  it("accepts the key in the body and an empty JSON body with a JSON content type", async () => {
    const c = await createCheckVia(h, {});
    const res = await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { body: { api_key: h.keys.api_key } });
    assert.equal(res.status, 200);
    const d = await createCheckVia(h, {});
    const empty = await call(h.app, "POST", `/api/v3/checks/${d.uuid}/pause`, { key: h.keys.api_key, rawBody: "", headers: { "content-type": "application/json" } });
    assert.equal(empty.status, 200);
  });

  it("rejects a non-object body", async () => {
    const c = await createCheckVia(h, {});
    const res = await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key, rawBody: "[]" });
    assert.deepEqual(res.json, { error: "json validation error: value is not an object" });
  });

  it("refuses GET with 405", async () => {
    const c = await createCheckVia(h, {});
    assert.equal((await call(h.app, "GET", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key })).status, 405);
  });

  it("resumes a paused check to new and clears last_ping", async () => {
    const c = await createCheckVia(h, { manual_resume: true });
    await ping(h, c.uuid);
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    const res = await call(h.app, "POST", `/api/v3/checks/${c.uuid}/resume`, { key: h.keys.api_key });
    assert.equal(res.status, 200);
    assert.equal(res.json.status, "new");
    assert.equal(res.json.last_ping, null);
    const list = (await flips(c.uuid)).json.flips;
    assert.equal(list.length, 3);
  });

  it("answers 409 with plain text when the check is not paused", async () => {
    const c = await createCheckVia(h, {});
    const res = await call(h.app, "POST", `/api/v3/checks/${c.uuid}/resume`, { key: h.keys.api_key });
    assert.equal(res.status, 409);
    assert.equal(res.text, "check is not paused");
  });

  it("ignores pings to a paused check with manual resume but logs them", async () => {
    const c = await createCheckVia(h, { manual_resume: true });
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    await ping(h, c.uuid);
    const row = await checkRow(h, c.uuid);
    assert.equal(row.status, "paused");
    assert.equal(row.n_pings, 1);
    const pings = await call(h.app, "GET", `/api/v3/checks/${c.uuid}/pings/`, { key: h.keys.api_key });
    assert.equal(pings.json.pings[0].type, "ign");
  });

  it("un-pauses a check without manual resume on the next ping", async () => {
    const c = await createCheckVia(h, {});
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    await ping(h, c.uuid);
    assert.equal((await checkRow(h, c.uuid)).status, "up");
  });
});
