import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isValidCron, isValidOnCalendar, isValidSchedule, scheduleKind } from "../../src/lib/schedule/index.js";

describe("scheduleKind", () => {
  it("sees cron only in a single line of exactly five fields", () => {
    const cases: [string, "cron" | "oncalendar"][] = [
      ["* * * * *", "cron"],
      [" 0  0 * * * ", "cron"],
      ["0\t0\t*\t*\t*", "cron"],
      ["0\u00a00 * * *", "cron"],
      ["0 0 * * *\n", "cron"],
      ["0 0 * *\n*", "oncalendar"],
      ["* * * * * *", "oncalendar"],
      ["@daily", "oncalendar"],
      ["12:34", "oncalendar"],
      ["Mon *-*-* 09:00\nFri 17:00", "oncalendar"],
      ["Mon *-*-* 09:00:00 Europe/Riga extra", "cron"],
      ["", "oncalendar"],
    ];
    for (const [expr, kind] of cases) assert.equal(scheduleKind(expr), kind, JSON.stringify(expr));
  });

  it("splits on Python's blanks, which include U+001F but not U+FEFF", () => {
    assert.equal(scheduleKind("0\x1f0 * * *"), "cron");
    assert.equal(scheduleKind("0\ufeff0 * * *"), "oncalendar");
  });
});

describe("cron validation", () => {
  it("accepts the Debian syntax and cronsim's extensions", () => {
    for (const expr of ["*/15 * * * *", "0 9-17/2 * * MON-FRI", "0 0 L * *", "0 0 LW 2 *", "0 0 * * 5L", "0 0 * * 7#1", "0 0 1 JAN/2 *", "00 00 01 01 *"]) {
      assert.equal(isValidCron(expr), true, expr);
    }
  });

  it("rejects out-of-range values, bad steps and unsupported tokens", () => {
    for (const expr of ["60 * * * *", "*/0 * * * *", "5-1 * * * *", "0 0 15W * *", "0 0 * * FRIL", "0 0 * * 5#6", "0 0 ? * MON", "+1 * * * *", "\uff11 * * * *", "0 0 * JANUARY *"]) {
      assert.equal(isValidCron(expr), false, expr);
    }
  });

  it("rejects a day that no selected month has, even when a weekday could match", () => {
    assert.equal(isValidCron("0 0 30 2 *"), false);
    assert.equal(isValidCron("0 0 31 2,4,6,9,11 *"), false);
    assert.equal(isValidCron("0 0 30 2 MON"), false);
    assert.equal(isValidCron("0 0 29 2 *"), true);
    assert.equal(isValidCron("0 0 31 4,5 *"), true);
  });

  it("requires exactly five fields and no macros", () => {
    for (const expr of ["* * * *", "* * * * * *", "@daily", "", "daily"]) assert.equal(isValidCron(expr), false, expr);
    // Five whitespace-separated fields even across a newline: the validator accepts it, the API
    // would treat the string as OnCalendar and reject it.
    assert.equal(isValidCron("0 0 * *\n*"), true);
    assert.equal(isValidSchedule("0 0 * *\n*"), false);
  });
});

describe("OnCalendar validation", () => {
  it("accepts keywords case-insensitively, but not cron macros", () => {
    for (const expr of ["daily", "DAILY", "Hourly", "semiannually", "hourly Europe/Riga"]) assert.equal(isValidOnCalendar(expr), true, expr);
    for (const expr of ["@daily", "biannually", "daily hourly"]) assert.equal(isValidOnCalendar(expr), false, expr);
  });

  it("accepts surrounding newlines but not an empty line between expressions", () => {
    assert.equal(isValidOnCalendar("\n  09:00  \n"), true);
    assert.equal(isValidOnCalendar("Mon 09:00\r\nFri 17:00"), true);
    assert.equal(isValidOnCalendar("Mon 09:00\n\nFri 17:00"), false);
    assert.equal(isValidOnCalendar("Mon 09:00\rFri 17:00"), false);
  });

  it("needs a run after 2000-01-01T00:00Z", () => {
    assert.equal(isValidOnCalendar("2000-01-01 00:00:01"), true);
    assert.equal(isValidOnCalendar("2000-01-01 00:00:00"), false);
    assert.equal(isValidOnCalendar("1999-01-01"), false);
    assert.equal(isValidOnCalendar("*-02-30"), false);
    assert.equal(isValidOnCalendar("Mon 2025-01-01 00:00 UTC"), false);
  });

  it("rejects unknown zones, numeric offsets and fractional seconds", () => {
    for (const expr of ["09:00 Nowhere/City", "09:00 +0200", "09:00 europe/riga", "12:30:45.5", "24:00", "*-*~29", "Sun..Mon 09:00"]) {
      assert.equal(isValidOnCalendar(expr), false, expr);
    }
  });

  it("caps each line at four words", () => {
    assert.equal(isValidOnCalendar("Mon *-*-* 09:00:00 Europe/Riga"), true);
    assert.equal(isValidOnCalendar("Mon *-*-* 09:00:00 Europe/Riga extra"), false);
  });
});

describe("isValidSchedule", () => {
  it("validates with the kind the API detects", () => {
    assert.equal(isValidSchedule(" 0  0 * * * "), true);
    assert.equal(isValidSchedule("* * * * *"), true);
    assert.equal(isValidSchedule("Mon..Fri 09:00"), true);
    assert.equal(isValidSchedule("\n09:00\n"), true);
    assert.equal(isValidSchedule("*/10 * * * * *"), false);
    assert.equal(isValidSchedule("Mon *-*-* 09:00:00 Europe/Riga extra"), false);
    assert.equal(isValidSchedule(""), false);
  });
});
