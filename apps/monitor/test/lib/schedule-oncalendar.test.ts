import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isValidOnCalendar, nextRun, upcomingRuns } from "../../src/lib/schedule/index.js";

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString().replace(".000Z", "Z"));
const runs = (expr: string, tz: string, after: string, count = 5): (string | null)[] =>
  upcomingRuns("oncalendar", expr, tz, new Date(after), count).map(iso);

// Each row: expression, check zone, last ping (UTC), expected runs (UTC). Expected values come
// from the oncalendar 1.1 library as Healthchecks v4.3 runs it.
type Row = [string, string, string, string[]];

function table(rows: Row[]): void {
  for (const [expr, tz, after, expected] of rows) {
    assert.deepEqual(runs(expr, tz, after, expected.length), expected, `${JSON.stringify(expr)} in ${tz} after ${after}`);
  }
}

const JAN15 = "2025-01-15T10:20:30Z";

describe("OnCalendar syntax", () => {
  it("combines weekdays, dates and times", () => {
    table([
      ["Mon..Fri 09:00", "UTC", JAN15, ["2025-01-16T09:00:00Z", "2025-01-17T09:00:00Z", "2025-01-20T09:00:00Z"]],
      ["weekly", "UTC", JAN15, ["2025-01-20T00:00:00Z", "2025-01-27T00:00:00Z"]],
      ["*:*:0/20", "UTC", JAN15, ["2025-01-15T10:20:40Z", "2025-01-15T10:21:00Z", "2025-01-15T10:21:20Z"]],
    ]);
  });

  it("counts days from the end of the month after a tilde", () => {
    table([
      ["*-*~01", "UTC", JAN15, ["2025-01-31T00:00:00Z", "2025-02-28T00:00:00Z", "2025-03-31T00:00:00Z"]],
      ["Fri *-*~07/1", "UTC", JAN15, ["2025-01-31T00:00:00Z", "2025-02-28T00:00:00Z", "2025-03-28T00:00:00Z"]],
      ["*~01 12:00", "UTC", JAN15, ["2025-01-31T12:00:00Z", "2025-02-28T12:00:00Z"]],
    ]);
  });

  it("reads `~*` as every day, not as days counted from the end", () => {
    table([["*-*~* 12:00", "UTC", JAN15, ["2025-01-15T12:00:00Z", "2025-01-16T12:00:00Z"]]]);
  });

  it("reads two-digit years as 2000–2069 and runs out after a fixed date", () => {
    table([["25-12-25 08:00", "UTC", JAN15, ["2025-12-25T08:00:00Z"]]]);
    assert.equal(nextRun("oncalendar", "2025-12-31 23:59:59", "UTC", new Date("2025-12-31T23:59:59Z")), null);
  });

  it("merges lines, earliest first, without repeating a duplicated line", () => {
    table([["Mon 09:00\nFri 17:00\nMon 09:00", "UTC", JAN15, ["2025-01-17T17:00:00Z", "2025-01-20T09:00:00Z", "2025-01-24T17:00:00Z", "2025-01-27T09:00:00Z"]]]);
  });

  it("evaluates a line in the zone named at its end", () => {
    table([
      ["09:00 Europe/Riga", "UTC", JAN15, ["2025-01-16T07:00:00Z", "2025-01-17T07:00:00Z"]],
      ["09:00 Europe/Riga\n09:00 America/New_York", "UTC", JAN15, ["2025-01-15T14:00:00Z", "2025-01-16T07:00:00Z", "2025-01-16T14:00:00Z"]],
      ["12:00 US/Eastern", "Europe/Riga", JAN15, ["2025-01-15T17:00:00Z"]],
      ["12:00 Factory", "Europe/Riga", JAN15, ["2025-01-15T12:00:00Z"]],
    ]);
  });

  it("only looks for a zone after an ordinary space", () => {
    assert.deepEqual(runs("12:00\tEurope/Riga", "UTC", JAN15), []);
    assert.equal(isValidOnCalendar("12:00\tEurope/Riga"), false);
  });
});

describe("OnCalendar in time zones", () => {
  it("evaluates in the check's zone with a half-hour offset", () => {
    table([["daily", "Asia/Kolkata", "2025-06-10T18:00:00Z", ["2025-06-10T18:30:00Z", "2025-06-11T18:30:00Z"]]]);
  });

  it("skips a time that a spring-forward gap removes, rather than moving it", () => {
    table([
      ["03:30", "Europe/Riga", "2025-03-29T23:00:00Z", ["2025-03-31T00:30:00Z", "2025-04-01T00:30:00Z"]],
      ["02:30", "America/New_York", "2025-03-09T05:00:00Z", ["2025-03-10T06:30:00Z"]],
      ["02:30", "Australia/Sydney", "2025-10-04T14:00:00Z", ["2025-10-05T15:30:00Z"]],
      ["daily", "America/Sao_Paulo", "2018-11-03T02:00:00Z", ["2018-11-03T03:00:00Z", "2018-11-05T02:00:00Z"]],
    ]);
  });

  it("has no run at all for a fixed instant inside a gap", () => {
    assert.deepEqual(runs("2025-03-30 03:30", "Europe/Riga", "2025-03-29T12:00:00Z"), []);
  });

  it("runs every second straight across a gap", () => {
    table([["*-*-* *:*:*", "Europe/Riga", "2025-03-30T00:59:58Z", ["2025-03-30T00:59:59Z", "2025-03-30T01:00:00Z", "2025-03-30T01:00:01Z"]]]);
  });

  it("runs a repeated time once, at its first pass", () => {
    table([
      ["03:30", "Europe/Riga", "2025-10-25T23:00:00Z", ["2025-10-26T00:30:00Z", "2025-10-27T01:30:00Z"]],
      ["01:30", "America/New_York", "2025-11-02T04:00:00Z", ["2025-11-02T05:30:00Z", "2025-11-03T06:30:00Z"]],
      ["02:30", "Australia/Sydney", "2025-04-05T14:00:00Z", ["2025-04-05T15:30:00Z", "2025-04-06T16:30:00Z"]],
      ["hourly", "Europe/Riga", "2025-10-25T23:30:00Z", ["2025-10-26T00:00:00Z", "2025-10-26T02:00:00Z", "2025-10-26T03:00:00Z"]],
    ]);
  });

  it("walks wall-clock time inside a repeated hour, so the next run can precede the last ping", () => {
    table([["*:0/30", "Europe/Riga", "2025-10-26T01:10:00Z", ["2025-10-26T00:30:00Z", "2025-10-26T02:00:00Z", "2025-10-26T02:30:00Z"]]]);
  });

  it("orders lines by wall-clock time in the check's zone, so a second pass can sort first", () => {
    // 01:10Z is 03:10 local in the second pass; 03:30 local (00:30Z) is earlier in real time
    // but later on the wall clock, so it comes second.
    table([["01:10 UTC\n03:30", "Europe/Riga", "2025-10-26T00:00:00Z", ["2025-10-26T01:10:00Z", "2025-10-26T00:30:00Z", "2025-10-27T01:10:00Z", "2025-10-27T01:30:00Z"]]]);
  });
});
