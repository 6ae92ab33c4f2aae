import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  isValidCron,
  isValidOnCalendar,
  isValidSchedule,
  nextRun,
  scheduleKind,
  upcomingRuns,
} from "../../src/lib/schedule/index.js";
import { RUNS_CASES, VALIDITY_CASES } from "./schedule-upstream-cases.js";

const iso = (d: Date): string => d.toISOString().replace(".000Z", "Z");
// Python's len() counts code points, and so does the API's 100-character cap.
const withinCap = (s: string): boolean => [...s].length <= 100;

describe("schedule validation agrees with Healthchecks", () => {
  for (const [kind, expr, valid, apiKind, apiValid, note] of VALIDITY_CASES) {
    it(`judges ${kind} ${JSON.stringify(expr)} as upstream does (${note})`, () => {
      assert.equal(kind === "cron" ? isValidCron(expr) : isValidOnCalendar(expr), valid, "validator");
      assert.equal(scheduleKind(expr), apiKind, "API kind");
      assert.equal(withinCap(expr) && isValidSchedule(expr), apiValid, "API verdict");
    });
  }
});

describe("schedule runs agree with Healthchecks", () => {
  for (const [kind, expr, tz, after, runs, note] of RUNS_CASES) {
    it(`runs ${kind} ${JSON.stringify(expr)} in ${tz} after ${after} as upstream does (${note})`, () => {
      const start = new Date(after);
      assert.deepEqual(upcomingRuns(kind, expr, tz, start, 5).map(iso), runs);
      const first = nextRun(kind, expr, tz, start);
      assert.equal(first === null ? null : iso(first), runs[0] ?? null);
    });
  }
});
