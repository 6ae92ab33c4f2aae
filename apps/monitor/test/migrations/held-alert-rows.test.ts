// Migration 015: `held_alerts` made again (SQLite: `flip_id` as the row id) and its release
// index kept to open holds of a window. Run again on a database holding every kind of hold:
// each row comes through as it was, and the worker still finds the next release.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { heldAlertRows } from "../../src/migrations/015_held_alert_rows.js";
import { nextRelease } from "../../src/store/held-alerts.js";
import { checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("migration 015: held alerts keyed by their flip", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("keeps every hold and the earliest open release", async () => {
    const db = h.deps.db;
    const checkId = (await checkRow(h, (await createCheckVia(h, { name: "held" })).uuid)).id;
    const flip = async (created: number) =>
      (await db.insertInto("flips").values({ check_id: checkId, created, old_status: "up", new_status: "down", reason: "", processed: created }).returning("id").executeTakeFirstOrThrow()).id;
    const window = { window_uuid: "00000000-0000-4000-8000-000000000001", window_label: "deploys" };
    const holds = [
      { flip_id: await flip(1000), check_id: checkId, dependency_name: "router", dependency_uuid: "00000000-0000-4000-8000-000000000000", window_uuid: null, window_label: null, release_at: null, released: 2000 },
      { flip_id: await flip(3000), check_id: checkId, dependency_name: null, dependency_uuid: null, ...window, release_at: 4000, released: 4000 },
      { flip_id: await flip(5000), check_id: checkId, dependency_name: null, dependency_uuid: null, ...window, release_at: 9000, released: null },
      { flip_id: await flip(6000), check_id: checkId, dependency_name: "router", dependency_uuid: "00000000-0000-4000-8000-000000000000", window_uuid: null, window_label: null, release_at: null, released: null },
    ];
    await db.insertInto("held_alerts").values(holds).execute();

    await heldAlertRows(h.deps.dialect).up(db);
    const rows = await db.selectFrom("held_alerts").selectAll().orderBy("flip_id").execute();
    assert.deepEqual(rows.map((r) => ({ ...r, flip_id: Number(r.flip_id), check_id: Number(r.check_id), release_at: r.release_at === null ? null : Number(r.release_at), released: r.released === null ? null : Number(r.released) })), holds);
    assert.equal(await nextRelease(db), 9000);
  });
});
