import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { alertAfter, computeStatus, graceStart, statusStableUntil, type CheckTiming } from "../../src/lib/status.js";

const T0 = Date.parse("2020-01-01T00:00:00Z");
const minutes = (n: number) => n * 60_000;

function check(overrides: Partial<CheckTiming>): CheckTiming {
  return { status: "up", kind: "simple", timeout: 3600, grace: 600, schedule: "* * * * *", tz: "UTC", last_ping: T0, last_start: null, ...overrides };
}

describe("computeStatus", () => {
  it("moves an up check through grace to down as time passes", () => {
    const c = check({});
    assert.equal(computeStatus(c, T0 + minutes(59)), "up");
    assert.equal(computeStatus(c, T0 + minutes(60)), "grace");
    assert.equal(computeStatus(c, T0 + minutes(70) - 1), "grace");
    assert.equal(computeStatus(c, T0 + minutes(70)), "down");
  });

  it("reports new, paused and down as stored", () => {
    for (const status of ["new", "paused", "down"] as const) {
      assert.equal(computeStatus(check({ status, last_ping: null }), T0 + minutes(1000)), status);
    }
  });

  it("shows started only in v1, while a start is within its grace", () => {
    const c = check({ status: "new", last_ping: null, last_start: T0 });
    assert.equal(computeStatus(c, T0 + minutes(5), true), "started");
    assert.equal(computeStatus(c, T0 + minutes(5), false), "new");
  });

  it("forces down when a start outlives the grace period, even for new and paused checks", () => {
    for (const status of ["new", "paused", "up"] as const) {
      assert.equal(computeStatus(check({ status, last_start: T0 }), T0 + minutes(10), true), "down");
    }
  });
});

describe("graceStart (next_ping) and alertAfter", () => {
  it("is last ping plus timeout for an up simple check", () => {
    assert.equal(graceStart(check({})), T0 + minutes(60));
    assert.equal(alertAfter(check({})), T0 + minutes(70));
  });

  it("is null for new, paused and down checks without a pending start", () => {
    for (const status of ["new", "paused", "down"] as const) assert.equal(graceStart(check({ status })), null);
  });

  it("is the pending start for new and paused checks", () => {
    assert.equal(graceStart(check({ status: "new", last_ping: null, last_start: T0 + 5 })), T0 + 5);
    assert.equal(alertAfter(check({ status: "paused", last_start: T0 })), T0 + minutes(10));
  });

  it("is the earlier of the schedule and a pending start for up checks", () => {
    assert.equal(graceStart(check({ last_start: T0 + minutes(30) })), T0 + minutes(30));
    assert.equal(graceStart(check({ last_start: T0 + minutes(90) })), T0 + minutes(60));
  });

  it("is null for a stored down check even with a pending start", () => {
    assert.equal(graceStart(check({ status: "down", last_start: T0 })), null);
  });

  it("follows a cron schedule in the check's time zone", () => {
    const c = check({ kind: "cron", schedule: "30 3 * * *", tz: "Europe/Riga", last_ping: Date.parse("2021-03-27T02:00:00Z") });
    // compat: 03:30 falls in the spring-forward gap and fires at the first valid minute.
    assert.equal(graceStart(c), Date.parse("2021-03-28T01:00:00Z"));
  });
});

describe("statusStableUntil", () => {
  // Every instant from `now` up to the answer has the same status (a later answer would let a
  // cache serve a stale status; an earlier one only costs a recomputation).
  function assertStableUntil(c: CheckTiming, now: number, withStarted: boolean) {
    const until = statusStableUntil(c, now);
    const at = computeStatus(c, now, withStarted);
    if (until === Infinity) {
      assert.equal(computeStatus(c, now + minutes(100_000), withStarted), at);
      return;
    }
    assert.ok(until > now);
    for (let t = now; t < until; t += Math.max(1, Math.floor((until - now) / 50))) assert.equal(computeStatus(c, t, withStarted), at, `at ${t - now} ms`);
    assert.equal(computeStatus(c, until - 1, withStarted), at);
  }

  it("ends where up turns grace, grace turns down, and a start outlives its grace", () => {
    const cases: CheckTiming[] = [
      check({}),
      check({ last_start: T0 + minutes(30) }),
      check({ status: "new", last_ping: null, last_start: T0 }),
      check({ status: "paused", last_start: T0 }),
      check({ kind: "cron", schedule: "*/15 * * * *", timeout: 0 }),
      check({ status: "down" }),
      check({ status: "new", last_ping: null }),
    ];
    assert.equal(statusStableUntil(check({}), T0), T0 + minutes(60));
    assert.equal(statusStableUntil(check({}), T0 + minutes(60)), T0 + minutes(70));
    assert.equal(statusStableUntil(check({ status: "down" }), T0), Infinity);
    for (const c of cases) {
      for (const offset of [0, 1, 59, 60, 65, 70, 95, 200]) {
        for (const withStarted of [false, true]) assertStableUntil(c, T0 + minutes(offset), withStarted);
      }
    }
  });
});
