import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { PING_CHECK_COLUMNS } from "../../src/lib/pingPlan.js";
import { SqlitePingStore } from "../../src/store/sqlitePings.js";
import { checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("the SQLite ping store", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("reads every column the ping rules need, each under its own name", async (t) => {
    if (!h.deps.sqlite) return t.skip("SQLite only");
    const store = new SqlitePingStore(h.deps.sqlite);
    // Distinct values in every column, so a column read into the wrong field shows.
    const c = await createCheckVia(h, {
      schedule: "*/5 * * * *", tz: "Europe/Riga", grace: 120, methods: "POST", manual_resume: true,
      success_kw: "ok", failure_kw: "fail", start_kw: "go", filter_body: true, filter_default_fail: true,
    });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}/start?rid=1b3c2bd0-3a4b-4c69-9f3e-0d2f4b3f6a11` });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}`, payload: "ok" });
    const row = await checkRow(h, c.uuid);
    const expected = Object.fromEntries(PING_CHECK_COLUMNS.map((col) => [col, row[col]]));
    assert.deepEqual(store.findByUuid(c.uuid), expected);
    assert.deepEqual(store.findById(row.id), expected);
    assert.equal(store.findByUuid("00000000-0000-4000-8000-000000000000"), undefined);
  });
});
