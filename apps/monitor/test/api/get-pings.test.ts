import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, ping, secondProject, startHarness, type Harness } from "../helpers.js";

describe("GET /api/v3/checks/<uuid>/pings/", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const pings = (uuid: string, version = 3, key = h.keys.api_key) => call(h.app, "GET", `/api/v${version}/checks/${uuid}/pings/`, { key });

  it("lists pings newest first with the upstream's keys", async () => {
    const c = await createCheckVia(h, {});
    h.clock.set("2020-06-09T14:51:06.113Z");
    await ping(h, c.uuid, { action: "start", rid: "8c3a1f0e-5b7a-4b5e-9c1d-2f3e4a5b6c7d", method: "POST", body: Buffer.from("hello") });
    h.clock.set("2020-06-09T14:52:06Z");
    await ping(h, c.uuid, { rid: "8c3a1f0e-5b7a-4b5e-9c1d-2f3e4a5b6c7d", scheme: "https", remoteAddr: null, ua: "" });
    const res = await pings(c.uuid);
    assert.equal(res.status, 200);
    const [second, first] = res.json.pings;
    assert.deepEqual(Object.keys(second), ["type", "date", "n", "scheme", "remote_addr", "method", "ua", "rid", "duration", "body_url"]);
    assert.equal(second.type, "success");
    assert.equal(second.date, "2020-06-09T14:52:06+00:00");
    assert.equal(second.n, 2);
    assert.equal(second.scheme, "https");
    assert.equal(second.remote_addr, null);
    assert.equal(second.duration, 59.89);
    assert.equal(second.body_url, null);
    assert.equal(first.type, "start");
    assert.equal(first.date, "2020-06-09T14:51:06.113000+00:00");
    assert.equal(first.method, "POST");
    assert.equal(first.body_url, `http://localhost:8000/api/v3/checks/${c.uuid}/pings/1/body`);
    assert.equal("duration" in first, false);
  });

  it("writes whole-second durations as floats", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid, { action: "start" });
    h.clock.advanceSeconds(60);
    await ping(h, c.uuid);
    const res = await pings(c.uuid);
    assert.match(res.text, /"duration": 60\.0,/);
  });

  it("pairs durations by run id and treats log and ignored pings as transparent", async () => {
    const c = await createCheckVia(h, {});
    const a = "0f0f0f0f-0000-4000-8000-00000000000a";
    const b = "0f0f0f0f-0000-4000-8000-00000000000b";
    await ping(h, c.uuid, { action: "start", rid: a });
    h.clock.advanceSeconds(1);
    await ping(h, c.uuid, { action: "start", rid: b });
    h.clock.advanceSeconds(1);
    await ping(h, c.uuid, { action: "log", rid: a });
    h.clock.advanceSeconds(1);
    await ping(h, c.uuid, { action: "fail", rid: a });
    h.clock.advanceSeconds(1);
    await ping(h, c.uuid, { rid: b });
    h.clock.advanceSeconds(1);
    await ping(h, c.uuid, { rid: b });
    const list = (await pings(c.uuid)).json.pings;
    assert.deepEqual(list.map((p: any) => p.duration), [undefined, 3, 3, undefined, undefined, undefined]);
  });

  it("gives no duration when the start is more than 72 hours old", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid, { action: "start" });
    h.clock.advanceSeconds(72 * 3600 + 1);
    await ping(h, c.uuid);
    assert.equal("duration" in (await pings(c.uuid)).json.pings[0], false);
  });

  it("uses the request's API version in body URLs", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid, { body: Buffer.from("x") });
    assert.equal((await pings(c.uuid, 1)).json.pings[0].body_url, `http://localhost:8000/api/v1/checks/${c.uuid}/pings/1/body`);
  });

  it("keeps only the newest pings up to the owner's ping log limit", async () => {
    const c = await createCheckVia(h, {});
    await h.deps.db.updateTable("accounts").set({ ping_log_limit: 3 }).execute();
    for (let i = 0; i < 5; i++) await ping(h, c.uuid);
    const list = (await pings(c.uuid)).json.pings;
    assert.deepEqual(list.map((p: any) => p.n), [5, 4, 3]);
    await h.deps.db.updateTable("accounts").set({ ping_log_limit: 100 }).execute();
  });

  it("needs the read-write key", async () => {
    const c = await createCheckVia(h, {});
    const res = await pings(c.uuid, 3, h.keys.api_key_readonly);
    assert.equal(res.status, 401);
    assert.deepEqual(res.json, { error: "wrong api key" });
  });

  it("answers 404, 403 and 405 like the other check routes", async () => {
    assert.equal((await pings("6e2c5a1c-0000-4000-8000-000000000000")).status, 404);
    const other = await secondProject(h);
    const theirs = await call(h.app, "POST", "/api/v3/checks/", { key: other.api_key, body: {} });
    assert.equal((await pings(theirs.json.uuid)).status, 403);
    const c = await createCheckVia(h, {});
    assert.equal((await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pings/`, { key: h.keys.api_key })).status, 405);
  });
});

describe("GET /api/v3/checks/<uuid>/pings/<n>/body", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const body = (uuid: string, n: number, key = h.keys.api_key) => call(h.app, "GET", `/api/v3/checks/${uuid}/pings/${n}/body`, { key });

  it("returns the stored bytes verbatim as text/plain", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid, { body: Buffer.from([0x68, 0x69, 0xff]) });
    const res = await h.app.inject({ method: "GET", url: `/api/v3/checks/${c.uuid}/pings/1/body`, headers: { "x-api-key": h.keys.api_key } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers["content-type"], "text/plain");
    assert.deepEqual(res.rawPayload, Buffer.from([0x68, 0x69, 0xff]));
  });

  it("answers 404 for a ping without a body or a ping that does not exist", async () => {
    const c = await createCheckVia(h, {});
    await ping(h, c.uuid);
    assert.equal((await body(c.uuid, 1)).status, 404);
    assert.equal((await body(c.uuid, 2)).status, 404);
  });

  it("answers 404 for a ping outside the retention window", async () => {
    const c = await createCheckVia(h, {});
    await h.deps.db.updateTable("accounts").set({ ping_log_limit: 2 }).execute();
    for (let i = 0; i < 3; i++) await ping(h, c.uuid, { body: Buffer.from(`b${i}`) });
    assert.equal((await body(c.uuid, 1)).status, 404);
    assert.equal((await body(c.uuid, 2)).text, "b1");
    await h.deps.db.updateTable("accounts").set({ ping_log_limit: 100 }).execute();
  });

  it("needs the read-write key", async () => {
    const c = await createCheckVia(h, {});
    assert.equal((await body(c.uuid, 1, h.keys.api_key_readonly)).status, 401);
  });
});
