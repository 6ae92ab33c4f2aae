import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { civilFromDays, daysFromCivil, wallFromParts, weekdayMon0, weekdaySun0 } from "../../src/lib/schedule/civil.js";
import { pySplit, pySplitLastWord, pyStrip } from "../../src/lib/schedule/pytext.js";
import { getZone } from "../../src/lib/schedule/zoned.js";

const at = (iso: string): number => Date.parse(iso) / 1000;
const wall = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number => wallFromParts(y, mo, d, h, mi, s);

describe("civil calendar", () => {
  it("round-trips dates across leap years, centuries and before 1970", () => {
    for (const [y, m, d] of [[1970, 1, 1], [2000, 2, 29], [2100, 3, 1], [1969, 12, 31], [2199, 12, 31], [1900, 2, 28]]) {
      assert.deepEqual(civilFromDays(daysFromCivil(y, m, d)), { year: y, month: m, day: d });
    }
    assert.equal(daysFromCivil(2001, 3, 1) - daysFromCivil(2001, 2, 28), 1);
    assert.equal(daysFromCivil(2000, 3, 1) - daysFromCivil(2000, 2, 28), 2);
  });

  it("numbers weekdays both the cron way and Python's way", () => {
    const sunday = daysFromCivil(2025, 1, 19);
    assert.equal(weekdaySun0(sunday), 0);
    assert.equal(weekdayMon0(sunday), 6);
    assert.equal(weekdaySun0(daysFromCivil(1969, 12, 31)), 3);
  });
});

describe("Python text rules", () => {
  it("splits and strips on Python's blanks", () => {
    assert.deepEqual(pySplit("  a\tb\u00a0c\x1cd\u3000 "), ["a", "b", "c", "d"]);
    assert.deepEqual(pySplit(" \n "), []);
    assert.deepEqual(pySplit("a\ufeffb"), ["a\ufeffb"]);
    assert.equal(pyStrip("\x85 x y \n"), "x y");
  });

  it("separates the last word the way rsplit(maxsplit=1) does", () => {
    assert.deepEqual(pySplitLastWord("Mon  09:00 \t Europe/Riga"), ["Mon  09:00", "Europe/Riga"]);
    assert.equal(pySplitLastWord("single"), null);
  });
});

describe("zoned wall clock", () => {
  it("reads offsets at instants, including half-hour and 45-minute zones", () => {
    const riga = getZone("Europe/Riga");
    assert.equal(riga.offsetAt(at("2025-01-15T12:00:00Z")), 2 * 3600);
    assert.equal(riga.offsetAt(at("2025-07-15T12:00:00Z")), 3 * 3600);
    assert.equal(riga.offsetAt(at("2025-03-30T00:59:59Z")), 2 * 3600);
    assert.equal(riga.offsetAt(at("2025-03-30T01:00:00Z")), 3 * 3600);
    assert.equal(getZone("Asia/Kolkata").offsetAt(at("2025-06-10T00:00:00Z")), 5.5 * 3600);
    assert.equal(getZone("Pacific/Chatham").offsetAt(at("2025-07-01T00:00:00Z")), 12.75 * 3600);
    assert.equal(getZone("Australia/Lord_Howe").offsetAt(at("2025-12-01T00:00:00Z")), 11 * 3600);
    assert.equal(getZone("Australia/Lord_Howe").offsetAt(at("2025-07-01T00:00:00Z")), 10.5 * 3600);
    assert.equal(getZone("UTC").offsetAt(at("2025-07-01T00:00:00Z")), 0);
  });

  it("resolves an ambiguous wall time to its first pass with fold 0 and its second with fold 1", () => {
    const riga = getZone("Europe/Riga");
    assert.equal(riga.toInstant(wall(2025, 10, 26, 3, 30), 0), at("2025-10-26T00:30:00Z"));
    assert.equal(riga.toInstant(wall(2025, 10, 26, 3, 30), 1), at("2025-10-26T01:30:00Z"));
    const sydney = getZone("Australia/Sydney");
    assert.equal(sydney.toInstant(wall(2025, 4, 6, 2, 30), 0), at("2025-04-05T15:30:00Z"));
    assert.equal(sydney.toInstant(wall(2025, 4, 6, 2, 30), 1), at("2025-04-05T16:30:00Z"));
  });

  it("maps a wall time in a gap with the offset from before the change (fold 0) or after it (fold 1)", () => {
    const riga = getZone("Europe/Riga");
    assert.equal(riga.toInstant(wall(2025, 3, 30, 3, 30), 0), at("2025-03-30T01:30:00Z"));
    assert.equal(riga.toInstant(wall(2025, 3, 30, 3, 30), 1), at("2025-03-30T00:30:00Z"));
  });

  it("marks the second pass through a repeated hour with fold 1", () => {
    const ny = getZone("America/New_York");
    assert.deepEqual(ny.toWall(at("2025-11-02T05:30:00Z")), { wall: wall(2025, 11, 2, 1, 30), fold: 0 });
    assert.deepEqual(ny.toWall(at("2025-11-02T06:30:00Z")), { wall: wall(2025, 11, 2, 1, 30), fold: 1 });
    assert.deepEqual(ny.toWall(at("2025-11-02T07:30:00Z")), { wall: wall(2025, 11, 2, 2, 30), fold: 0 });
  });

  it("knows which wall times a gap removes and where the gap ends", () => {
    const ny = getZone("America/New_York");
    assert.equal(ny.isImaginary(wall(2025, 3, 9, 1, 59, 59)), false);
    assert.equal(ny.isImaginary(wall(2025, 3, 9, 2, 0)), true);
    assert.equal(ny.isImaginary(wall(2025, 3, 9, 2, 59, 59)), true);
    assert.equal(ny.isImaginary(wall(2025, 3, 9, 3, 0)), false);
    assert.equal(ny.gapEnd(wall(2025, 3, 9, 2, 17)), wall(2025, 3, 9, 3, 0));
    const chatham = getZone("Pacific/Chatham");
    assert.equal(chatham.gapEnd(wall(2025, 9, 28, 3, 0)), wall(2025, 9, 28, 3, 45));
  });

  it("agrees with a direct Intl reading at many instants", () => {
    const names = ["Europe/Riga", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "America/Santiago", "Africa/Casablanca"];
    for (const name of names) {
      const zone = getZone(name);
      const format = new Intl.DateTimeFormat("en-US", { timeZone: name, timeZoneName: "longOffset" });
      for (let t = at("2024-01-01T00:00:00Z"); t < at("2027-01-01T00:00:00Z"); t += 7 * 3600 + 13 * 60) {
        const label = format.formatToParts(t * 1000).find((p) => p.type === "timeZoneName")!.value;
        const match = /GMT([+-])(\d\d):(\d\d)/.exec(label);
        const expected = match === null ? 0 : (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60);
        assert.equal(zone.offsetAt(t), expected, `${name} at ${new Date(t * 1000).toISOString()}`);
      }
    }
  });
});
