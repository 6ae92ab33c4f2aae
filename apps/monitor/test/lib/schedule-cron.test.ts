import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isValidCron, nextRun, upcomingRuns } from "../../src/lib/schedule/index.js";

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString().replace(".000Z", "Z"));
const runs = (expr: string, tz: string, after: string, count = 5): (string | null)[] =>
  upcomingRuns("cron", expr, tz, new Date(after), count).map(iso);

// Each row: expression, zone, last ping (UTC), expected runs (UTC). Expected values come from
// cronsim 2.7 as Healthchecks v4.3 runs it.
type Row = [string, string, string, string[]];

function table(rows: Row[]): void {
  for (const [expr, tz, after, expected] of rows) {
    assert.deepEqual(runs(expr, tz, after, expected.length), expected, `${expr} in ${tz} after ${after}`);
  }
}

describe("cron syntax", () => {
  it("fires strictly after the last ping, ignoring its fraction of a second", () => {
    table([
      ["* * * * *", "UTC", "2025-01-15T10:20:30.750Z", ["2025-01-15T10:21:00Z", "2025-01-15T10:22:00Z"]],
      ["* * * * *", "UTC", "2025-01-15T10:21:00Z", ["2025-01-15T10:22:00Z"]],
      ["0 0 * * *", "UTC", "2025-01-01T00:00:00Z", ["2025-01-02T00:00:00Z"]],
    ]);
  });

  it("steps from a lone start value up to the end of the field", () => {
    table([["5/15 * * * *", "UTC", "2025-01-15T10:20:30Z", ["2025-01-15T10:35:00Z", "2025-01-15T10:50:00Z", "2025-01-15T11:05:00Z"]]]);
  });

  it("reads Sunday as 0, 7 or a name in any case", () => {
    for (const dow of ["0", "7", "sun", "SUN"]) {
      table([[`0 12 * * ${dow}`, "UTC", "2025-01-15T10:20:30Z", ["2025-01-19T12:00:00Z", "2025-01-26T12:00:00Z"]]]);
    }
  });

  it("ORs day of month with day of week when neither starts with a star", () => {
    table([
      ["0 0 13 * FRI", "UTC", "2025-01-15T10:20:30Z", ["2025-01-17T00:00:00Z", "2025-01-24T00:00:00Z", "2025-01-31T00:00:00Z", "2025-02-07T00:00:00Z", "2025-02-13T00:00:00Z"]],
    ]);
  });

  it("ANDs day of month with day of week when either starts with a star", () => {
    table([["0 0 */2 * FRI", "UTC", "2025-01-15T10:20:30Z", ["2025-01-17T00:00:00Z", "2025-01-31T00:00:00Z", "2025-02-07T00:00:00Z", "2025-02-21T00:00:00Z"]]]);
  });

  it("finds the last day, the last weekday and the last Friday of each month", () => {
    table([
      ["0 0 L * *", "UTC", "2025-01-15T10:20:30Z", ["2025-01-31T00:00:00Z", "2025-02-28T00:00:00Z", "2025-03-31T00:00:00Z"]],
      ["0 0 LW * *", "UTC", "2025-05-15T00:00:00Z", ["2025-05-30T00:00:00Z", "2025-06-30T00:00:00Z", "2025-07-31T00:00:00Z", "2025-08-29T00:00:00Z"]],
      ["0 0 * * 5L", "UTC", "2025-01-15T10:20:30Z", ["2025-01-31T00:00:00Z", "2025-02-28T00:00:00Z", "2025-03-28T00:00:00Z"]],
    ]);
  });

  it("finds the n-th weekday of each month", () => {
    table([["0 0 * * FRI#3", "UTC", "2025-01-15T10:20:30Z", ["2025-01-17T00:00:00Z", "2025-02-21T00:00:00Z", "2025-03-21T00:00:00Z"]]]);
  });

  it("treats a step after L as plain L", () => {
    table([["0 0 L/5 * *", "UTC", "2025-01-15T10:20:30Z", ["2025-01-31T00:00:00Z", "2025-02-28T00:00:00Z"]]]);
  });

  it("skips months that lack the requested day", () => {
    table([["0 0 31 * *", "UTC", "2028-01-31T12:00:00Z", ["2028-03-31T00:00:00Z", "2028-05-31T00:00:00Z", "2028-07-31T00:00:00Z", "2028-08-31T00:00:00Z"]]]);
  });

  it("searches decades ahead for a rare date such as a fifth Monday in February", () => {
    table([["0 0 * 2 MON#5", "UTC", "2025-01-01T00:00:00Z", ["2044-02-29T00:00:00Z", "2072-02-29T00:00:00Z"]]]);
  });

  it("runs a six-field expression with seconds although validation only admits five fields", () => {
    table([["*/5 * * * * *", "UTC", "2025-01-01T00:00:00Z", ["2025-01-01T00:00:05Z", "2025-01-01T00:00:10Z"]]]);
    assert.equal(isValidCron("*/5 * * * * *"), false);
  });

  it("refuses an invalid Date instead of searching from it", () => {
    assert.throws(() => nextRun("cron", "* * * * *", "UTC", new Date(Number.NaN)), RangeError);
  });

  it("returns null for an expression that does not parse", () => {
    assert.equal(nextRun("cron", "61 * * * *", "UTC", new Date("2025-01-01T00:00:00Z")), null);
    assert.deepEqual(runs("61 * * * *", "UTC", "2025-01-01T00:00:00Z"), []);
  });
});

