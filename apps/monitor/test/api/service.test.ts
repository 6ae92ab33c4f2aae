import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, ping, startHarness, type Harness } from "../helpers.js";

describe("GET /api/v3/status/", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ metricsKey: "m".repeat(10) });
  });
  after(() => h.close());

  it("answers OK to GET, HEAD and OPTIONS without a key", async () => {
    const res = await call(h.app, "GET", "/api/v3/status/");
    assert.equal(res.status, 200);
    assert.equal(res.text, "OK");
    assert.equal((await call(h.app, "HEAD", "/api/v1/status/")).status, 200);
    assert.equal((await call(h.app, "OPTIONS", "/api/v2/status/")).status, 200);
  });

  it("refuses unsafe methods like the CSRF middleware does", async () => {
    assert.equal((await call(h.app, "POST", "/api/v3/status/")).status, 403);
  });

  it("serves metrics only with the metrics key", async () => {
    assert.equal((await call(h.app, "GET", "/api/v3/metrics/")).status, 403);
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid);
    const res = await call(h.app, "GET", "/api/v3/metrics/", { headers: { "x-metrics-key": "m".repeat(10) } });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json), ["ts", "max_ping_id", "max_notification_id", "num_unprocessed_flips"]);
    assert.equal(res.json.num_unprocessed_flips, 1);
  });

  it("answers unknown paths with the HTML 404 page", async () => {
    const res = await call(h.app, "GET", "/nowhere");
    assert.equal(res.status, 404);
    assert.match(res.text, /Not Found/);
  });
});
