import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, checkRow, createCheckVia, ping, startHarness, type Harness } from "../helpers.js";

describe("GET /badge/… and /b/…", () => {
  let h: Harness;
  let badges: Record<string, Record<string, string>>;
  let late: any;
  before(async () => {
    h = await startHarness();
    await ping(h, (await createCheckVia(h, { name: "ok", tags: "prod db@dc1" })).uuid);
    late = await createCheckVia(h, { name: "", tags: "prod", timeout: 60, grace: 3600 });
    await ping(h, late.uuid);
    h.clock.advanceSeconds(120); // the second check is now in its grace period
    badges = (await call(h.app, "GET", "/api/v3/badges/", { key: h.keys.api_key })).json.badges;
  });
  after(() => h.close());

  const get = (url: string) => call(h.app, "GET", new URL(url).pathname);

  it("serves a three-state JSON badge that shows late checks", async () => {
    const res = await get(badges.prod.json3);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { status: "late", total: 2, grace: 1, down: 0 });
    assert.match(String(res.headers["cache-control"]), /no-cache/);
    assert.equal(res.headers["access-control-allow-origin"], "*");
  });

  it("counts grace as up in the two-state badge", async () => {
    assert.deepEqual((await get(badges.prod.json)).json, { status: "up", total: 2, grace: 1, down: 0 });
  });

  it("serves shields.io endpoint JSON, labelled with the tag or the site name", async () => {
    assert.deepEqual((await get(badges.prod.shields3)).json, { schemaVersion: 1, label: "prod", message: "late", color: "important" });
    assert.deepEqual((await get(badges["*"].shields)).json, { schemaVersion: 1, label: "Mychecks", message: "up", color: "success" });
  });

  it("decodes a doubly encoded tag", async () => {
    assert.deepEqual((await get(badges["db@dc1"].json3)).json, { status: "up", total: 1, grace: 0, down: 0 });
  });

  it("draws an SVG with the status colour", async () => {
    const res = await get(badges.prod.svg3);
    assert.equal(res.headers["content-type"], "image/svg+xml");
    assert.match(res.text, /^<svg /);
    assert.match(res.text, /#fe7d37/);
    assert.match(res.text, />late<\/text>/);
  });

  it("answers 404 for a bad signature or an unknown format", async () => {
    const url = new URL(badges.prod.json3);
    assert.equal((await call(h.app, "GET", url.pathname.replace(/\/badge\/([^/]+)\/[^/]+\//, "/badge/$1/AAAAAAAA/"))).status, 404);
    assert.equal((await call(h.app, "GET", url.pathname.replace(/\.json$/, ".png"))).status, 404);
  });

  it("refuses HEAD and POST like the CORS wrapper does", async () => {
    assert.equal((await call(h.app, "HEAD", new URL(badges.prod.svg).pathname)).status, 405);
    assert.equal((await call(h.app, "POST", new URL(badges.prod.svg).pathname)).status, 405);
  });

  it("serves per-check badges, labelled with the name or else the UUID", async () => {
    const row = await checkRow(h, late.uuid);
    assert.deepEqual((await call(h.app, "GET", `/b/3/${row.badge_key}.json`)).json, { status: "late", total: 1, grace: 1, down: 0 });
    assert.deepEqual((await call(h.app, "GET", `/b/2/${row.badge_key}.json`)).json, { status: "up", total: 1, grace: 1, down: 0 });
    assert.equal((await call(h.app, "GET", `/b/2/${row.badge_key}.shields`)).json.label, late.uuid);
    assert.equal((await call(h.app, "GET", `/b/2/00000000-0000-4000-8000-000000000000.svg`)).status, 404);
  });

  it("links each check's badge_url to a working badge", async () => {
    const res = await call(h.app, "GET", new URL(late.badge_url).pathname);
    assert.equal(res.status, 200);
    assert.match(res.text, /<svg/);
  });
});