describe("cron in time zones", () => {
  it("evaluates in the check's zone, including half-hour and 45-minute offsets", () => {
    table([
      ["0 0 * * *", "Asia/Kolkata", "2025-06-10T18:00:00Z", ["2025-06-10T18:30:00Z", "2025-06-11T18:30:00Z"]],
      ["0 0 * * *", "Pacific/Chatham", "2025-09-27T00:00:00Z", ["2025-09-27T11:15:00Z", "2025-09-28T10:15:00Z"]],
    ]);
  });

  it("fires at the first valid minute after a spring-forward gap", () => {
    table([
      // Riga, 2025-03-30: 03:00 → 04:00 local.
      ["30 3 * * *", "Europe/Riga", "2025-03-29T23:00:00Z", ["2025-03-30T01:00:00Z", "2025-03-31T00:30:00Z"]],
      // New York, 2025-03-09: 02:00 → 03:00 local.
      ["30 2 * * *", "America/New_York", "2025-03-09T05:00:00Z", ["2025-03-09T07:00:00Z", "2025-03-10T06:30:00Z"]],
      // Sydney (southern hemisphere), 2025-10-05: 02:00 → 03:00 local.
      ["30 2 * * *", "Australia/Sydney", "2025-10-04T14:00:00Z", ["2025-10-04T16:00:00Z", "2025-10-05T15:30:00Z"]],
      // Chatham, 2025-09-28: 02:45 → 03:45 local.
      ["15 3 * * *", "Pacific/Chatham", "2025-09-27T12:00:00Z", ["2025-09-27T14:00:00Z", "2025-09-28T13:30:00Z"]],
    ]);
  });

  it("moves a midnight job to 01:00 on a day whose midnight is skipped", () => {
    // São Paulo, 2018-11-04: 00:00 → 01:00 local.
    table([["0 0 * * *", "America/Sao_Paulo", "2018-11-03T02:00:00Z", ["2018-11-03T03:00:00Z", "2018-11-04T03:00:00Z", "2018-11-05T02:00:00Z"]]]);
  });

  it("fires a fixed-time job once in a repeated hour, at its first pass", () => {
    table([
      // Riga, 2025-10-26: 04:00 → 03:00 local.
      ["30 3 * * *", "Europe/Riga", "2025-10-25T23:00:00Z", ["2025-10-26T00:30:00Z", "2025-10-27T01:30:00Z"]],
      // New York, 2025-11-02: 02:00 → 01:00 local.
      ["30 1 * * *", "America/New_York", "2025-11-02T04:00:00Z", ["2025-11-02T05:30:00Z", "2025-11-03T06:30:00Z"]],
      // Sydney, 2025-04-06: 03:00 → 02:00 local.
      ["30 2 * * *", "Australia/Sydney", "2025-04-05T14:00:00Z", ["2025-04-05T15:30:00Z", "2025-04-06T16:30:00Z"]],
    ]);
  });

  it("returns the first pass of a repeated time even when the last ping came after it", () => {
    // The ping at 01:05Z is 03:05 local in the second pass; 03:30 local resolves to its first
    // pass, 00:30Z, which is earlier than the ping.
    assert.equal(iso(nextRun("cron", "30 3 * * *", "Europe/Riga", new Date("2025-10-26T01:05:00Z"))), "2025-10-26T00:30:00Z");
  });

  it("runs a job whose hour field starts with a star twice in a repeated hour", () => {
    table([["30 * * * *", "Europe/Riga", "2025-10-25T23:00:00Z", ["2025-10-25T23:30:00Z", "2025-10-26T00:30:00Z", "2025-10-26T01:30:00Z", "2025-10-26T02:30:00Z"]]]);
    table([["*/30 * * * *", "America/New_York", "2025-11-02T04:45:00Z", ["2025-11-02T05:00:00Z", "2025-11-02T05:30:00Z", "2025-11-02T06:00:00Z", "2025-11-02T06:30:00Z"]]]);
  });

  it("keeps a star-hour job on real hours across a spring-forward gap", () => {
    table([["30 * * * *", "Europe/Riga", "2025-03-29T23:00:00Z", ["2025-03-29T23:30:00Z", "2025-03-30T00:30:00Z", "2025-03-30T01:30:00Z"]]]);
  });

  it("handles a half-hour DST shift", () => {
    // Lord Howe, 2025-10-05: 02:00 → 02:30 local, so 02:30 exists.
    table([["30 2 * * *", "Australia/Lord_Howe", "2025-10-04T14:00:00Z", ["2025-10-04T15:30:00Z", "2025-10-05T15:30:00Z"]]]);
  });

  it("treats UTC as a zone without transitions", () => {
    table([["30 3 * * *", "UTC", "2025-03-29T23:00:00Z", ["2025-03-30T03:30:00Z", "2025-03-31T03:30:00Z"]]]);
  });
});
