// Migration 013: holds recorded before holds were closed (011's held_alerts had no `released`)
// are closed at the up flip that ended their downtime; the hold of a downtime still going on
// stays open. Its statement, run on a database holding both kinds.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { closedHolds } from "../../src/migrations/013_closed_holds.js";
import { checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("migration 013: closing the holds of ended downtimes", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("closes a hold a later up flip ended, at that flip's time, and leaves the others open", async () => {
    const db = h.deps.db;
    const flip = async (checkId: number, created: number, old_status: string, new_status: string) =>
      (await db.insertInto("flips").values({ check_id: checkId, created, old_status, new_status, reason: "", processed: created }).returning("id").executeTakeFirstOrThrow()).id;
    const ended = (await checkRow(h, (await createCheckVia(h, { name: "ended" })).uuid)).id;
    const ongoing = (await checkRow(h, (await createCheckVia(h, { name: "ongoing" })).uuid)).id;
    const endedDown = await flip(ended, 1000, "up", "down");
    await flip(ended, 2000, "down", "up");
    await flip(ended, 3000, "up", "down");
    const ongoingDown = await flip(ongoing, 1000, "up", "down");
    const dependency = { dependency_name: "router", dependency_uuid: "00000000-0000-4000-8000-000000000000" };
    await db.insertInto("held_alerts").values([{ flip_id: endedDown, check_id: ended, ...dependency }, { flip_id: ongoingDown, check_id: ongoing, ...dependency }]).execute();

    await closedHolds(h.deps.dialect).up(db);
    const rows = await db.selectFrom("held_alerts").select(["flip_id", "released"]).orderBy("flip_id").execute();
    assert.deepEqual(rows, [{ flip_id: endedDown, released: 2000 }, { flip_id: ongoingDown, released: null }]);
  });
});
