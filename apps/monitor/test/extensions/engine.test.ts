// The status engine with the extensions, at exact instants through the fake clock: pings go
// through the ping API (the batched hot path), deadlines through the alert worker.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { call, checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("the status engine with failure thresholds and run durations", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const T0 = Date.parse("2020-01-01T00:00:00Z");
  const at = (ms: number) => h.clock.set(new Date(ms));
  const sendPing = async (uuid: string, path = "", body?: string) => {
    const res = await h.app.inject({ method: body === undefined ? "GET" : "POST", url: `/ping/${uuid}${path}`, payload: body });
    assert.equal(res.statusCode, 200, res.body);
  };
  const status = async (uuid: string) => (await call(h.app, "GET", `/api/v3/checks/${uuid}`, { key: h.keys.api_key })).json.status;
  const flips = async (uuid: string) => {
    const id = (await checkRow(h, uuid)).id;
    const rows = await h.deps.db.selectFrom("flips").select(["created", "old_status", "new_status", "reason"]).where("check_id", "=", id).orderBy("id").execute();
    return rows.map((f) => ({ ...f, created: Number(f.created) }));
  };
  // Each test starts at T0 with the clock it needs, and pauses its check when done so that
  // later tests' clock moves leave it alone.
  const fresh = async (body: Record<string, unknown>) => {
    at(T0);
    return createCheckVia(h, body);
  };
  const quiet = (uuid: string) => call(h.app, "POST", `/api/v3/checks/${uuid}/pause`, { key: h.keys.api_key });

  it("stays up through failure signals below the threshold and goes down at the Nth", async () => {
    const c = await fresh({ name: "t3", timeout: 3600, grace: 60, fail_threshold: 3 });
    await sendPing(c.uuid);
    at(T0 + 10_000);
    await sendPing(c.uuid, "/fail");
    assert.equal(await status(c.uuid), "up");
    at(T0 + 20_000);
    await sendPing(c.uuid, "/fail");
    assert.equal(await status(c.uuid), "up");
    assert.equal((await checkRow(h, c.uuid)).fail_count, 2);
    at(T0 + 30_000);
    await sendPing(c.uuid, "/fail");
    assert.equal(await status(c.uuid), "down");
    assert.deepEqual((await flips(c.uuid)).at(-1), { created: T0 + 30_000, old_status: "up", new_status: "down", reason: "fail" });
    await quiet(c.uuid);
  });

  it("resets the count on a success", async () => {
    const c = await fresh({ name: "reset", timeout: 3600, grace: 60, fail_threshold: 2 });
    await sendPing(c.uuid, "/fail");
    await sendPing(c.uuid);
    assert.equal((await checkRow(h, c.uuid)).fail_count, 0);
    await sendPing(c.uuid, "/fail");
    assert.equal(await status(c.uuid), "up");
    await sendPing(c.uuid, "/fail");
    assert.equal(await status(c.uuid), "down");
    await quiet(c.uuid);
  });

  it("counts missed deadlines: down only at the Nth, flipped by the worker at that exact instant", async () => {
    const c = await fresh({ name: "missed", timeout: 60, grace: 60, fail_threshold: 3 });
    await sendPing(c.uuid);
    at(T0 + 120_000); // the first deadline
    assert.equal(await status(c.uuid), "up");
    assert.equal((await runAlertCycle(h.deps)).down, 0);
    at(T0 + 180_000 - 1); // just before the second
    assert.equal(await status(c.uuid), "up");
    at(T0 + 180_000); // the third run is due: its grace period starts
    assert.equal(await status(c.uuid), "grace");
    assert.equal((await runAlertCycle(h.deps)).down, 0);
    at(T0 + 240_000 - 1);
    assert.equal(await status(c.uuid), "grace");
    at(T0 + 240_000); // last ping + 3 × timeout + grace
    assert.equal(await status(c.uuid), "down");
    at(T0 + 240_001);
    assert.equal((await runAlertCycle(h.deps)).down, 1);
    assert.deepEqual((await flips(c.uuid)).at(-1), { created: T0 + 240_000, old_status: "up", new_status: "down", reason: "timeout" });
    await quiet(c.uuid);
  });

  it("counts failure signals and missed deadlines together", async () => {
    const c = await fresh({ name: "both", timeout: 60, grace: 60, fail_threshold: 2 });
    await sendPing(c.uuid);
    at(T0 + 5_000);
    await sendPing(c.uuid, "/fail"); // one failure; one missed run more is the second
    assert.equal(await status(c.uuid), "up");
    at(T0 + 65_000);
    assert.equal(await status(c.uuid), "grace");
    at(T0 + 125_000 - 1);
    assert.equal(await status(c.uuid), "grace");
    at(T0 + 125_000);
    assert.equal(await status(c.uuid), "down");
    await quiet(c.uuid);
  });

  it("treats a run shorter than min_duration as a failure, and a long enough one as a success", async () => {
    const c = await fresh({ name: "backup", timeout: 3600, grace: 600, min_duration: 60 });
    await sendPing(c.uuid, "/start");
    at(T0 + 60_000);
    await sendPing(c.uuid);
    assert.equal(await status(c.uuid), "up");
    at(T0 + 100_000);
    await sendPing(c.uuid, "/start");
    at(T0 + 100_000 + 59_999);
    await sendPing(c.uuid);
    assert.equal(await status(c.uuid), "down");
    assert.deepEqual((await flips(c.uuid)).at(-1), { created: T0 + 159_999, old_status: "up", new_status: "down", reason: "too_fast" });
    const check = (await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key })).json;
    assert.equal(check.last_duration, 59);
    await quiet(c.uuid);
  });

  it("does not judge a success without a start by its duration", async () => {
    const c = await fresh({ name: "nostart", timeout: 3600, grace: 600, min_duration: 60 });
    await sendPing(c.uuid);
    await sendPing(c.uuid);
    assert.equal(await status(c.uuid), "up");
    await quiet(c.uuid);
  });

  it("takes a run past max_duration down before its grace period ends, at that exact instant", async () => {
    const c = await fresh({ name: "overrun", timeout: 86400, grace: 3600, max_duration: 120 });
    await sendPing(c.uuid);
    at(T0 + 1000);
    await sendPing(c.uuid, "/start");
    at(T0 + 121_000 - 1);
    assert.equal(await status(c.uuid), "up");
    assert.equal((await runAlertCycle(h.deps)).down, 0);
    at(T0 + 121_000);
    assert.equal(await status(c.uuid), "down");
    at(T0 + 121_001);
    assert.equal((await runAlertCycle(h.deps)).down, 1);
    assert.deepEqual((await flips(c.uuid)).at(-1), { created: T0 + 121_000, old_status: "up", new_status: "down", reason: "overrun" });
    await sendPing(c.uuid);
    assert.equal(await status(c.uuid), "up");
    await quiet(c.uuid);
  });

  it("fails a success ping whose body matches the pattern, reading only the body's first 8 KB", async () => {
    const c = await fresh({ name: "logs", timeout: 3600, grace: 600, body_regex: "ERROR|FATAL" });
    await sendPing(c.uuid, "", "backup done\n42 files");
    assert.equal(await status(c.uuid), "up");
    await sendPing(c.uuid, "", `${"x".repeat(9000)}\nERROR late in a long log`);
    assert.equal(await status(c.uuid), "up");
    await sendPing(c.uuid, "", "copying\nERROR: disk full\n");
    assert.equal(await status(c.uuid), "down");
    assert.equal((await flips(c.uuid)).at(-1)!.reason, "body");
    await sendPing(c.uuid, "", "all good again");
    assert.equal(await status(c.uuid), "up");
    await quiet(c.uuid);
  });

  it("answers a hostile body for the most expensive pattern it accepts quickly", async () => {
    const c = await fresh({ name: "hostile", timeout: 3600, grace: 600, body_regex: "a?a?a.*b" });
    const started = process.hrtime.bigint();
    await sendPing(c.uuid, "", "a".repeat(100_000));
    // Not a timing test: the backtracking that would take minutes on 100 KB in one line must not happen.
    assert.ok(Number(process.hrtime.bigint() - started) / 1e9 < 5);
    assert.equal(await status(c.uuid), "up");
    await quiet(c.uuid);
  });
});
