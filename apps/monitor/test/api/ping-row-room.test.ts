// On PostgreSQL a ping rewrites its check's row, and the new row version must fit on the same
// page (a heap-only update, which writes none of the table's indexes): `checks` is filled to
// 70% so that it does (migration 006). SQLite updates rows in place; nothing to test there.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { newCheckRow } from "../../src/actions/checks.js";
import { startHarness, type Harness } from "../helpers.js";

const postgres = /^postgres(ql)?:/.test(process.env.TEST_DATABASE_URL ?? "");

describe("room for a ping's new row version (PostgreSQL)", { skip: !postgres && "PostgreSQL only" }, () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  /** The page (block number) a check's current row version lives on. */
  async function pageOf(uuid: string): Promise<number> {
    const { rows } = await sql<{ page: string }>`SELECT (ctid::text::point)[0]::bigint AS page FROM checks WHERE uuid = ${uuid}`.execute(h.deps.db);
    return Number(rows[0]!.page);
  }

  it("keeps a pinged check's row on its page, even among checks inserted packed", async () => {
    // Enough checks, inserted at once, to fill several pages as full as the table lets them be.
    const rows = Array.from({ length: 200 }, (_, i) => ({ ...newCheckRow(h.project, h.clock.now().getTime()), name: `packed ${i}` }));
    await h.deps.db.insertInto("checks").values(rows).execute();
    const first = rows[0]!.uuid;
    const page = await pageOf(first);
    const { rows: full } = await sql<{ n: string }>`SELECT count(*) AS n FROM checks WHERE (ctid::text::point)[0]::bigint = ${page}`.execute(h.deps.db);
    assert.ok(Number(full[0]!.n) > 5, "the page holds many checks");

    for (let i = 0; i < 3; i++) {
      h.clock.advance(60_000);
      const res = await h.app.inject({ method: "GET", url: `/ping/${first}` });
      assert.equal(res.body, "OK");
    }
    assert.equal(await pageOf(first), page);
  });
});
