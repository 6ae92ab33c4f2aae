import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, ping, startHarness, type Harness } from "../helpers.js";

describe("GET /projects/<uuid>/metrics/<key>", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await ping(h, (await createCheckVia(h, { name: 'Alice "A"\nWas Here', tags: "foo bar" })).uuid);
    await createCheckVia(h, { name: "down", tags: "bar", timeout: 60, grace: 60 }).then((c) => ping(h, c.uuid, { action: "fail" }));
  });
  after(() => h.close());

  it("exposes the upstream's gauges for the project's checks", async () => {
    const res = await call(h.app, "GET", `/projects/${h.keys.uuid}/metrics/${h.keys.api_key_readonly}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers["content-type"], "text/plain");
    assert.match(res.text, /^# HELP hc_check_up Whether the check is currently up \(1 for yes, 0 for no\)\.\n# TYPE hc_check_up gauge\n/);
    assert.match(res.text, /hc_check_up\{name="Alice \\"A\\"\\nWas Here", tags="foo bar", unique_key="[0-9a-f]{40}"\} 1\n/);
    assert.match(res.text, /hc_check_up\{name="down", tags="bar", unique_key="[0-9a-f]{40}"\} 0\n/);
    assert.match(res.text, /hc_tag_up\{tag="bar"\} 0\nhc_tag_up\{tag="foo"\} 1\n/);
    assert.match(res.text, /\nhc_checks_total 2\n\n# HELP hc_checks_down_total/);
    assert.match(res.text, /hc_checks_down_total 1\n$/);
  });

  it("accepts the key as a Bearer token and at the legacy path", async () => {
    const bearer = await call(h.app, "GET", `/projects/${h.keys.uuid}/metrics/`, { headers: { authorization: `Bearer ${h.keys.api_key_readonly}` } });
    assert.equal(bearer.status, 200);
    const legacy = await call(h.app, "GET", `/projects/${h.keys.uuid}/checks/metrics/${h.keys.api_key_readonly}`);
    assert.equal(legacy.status, 200);
  });

  it("answers 401 without a Bearer token, 400 for a bad length and 403 for a key that is not read-only", async () => {
    assert.equal((await call(h.app, "GET", `/projects/${h.keys.uuid}/metrics/`)).status, 401);
    assert.equal((await call(h.app, "GET", `/projects/${h.keys.uuid}/metrics/short`)).status, 400);
    assert.equal((await call(h.app, "GET", `/projects/${h.keys.uuid}/metrics/${h.keys.api_key}`)).status, 403);
  });
});
