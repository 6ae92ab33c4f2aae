// Loading extension data for more checks than SQLite binds values in one statement (32,766),
// as listing a project that large does: each check's dependencies and integrations load in
// slices, where one `IN (…)` of every id failed ("too many SQL variables"). Asked of the store
// directly with that many ids (most of them no check's), so the test stays fast.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { channelUuidsByCheck } from "../../src/store/channels.js";
import { dependencyUuidsByCheck, downDependencies } from "../../src/store/dependencies.js";
import { applicableWindows, ownWindowsByCheck } from "../../src/store/maintenance.js";
import { checkRow, createCheckVia, integration, startHarness, type Harness } from "../helpers.js";

const IDS = 40_000;

describe("extension data of more than 32,766 checks at once", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("loads dependencies, integrations and windows of every check asked for", async () => {
    const channel = await integration(h, "Ops mail");
    const root = await createCheckVia(h, { name: "root" });
    const leaf = await createCheckVia(h, { name: "leaf", depends_on: root.uuid, channels: channel.uuid, maintenance: [{ schedule: "0 3 * * *", duration: 3600 }] });
    const leafId = (await checkRow(h, leaf.uuid)).id;
    await h.deps.db.updateTable("checks").set({ status: "down" }).where("uuid", "=", root.uuid).execute();
    // The leaf's id last, past the first 32,766.
    const ids = [...Array.from({ length: IDS }, (_, i) => 1_000_000 + i), leafId];

    assert.deepEqual((await dependencyUuidsByCheck(h.deps.db, ids)).get(leafId), [root.uuid]);
    assert.equal((await downDependencies(h.deps.db, ids)).at(-1)?.uuid, root.uuid);
    if (h.deps.sqlite) assert.equal((await downDependencies(h.deps.db, ids, h.deps.sqlite)).at(-1)?.uuid, root.uuid);
    assert.deepEqual((await channelUuidsByCheck(h.deps.db, ids)).get(leafId), [channel.uuid]);
    assert.equal((await ownWindowsByCheck(h.deps.db, ids)).get(leafId)?.length, 1);
    assert.equal((await applicableWindows(h.deps.db, ids, 0)).get(leafId)?.length, 1);
  });
});
