import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { compileBodyRegex } from "../../src/lib/body-regex.js";
import { BODY_REGEX, FAIL_THRESHOLD, MAX_DURATION, PING_ROW_COLUMNS, PINGED_COLUMNS, type PingRow } from "../../src/lib/ping-plan.js";
import { readChecksForPings, writePingBatch } from "../../src/store/postgres-pings.js";
import { checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("the PostgreSQL ping batch", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("reads a check with the rules its settings derive", async (t) => {
    if (h.deps.dialect !== "postgres") return t.skip("PostgreSQL only");
    const c = await createCheckVia(h, { timeout: 3600, fail_threshold: 3, max_duration: 60, body_regex: "ERR" });
    const [check] = await readChecksForPings(h.deps.db, [c.uuid], []);
    assert.equal(check!.extensions, BODY_REGEX | FAIL_THRESHOLD | MAX_DURATION);
    assert.deepEqual(check!.bodyPattern, compileBodyRegex("ERR"));
  });

  it("writes each field and each ping column to its own column", async (t) => {
    if (h.deps.dialect !== "postgres") return t.skip("PostgreSQL only");
    const c = await createCheckVia(h, { timeout: 3600 });
    const [check] = await readChecksForPings(h.deps.db, [c.uuid], []);
    // Distinct values everywhere, so a value bound to the wrong column shows.
    const fields = { n_pings: 7, last_ping: 1_001, last_start: 1_002, last_start_rid: "rid", last_duration: 1_003, status: "down" as const, fail_count: 4, alert_after: 1_005 };
    const ping: PingRow = {
      check_id: check!.id, n: 7, created: 2_001, kind: "fail", scheme: "https", remote_addr: "192.0.2.1", method: "PUT", ua: "agent", body: Buffer.from("body"), exitstatus: 3, rid: "rid-2",
    };
    const written = await writePingBatch(h.deps.db, [{ id: check!.id, xmin: check!.xmin, ...fields }], [], [ping]);
    assert.equal(written.size, 1);
    const row = await checkRow(h, c.uuid);
    assert.deepEqual(Object.fromEntries(PINGED_COLUMNS.map((col) => [col, row[col]])), fields);
    const stored = await h.deps.db.selectFrom("pings").selectAll().where("check_id", "=", check!.id).executeTakeFirstOrThrow();
    assert.deepEqual(Object.fromEntries(PING_ROW_COLUMNS.map((col) => [col, stored[col]])), ping);
  });
});
