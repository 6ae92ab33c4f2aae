import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, integration, ping, secondProject, startHarness, type Harness } from "../helpers.js";

describe("DELETE /api/v3/checks/<uuid>", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("returns the check as it was, with no integrations, and forgets it", async () => {
    await integration(h, "Mail");
    const c = await createCheckVia(h, { name: "gone", channels: "*" });
    await ping(h, c.uuid);
    const res = await call(h.app, "DELETE", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key });
    assert.equal(res.status, 200);
    assert.equal(res.json.name, "gone");
    assert.equal(res.json.status, "up");
    assert.equal(res.json.channels, "");
    assert.equal(res.json.uuid, c.uuid);
    const again = await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key });
    assert.equal(again.status, 404);
    const pings = await h.deps.db.selectFrom("pings").selectAll().execute();
    assert.equal(pings.length, 0);
  });

  it("needs the read-write key", async () => {
    const c = await createCheckVia(h, {});
    const res = await call(h.app, "DELETE", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key_readonly });
    assert.equal(res.status, 401);
    assert.deepEqual(res.json, { error: "wrong api key" });
  });

  it("does not read a key from a DELETE body", async () => {
    const c = await createCheckVia(h, {});
    const res = await call(h.app, "DELETE", `/api/v3/checks/${c.uuid}`, { rawBody: JSON.stringify({ api_key: h.keys.api_key }) });
    assert.equal(res.status, 401);
  });

  it("refuses to delete another project's check", async () => {
    const other = await secondProject(h);
    const theirs = await call(h.app, "POST", "/api/v3/checks/", { key: other.api_key, body: {} });
    const res = await call(h.app, "DELETE", `/api/v3/checks/${theirs.json.uuid}`, { key: h.keys.api_key });
    assert.equal(res.status, 403);
    const still = await call(h.app, "GET", `/api/v3/checks/${theirs.json.uuid}`, { key: other.api_key });
    assert.equal(still.status, 200);
  });
});
