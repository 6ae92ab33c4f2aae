import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, integration, secondProject, startHarness, type Harness } from "../helpers.js";

describe("GET /api/v3/channels/", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("lists the project's integrations with id, name and kind", async () => {
    const a = await integration(h, "Ops mail", "email");
    const b = await integration(h, "Hook", "webhook");
    const res = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {
      channels: [
        { id: a.uuid, name: "Ops mail", kind: "email" },
        { id: b.uuid, name: "Hook", kind: "webhook" },
      ],
    });
  });

  it("shows no other project's integrations", async () => {
    const other = await secondProject(h);
    const res = await call(h.app, "GET", "/api/v3/channels/", { key: other.api_key });
    assert.deepEqual(res.json, { channels: [] });
  });

  it("needs the read-write key and refuses POST", async () => {
    assert.equal((await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key_readonly })).status, 401);
    assert.equal((await call(h.app, "POST", "/api/v3/channels/", { key: h.keys.api_key })).status, 405);
  });

  it("redirects the slashless URL the client library uses", async () => {
    const res = await call(h.app, "GET", "/api/v3/channels", { key: h.keys.api_key });
    assert.equal(res.status, 301);
    assert.equal(res.headers.location, "/api/v3/channels/");
  });
});
