import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, checkRow, createCheckVia, ping, secondProject, startHarness, type Harness } from "../helpers.js";

describe("GET /api/v3/checks/<uuid>/flips/", () => {
  let h: Harness;
  let uuid: string;
  before(async () => {
    h = await startHarness();
    uuid = (await createCheckVia(h, {})).uuid;
    h.clock.set("2020-01-01T00:00:00Z");
    await ping(h, uuid); // new -> up
    h.clock.set("2020-01-02T00:00:00Z");
    await ping(h, uuid, { action: "fail" }); // up -> down
    h.clock.set("2020-01-03T00:00:00Z");
    await ping(h, uuid); // down -> up
  });
  after(() => h.close());

  const flips = (query = "", key = h.keys.api_key, code = uuid) => call(h.app, "GET", `/api/v3/checks/${code}/flips/${query}`, { key });

  it("lists flips newest first as an object with a flips key", async () => {
    const res = await flips();
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {
      flips: [
        { timestamp: "2020-01-03T00:00:00+00:00", up: 1 },
        { timestamp: "2020-01-02T00:00:00+00:00", up: 0 },
        { timestamp: "2020-01-01T00:00:00+00:00", up: 1 },
      ],
    });
  });

  it("filters by start, end and seconds", async () => {
    const day2 = Date.parse("2020-01-02T00:00:00Z") / 1000;
    assert.equal((await flips(`?start=${day2}`)).json.flips.length, 2);
    assert.equal((await flips(`?end=${day2}`)).json.flips.length, 1);
    assert.equal((await flips(`?start=${day2}&end=${day2 + 1}`)).json.flips.length, 1);
    h.clock.set("2020-01-03T12:00:00Z");
    assert.equal((await flips("?seconds=86400")).json.flips.length, 1);
    assert.equal((await flips("?seconds=0")).json.flips.length, 3);
    assert.equal((await flips("?seconds=")).json.flips.length, 3);
  });

  it("parses integers leniently like the upstream", async () => {
    assert.equal((await flips("?start=+5")).status, 200);
    assert.equal((await flips("?start=%205")).status, 200);
    assert.equal((await flips("?seconds=1.0")).status, 200);
  });

  it("answers bad parameters with an empty 400", async () => {
    for (const query of ["?start=", "?start=abc", "?start=-1", "?end=10000000001", "?seconds=-1", "?seconds=31536001", "?seconds=1.5"]) {
      const res = await flips(query);
      assert.equal(res.status, 400, query);
      assert.equal(res.text, "", query);
    }
  });

  it("works with the read-only key and by unique_key", async () => {
    const { unique_key } = await checkRow(h, uuid);
    const res = await flips("", h.keys.api_key_readonly, unique_key);
    assert.equal(res.json.flips.length, 3);
  });

  it("checks existence and ownership before the parameters", async () => {
    assert.equal((await flips("?start=x", h.keys.api_key, "6e2c5a1c-0000-4000-8000-000000000000")).status, 404);
    const other = await secondProject(h);
    const theirs = await call(h.app, "POST", "/api/v3/checks/", { key: other.api_key, body: {} });
    assert.equal((await flips("?start=x", h.keys.api_key, theirs.json.uuid)).status, 403);
  });

  it("refuses POST with 405", async () => {
    assert.equal((await call(h.app, "POST", `/api/v3/checks/${uuid}/flips/`, { key: h.keys.api_key })).status, 405);
  });
});
