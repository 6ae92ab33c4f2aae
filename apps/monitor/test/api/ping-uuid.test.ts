import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("the ping API by UUID (/ping/<uuid>…)", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const pingsOf = async (uuid: string) => (await call(h.app, "GET", `/api/v3/checks/${uuid}/pings/`, { key: h.keys.api_key })).json.pings;
  const flipsOf = (uuid: string) => h.deps.db.selectFrom("flips").selectAll().innerJoin("checks", "checks.id", "flips.check_id").where("checks.uuid", "=", uuid).orderBy("flips.id").execute();

  it("answers OK with CORS, body limit and never-cache headers, and marks the check up", async () => {
    const c = await createCheckVia(h);
    const res = await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, "OK");
    assert.equal(res.headers["content-type"], "text/html; charset=utf-8");
    assert.equal(res.headers["access-control-allow-origin"], "*");
    assert.equal(res.headers["ping-body-limit"], "10000");
    assert.equal(res.headers["cache-control"], "max-age=0, no-cache, no-store, must-revalidate, private");
    assert.equal(res.headers["expires"], "Wed, 01 Jan 2020 00:00:00 GMT");
    const row = await checkRow(h, c.uuid);
    assert.equal(row.status, "up");
    assert.equal(row.n_pings, 1);
    assert.equal(row.last_ping, h.clock.now().getTime());
    assert.equal(row.alert_after, h.clock.now().getTime() + (86400 + 3600) * 1000);
    const [flip] = await flipsOf(c.uuid);
    assert.equal(flip.old_status, "new");
    assert.equal(flip.new_status, "up");
    assert.equal(flip.processed, null);
  });

  it("treats a trailing slash like the bare URL", async () => {
    const c = await createCheckVia(h);
    const res = await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/` });
    assert.equal(res.statusCode, 200);
    assert.equal((await checkRow(h, c.uuid)).status, "up");
  });

  it("accepts any method, OPTIONS and DELETE included, and records it", async () => {
    const c = await createCheckVia(h);
    for (const method of ["HEAD", "POST", "PUT", "OPTIONS", "DELETE", "PATCH"] as const) {
      const res = await h.app.inject({ method, url: `/ping/${c.uuid}` });
      assert.equal(res.statusCode, 200, method);
    }
    const pings = await pingsOf(c.uuid);
    assert.deepEqual(pings.map((p: any) => p.method), ["PATCH", "DELETE", "OPTIONS", "PUT", "POST", "HEAD"]);
  });

  it("records start, fail, log and exit statuses with their kinds", async () => {
    const c = await createCheckVia(h);
    for (const suffix of ["start", "fail", "log", "0", "1", "255"]) {
      assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/${suffix}` })).statusCode, 200, suffix);
    }
    const pings = await pingsOf(c.uuid);
    assert.deepEqual(
      pings.map((p: any) => p.type),
      ["fail", "fail", "success", "log", "fail", "start"],
    );
    const rows = await h.deps.db.selectFrom("pings").select(["n", "exitstatus"]).where("check_id", "=", (await checkRow(h, c.uuid)).id).orderBy("n").execute();
    assert.deepEqual(rows.map((r) => r.exitstatus), [null, null, null, 0, 1, 255]);
    assert.equal((await checkRow(h, c.uuid)).status, "down");
    const flips = await flipsOf(c.uuid);
    assert.deepEqual(flips.map((f) => [f.old_status, f.new_status, f.reason]), [["new", "down", "fail"], ["down", "up", ""], ["up", "down", "fail"]]);
  });

  it("answers 400 invalid url format to an exit status above 255, after the lookup", async () => {
    const c = await createCheckVia(h);
    const res = await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/256` });
    assert.equal(res.statusCode, 400);
    assert.equal(res.body, "invalid url format");
    assert.equal(res.headers["access-control-allow-origin"], undefined);
    assert.equal(res.headers["cache-control"], "max-age=0, no-cache, no-store, must-revalidate, private");
    assert.equal((await checkRow(h, c.uuid)).n_pings, 0);
    const unknown = await h.app.inject({ method: "GET", url: "/ping/00000000-0000-4000-8000-000000000000/256" });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.body, "not found");
  });

  it("answers 404 not found without CORS to an unknown UUID", async () => {
    const res = await h.app.inject({ method: "POST", url: "/ping/00000000-0000-4000-8000-000000000000" });
    assert.equal(res.statusCode, 404);
    assert.equal(res.body, "not found");
    assert.equal(res.headers["access-control-allow-origin"], undefined);
  });

  it("answers the framework's 404 page to malformed paths and uppercase UUIDs, recording nothing", async () => {
    const c = await createCheckVia(h);
    for (const url of [`/ping/${c.uuid.toUpperCase()}`, `/ping/${c.uuid}/start/`, "/ping/not-a-uuid", `/ping/${c.uuid}x`, "/ping/", `/ping/${c.uuid}/fail/extra`]) {
      const res = await h.app.inject({ method: "GET", url });
      assert.equal(res.statusCode, 404, url);
      assert.match(res.body, /<h1>Not Found<\/h1>/, url);
    }
    for (const url of [`/ping/${c.uuid}/-1`, `/ping/${c.uuid.toUpperCase()}/fail`]) {
      assert.equal((await h.app.inject({ method: "GET", url })).statusCode, 404, url);
    }
    assert.equal((await checkRow(h, c.uuid)).n_pings, 0);
  });

  it("stores rid in lowercase, accepts it in either case and rejects anything else", async () => {
    const c = await createCheckVia(h);
    const rid = "8C3A1F0E-5B7A-4B5E-9C1D-2F3E4A5B6C7D";
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/start?rid=${rid}` })).statusCode, 200);
    h.clock.advanceSeconds(5);
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}?rid=${rid.toLowerCase()}` })).statusCode, 200);
    const row = await checkRow(h, c.uuid);
    assert.equal(row.last_duration, 5000);
    assert.equal(row.last_start, null);
    const pings = await pingsOf(c.uuid);
    assert.equal(pings[1].rid, rid.toLowerCase());
    for (const bad of ["{8c3a1f0e-5b7a-4b5e-9c1d-2f3e4a5b6c7d}", "8c3a1f0e5b7a4b5e9c1d2f3e4a5b6c7d", "", "nope"]) {
      const res = await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/log?rid=${encodeURIComponent(bad)}` });
      assert.equal(res.statusCode, 400, bad);
      assert.equal(res.body, "invalid uuid format");
    }
    assert.equal((await checkRow(h, c.uuid)).n_pings, 2);
  });

  it("stores the first bytes of the body up to the limit, as raw bytes", async () => {
    const c = await createCheckVia(h);
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.alloc(20000, "a")]);
    assert.equal((await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: body, headers: { "content-type": "application/octet-stream" } })).statusCode, 200);
    const stored = await h.deps.db.selectFrom("pings").select("body").where("check_id", "=", (await checkRow(h, c.uuid)).id).executeTakeFirstOrThrow();
    assert.equal(stored.body!.length, 10000);
    assert.deepEqual(Buffer.from(stored.body!).subarray(0, 3), Buffer.from([0xff, 0xfe, 0x61]));
  });

  it("refuses a body over 2,621,440 bytes with 400 and accepts 2,000,000 bytes truncated", async () => {
    const c = await createCheckVia(h);
    const big = await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: Buffer.alloc(2_621_441, "x") });
    assert.equal(big.statusCode, 400);
    assert.equal((await checkRow(h, c.uuid)).n_pings, 0);
    const ok = await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: Buffer.alloc(2_000_000, "x") });
    assert.equal(ok.statusCode, 200);
  });

  it("turns non-POST pings to a POST-only check into ignored pings that still answer OK", async () => {
    const c = await createCheckVia(h, { methods: "POST" });
    const res = await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    assert.equal(res.statusCode, 200);
    const row = await checkRow(h, c.uuid);
    assert.equal(row.status, "new");
    assert.equal(row.last_ping, null);
    assert.equal(row.n_pings, 1);
    assert.equal((await pingsOf(c.uuid))[0].type, "ign");
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}` });
    assert.equal((await checkRow(h, c.uuid)).status, "up");
  });

  it("reclassifies by body keywords, overriding /fail, /start, /log and exit codes", async () => {
    const c = await createCheckVia(h, { filter_http_body: true, success_kw: "done, ok", failure_kw: "ERROR", start_kw: "begin" });
    const send = (suffix: string, payload: string) => h.app.inject({ method: "POST", url: `/ping/${c.uuid}${suffix}`, payload });
    await send("/fail", "all ok here");
    await send("", "an ERROR occurred");
    await send("/log", "about to begin");
    await send("/0", "error in lowercase");
    const types = (await pingsOf(c.uuid)).map((p: any) => p.type);
    assert.deepEqual(types, ["ign", "start", "fail", "success"]);
    const d = await createCheckVia(h, { filter_http_body: true, success_kw: "ok", filter_default_fail: true });
    await h.app.inject({ method: "POST", url: `/ping/${d.uuid}`, payload: "nothing" });
    assert.equal((await checkRow(h, d.uuid)).status, "down");
  });

  it("matches keywords in a body that is not UTF-8 instead of failing", async () => {
    const c = await createCheckVia(h, { filter_http_body: true, success_kw: "fine" });
    const res = await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: Buffer.concat([Buffer.from([0xc3, 0x28]), Buffer.from(" fine")]) });
    assert.equal(res.statusCode, 200);
    assert.equal((await checkRow(h, c.uuid)).status, "up");
  });

  it("ignores pings to a paused check with manual resume, start and log included", async () => {
    const c = await createCheckVia(h, { manual_resume: true });
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    for (const suffix of ["", "/start", "/fail", "/log"]) await h.app.inject({ method: "GET", url: `/ping/${c.uuid}${suffix}` });
    const row = await checkRow(h, c.uuid);
    assert.equal(row.status, "paused");
    assert.equal(row.last_start, null);
    assert.deepEqual((await pingsOf(c.uuid)).map((p: any) => p.type), ["ign", "ign", "ign", "ign"]);
  });

  it("un-pauses a paused check without manual resume, to down on a failure", async () => {
    const c = await createCheckVia(h);
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    assert.equal((await checkRow(h, c.uuid)).status, "down");
  });

  it("records method, user agent, scheme and socket address, ignoring proxy headers by default", async () => {
    const c = await createCheckVia(h);
    await h.app.inject({
      method: "GET",
      url: `/ping/${c.uuid}`,
      remoteAddress: "10.1.2.3",
      headers: { "user-agent": "x".repeat(250), "x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https" },
    });
    const [p] = await pingsOf(c.uuid);
    assert.equal(p.remote_addr, "10.1.2.3");
    assert.equal(p.scheme, "http");
    assert.equal(p.ua.length, 200);
  });

  it("keeps every acknowledged ping of a burst (group commit)", async () => {
    const c = await createCheckVia(h);
    const results = await Promise.all(Array.from({ length: 220 }, (_, i) => h.app.inject({ method: "GET", url: `/ping/${c.uuid}${i % 2 ? "/log" : ""}` })));
    assert.ok(results.every((r) => r.statusCode === 200));
    const row = await checkRow(h, c.uuid);
    assert.equal(row.n_pings, 220);
    const ns = (await h.deps.db.selectFrom("pings").select("n").where("check_id", "=", row.id).orderBy("n").execute()).map((r) => r.n);
    // The 200th ping pruned down to the newest 100; 20 more came after.
    assert.equal(ns.length, 120);
    assert.equal(ns[0], 101);
    assert.equal(ns[119], 220);
  });
});
