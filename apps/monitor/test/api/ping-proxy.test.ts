import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("the ping API behind a trusted proxy (MONITOR_TRUST_PROXY)", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ trustProxy: "true", pingBodyLimit: "0" });
  });
  after(() => h.close());

  const lastPing = async (uuid: string) => (await call(h.app, "GET", `/api/v3/checks/${uuid}/pings/`, { key: h.keys.api_key })).json.pings[0];

  it("takes the first X-Forwarded-For entry and X-Forwarded-Proto", async () => {
    const c = await createCheckVia(h);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}`, headers: { "x-forwarded-for": "1.2.3.4, 10.0.0.1", "x-forwarded-proto": "https" } });
    const p = await lastPing(c.uuid);
    assert.equal(p.remote_addr, "1.2.3.4");
    assert.equal(p.scheme, "https");
  });

  it("strips the port from an a.b.c.d:port address and keeps IPv6 as is", async () => {
    const c = await createCheckVia(h);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}`, headers: { "x-forwarded-for": "1.2.3.4:5678" } });
    assert.equal((await lastPing(c.uuid)).remote_addr, "1.2.3.4");
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}`, headers: { "x-forwarded-for": "::ffff:1.2.3.4" } });
    assert.equal((await lastPing(c.uuid)).remote_addr, "::ffff:1.2.3.4");
  });

  it("falls back to the socket address and http without the headers", async () => {
    const c = await createCheckVia(h);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}`, remoteAddress: "10.9.8.7" });
    const p = await lastPing(c.uuid);
    assert.equal(p.remote_addr, "10.9.8.7");
    assert.equal(p.scheme, "http");
  });

  it("omits Ping-Body-Limit and stores the whole body when the limit is off", async () => {
    const c = await createCheckVia(h);
    const res = await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: Buffer.alloc(50_000, "z") });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers["ping-body-limit"], undefined);
    const row = await h.deps.db.selectFrom("pings").innerJoin("checks", "checks.id", "pings.check_id").select("pings.body").where("checks.uuid", "=", c.uuid).executeTakeFirstOrThrow();
    assert.equal(row.body!.length, 50_000);
  });
});
