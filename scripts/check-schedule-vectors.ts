// Developer check: runs the schedule library against the upstream-generated vectors in
// ../shared/reference/healthchecks/schedule-vectors.json (present only in the steering checkout)
// and prints every mismatch. Usage: node --import tsx scripts/check-schedule-vectors.ts [path]
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  isValidCron,
  isValidOnCalendar,
  isValidSchedule,
  scheduleKind,
  upcomingRuns,
  type ScheduleKind,
} from "../apps/monitor/src/lib/schedule/index.js";
import { pyStrip } from "../apps/monitor/src/lib/schedule/pytext.js";

interface ValidityVector {
  kind: ScheduleKind;
  expr: string;
  valid: boolean;
  form_valid: boolean;
  api_kind: ScheduleKind;
  api_valid: boolean;
  note?: string;
}

interface NextRunsVector {
  kind: ScheduleKind;
  expr: string;
  tz: string;
  after: string;
  next: string[];
  note?: string;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const path = process.argv[2] ?? resolve(root, "../shared/reference/healthchecks/schedule-vectors.json");
if (!existsSync(path)) {
  console.log(`no vectors at ${path}; nothing to check`);
  process.exit(0);
}
const vectors = JSON.parse(readFileSync(path, "utf8")) as { validity: ValidityVector[]; next_runs: NextRunsVector[] };

// Python's len() counts code points, as the 100-character caps do.
const length = (s: string): number => [...s].length;
const show = (s: string): string => JSON.stringify(s);
const iso = (d: Date): string => d.toISOString().replace(".000Z", "+00:00");

let mismatches = 0;
function report(what: string, expected: unknown, actual: unknown): void {
  mismatches++;
  console.log(`MISMATCH ${what}\n  expected ${JSON.stringify(expected)}\n  actual   ${JSON.stringify(actual)}`);
}

for (const v of vectors.validity) {
  const valid = v.kind === "cron" ? isValidCron(v.expr) : isValidOnCalendar(v.expr);
  // The web form's field strips surrounding blanks (Python's str.strip) before validating.
  const trimmed = pyStrip(v.expr);
  const formValid =
    trimmed !== "" &&
    length(trimmed) <= 100 &&
    (v.kind === "cron" ? isValidCron(trimmed) : isValidOnCalendar(trimmed));
  const apiKind = scheduleKind(v.expr);
  const apiValid = length(v.expr) <= 100 && isValidSchedule(v.expr);
  const label = `${v.kind} ${show(v.expr)} (${v.note ?? ""})`;
  if (valid !== v.valid) report(`valid ${label}`, v.valid, valid);
  if (formValid !== v.form_valid) report(`form_valid ${label}`, v.form_valid, formValid);
  if (apiKind !== v.api_kind) report(`api_kind ${label}`, v.api_kind, apiKind);
  if (apiValid !== v.api_valid) report(`api_valid ${label}`, v.api_valid, apiValid);
}

for (const v of vectors.next_runs) {
  const runs = upcomingRuns(v.kind, v.expr, v.tz, new Date(v.after), 5).map(iso);
  const expected = v.next.map((s) => iso(new Date(s)));
  if (JSON.stringify(runs) !== JSON.stringify(expected)) {
    report(`next_runs ${v.kind} ${show(v.expr)} tz=${v.tz} after=${v.after} (${v.note ?? ""})`, expected, runs);
  }
}

const total = vectors.validity.length + vectors.next_runs.length;
console.log(`${total} vectors (${vectors.validity.length} validity, ${vectors.next_runs.length} next_runs), ${mismatches} mismatches`);
process.exit(mismatches === 0 ? 0 : 1);
