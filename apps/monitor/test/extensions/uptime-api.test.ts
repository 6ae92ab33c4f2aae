// GET /api/v3/checks/<uuid>/uptime/: figures from the check's flips, across a pause.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { call, createCheckVia, secondProject, startHarness, type Harness } from "../helpers.js";

describe("GET /api/v3/checks/<uuid>/uptime/", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const T0 = Date.parse("2020-01-01T00:00:00Z");
  const HOUR = 3600_000;
  const at = (ms: number) => h.clock.set(new Date(ms));
  const api = (method: string, path: string, body?: unknown, key = h.keys.api_key) => call(h.app, method, `/api/v3/${path}`, { key, body });

  it("reports the fraction up and the downtimes, leaving paused and new time out", async () => {
    at(T0);
    const c = await createCheckVia(h, { name: "nightly", timeout: 3600, grace: 3600 });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` }); // up at 00:00
    at(T0 + 2 * HOUR + 1);
    assert.equal((await runAlertCycle(h.deps)).down, 1); // down from 02:00
    at(T0 + 3 * HOUR);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` }); // up at 03:00
    at(T0 + 5 * HOUR);
    await api("POST", `checks/${c.uuid}/pause`); // paused 05:00–10:00
    at(T0 + 10 * HOUR);
    await api("POST", `checks/${c.uuid}/resume`);
    await api("POST", `checks/${c.uuid}`, { timeout: 86400 });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` }); // up at 10:00
    at(T0 + 20 * HOUR);

    const res = await api("GET", `checks/${c.uuid}/uptime/`);
    assert.equal(res.status, 200, res.text);
    const expected = { up_fraction: 14 / 15, up_seconds: 14 * 3600, down_seconds: 3600, downtimes: 1 };
    assert.deepEqual(res.json.days, [7, 30, 90].map((days) => ({
      days,
      start: new Date(T0 + 20 * HOUR - days * 86400_000).toISOString().slice(0, 19) + "+00:00",
      end: "2020-01-01T20:00:00+00:00",
      ...expected,
    })));
    assert.deepEqual(res.json.months[0], { month: "2020-01", start: "2020-01-01T00:00:00+00:00", end: "2020-01-01T20:00:00+00:00", ...expected });
    assert.deepEqual(res.json.months.slice(1), [
      { month: "2019-12", start: "2019-12-01T00:00:00+00:00", end: "2020-01-01T00:00:00+00:00", up_fraction: null, up_seconds: 0, down_seconds: 0, downtimes: 0 },
      { month: "2019-11", start: "2019-11-01T00:00:00+00:00", end: "2019-12-01T00:00:00+00:00", up_fraction: null, up_seconds: 0, down_seconds: 0, downtimes: 0 },
    ]);
  });

  it("splits a downtime that spans a month boundary between the two months", async () => {
    at(Date.parse("2020-01-31T00:00:00Z"));
    const c = await createCheckVia(h, { name: "boundary", timeout: 3600, grace: 3600 });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` }); // down from Jan 31, 00:00
    at(Date.parse("2020-02-01T06:00:00Z"));
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await api("POST", `checks/${c.uuid}`, { timeout: 86400 * 30 });
    at(Date.parse("2020-02-02T00:00:00Z"));
    const res = await api("GET", `checks/${c.uuid}/uptime/`);
    assert.equal(res.json.months[0].month, "2020-02");
    assert.deepEqual([res.json.months[0].up_seconds, res.json.months[0].down_seconds, res.json.months[0].downtimes], [18 * 3600, 6 * 3600, 0]);
    assert.deepEqual([res.json.months[1].up_seconds, res.json.months[1].down_seconds, res.json.months[1].downtimes], [0, 24 * 3600, 1]);
    assert.equal(res.json.months[1].up_fraction, 0);
  });

  it("answers read-only keys, refuses another project's check and is absent from v1 and v2", async () => {
    const c = await createCheckVia(h, { name: "ro" });
    assert.equal((await api("GET", `checks/${c.uuid}/uptime/`, undefined, h.keys.api_key_readonly)).status, 200);
    const theirs = await secondProject(h);
    assert.equal((await api("GET", `checks/${c.uuid}/uptime/`, undefined, theirs.api_key)).status, 403);
    assert.equal((await api("GET", `checks/${c.uuid}/uptime/`, undefined, "x".repeat(32))).status, 401);
    for (const version of [1, 2]) {
      const res = await call(h.app, "GET", `/api/v${version}/checks/${c.uuid}/uptime/`, { key: h.keys.api_key });
      assert.equal(res.status, 404);
    }
  });
});
