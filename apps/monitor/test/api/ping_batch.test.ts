// Pings written in batches (group commit on both databases): a burst over many checks at once
// must leave each check exactly as the same pings one after another would.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("a burst of pings over many checks", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("counts, orders and flips every check's pings as if one by one", async () => {
    const checks = await Promise.all(Array.from({ length: 40 }, (_, i) => createCheckVia(h, { name: `burst ${i}` })));
    // Per check, in this order: start (rid A), success (rid A), fail, success; all 160 in flight at once.
    const rid = "00000000-0000-4000-8000-000000000001";
    const suffixes = [`/start?rid=${rid}`, `?rid=${rid}`, "/fail", ""];
    const results = await Promise.all(
      suffixes.flatMap((suffix, step) => checks.map(async (c) => {
        // Each step waits for the check's previous one: order within a check is the client's.
        await new Promise((r) => setTimeout(r, step * 30));
        return h.app.inject({ method: "GET", url: `/ping/${c.uuid}${suffix}` });
      })),
    );
    assert.ok(results.every((r) => r.statusCode === 200));
    for (const c of checks) {
      const row = await checkRow(h, c.uuid);
      assert.equal(row.n_pings, 4);
      assert.equal(row.status, "up");
      assert.equal(row.last_start, null);
      const pings = await h.deps.db.selectFrom("pings").select(["n", "kind", "rid"]).where("check_id", "=", row.id).orderBy("id").execute();
      assert.deepEqual(pings.map((p) => [p.n, p.kind]), [[1, "start"], [2, null], [3, "fail"], [4, null]]);
      const flips = await h.deps.db.selectFrom("flips").select(["old_status", "new_status"]).where("check_id", "=", row.id).orderBy("id").execute();
      assert.deepEqual(flips.map((f) => [f.old_status, f.new_status]), [["new", "up"], ["up", "down"], ["down", "up"]]);
    }
  });

  it("answers an unknown check 404 without failing the pings batched with it", async () => {
    const c = await createCheckVia(h, { name: "known" });
    const unknown = "00000000-0000-4000-8000-00000000dead";
    const results = await Promise.all([c.uuid, unknown, c.uuid].map((u) => h.app.inject({ method: "GET", url: `/ping/${u}` })));
    assert.deepEqual(results.map((r) => r.statusCode), [200, 404, 200]);
    assert.equal((await checkRow(h, c.uuid)).n_pings, 2);
  });
});
