import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, checkRow, createCheckVia, integration, ping, secondProject, startHarness, type Harness } from "../helpers.js";

describe("POST /api/v3/checks/<uuid>", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const update = (uuid: string, body: unknown, version = 3, key = h.keys.api_key) => call(h.app, "POST", `/api/v${version}/checks/${uuid}`, { key, body });

  it("changes only the fields sent", async () => {
    const c = await createCheckVia(h, { name: "a", tags: "t1", desc: "d", timeout: 600 });
    const res = await update(c.uuid, { tags: "t2" });
    assert.equal(res.status, 200);
    assert.equal(res.json.tags, "t2");
    assert.equal(res.json.name, "a");
    assert.equal(res.json.desc, "d");
    assert.equal(res.json.timeout, 600);
  });

  it("lets a schedule win over a timeout and does not save the timeout", async () => {
    const c = await createCheckVia(h, { timeout: 600 });
    const res = await update(c.uuid, { schedule: "0 5 * * *", timeout: 900 });
    assert.equal(res.json.schedule, "0 5 * * *");
    assert.equal((await checkRow(h, c.uuid)).timeout, 600);
    const back = await update(c.uuid, { timeout: 900 });
    assert.equal(back.json.timeout, 900);
    assert.equal("schedule" in back.json, false);
  });

  it("keeps a custom slug when v1 and v2 receive the current name again", async () => {
    const c = await createCheckVia(h, { name: "Same", slug: "custom" });
    assert.equal((await update(c.uuid, { name: "Same" }, 1)).json.slug, "custom");
    assert.equal((await update(c.uuid, { name: "New Name" }, 2)).json.slug, "new-name");
    assert.equal((await update(c.uuid, { name: "Other" }, 3)).json.slug, "new-name");
  });

  it("replaces, clears and keeps integrations", async () => {
    const ch = await integration(h, "Pager");
    const c = await createCheckVia(h, { channels: "Pager" });
    assert.equal((await update(c.uuid, { desc: "x" })).json.channels, ch.uuid);
    assert.equal((await update(c.uuid, { channels: "" })).json.channels, "");
    assert.equal((await update(c.uuid, { channels: "*" })).json.channels, ch.uuid);
  });

  it("saves nothing when an integration identifier is bad", async () => {
    const c = await createCheckVia(h, { name: "keep" });
    const res = await update(c.uuid, { name: "changed", channels: "missing" });
    assert.deepEqual(res.json, { error: "invalid channel identifier: missing" });
    assert.equal((await checkRow(h, c.uuid)).name, "keep");
  });

  it("clears a keyword with an empty legacy subject and turns the filter off", async () => {
    const c = await createCheckVia(h, { subject: "OK" });
    const res = await update(c.uuid, { subject: "" });
    assert.equal(res.json.success_kw, "");
    assert.equal(res.json.filter_subject, false);
  });

  it("recomputes the alert deadline when the timeout changes", async () => {
    const c = await createCheckVia(h, { timeout: 3600, grace: 60 });
    await ping(h, c.uuid);
    await update(c.uuid, { timeout: 7200 });
    const row = await checkRow(h, c.uuid);
    assert.equal(row.alert_after, row.last_ping! + (7200 + 60) * 1000);
  });

  it("answers 404 for an unknown check and 403 for another project's", async () => {
    const res = await update("6e2c5a1c-0000-4000-8000-000000000000", {});
    assert.equal(res.status, 404);
    const other = await secondProject(h);
    const theirs = await call(h.app, "POST", "/api/v3/checks/", { key: other.api_key, body: {} });
    const forbidden = await update(theirs.json.uuid, { name: "mine" });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.text, "");
  });

  it("looks the check up before validating the body", async () => {
    const res = await update("6e2c5a1c-0000-4000-8000-000000000000", { timeout: 1 });
    assert.equal(res.status, 404);
  });

  it("reports validation errors like create does", async () => {
    const c = await createCheckVia(h, {});
    assert.deepEqual((await update(c.uuid, { grace: 31536001 })).json, { error: "json validation error: grace is too large" });
  });

  it("ignores unique on update", async () => {
    const c = await createCheckVia(h, { name: "u" });
    const res = await update(c.uuid, { name: "u", unique: ["name"] });
    assert.equal(res.status, 200);
    assert.equal(res.json.uuid, c.uuid);
  });
});
