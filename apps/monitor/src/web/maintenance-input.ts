// The details page's maintenance form -> a window (lib/maintenance.ts parseWindow, the API's
// rules): a one-off window is typed as two wall-clock times in a time zone, a recurring one as
// a schedule, its zone and a length in minutes. Every error at once, and what was typed.
import { localTimeIn, parseWindow, type WindowSpec } from "../lib/maintenance.js";
import { canonicalTimezone } from "../lib/timezones.js";

export interface WindowDraft {
  repeat: "once" | "recurring";
  name: string;
  start: string;
  end: string;
  schedule: string;
  tz: string;
  minutes: string;
  project: boolean;
}

export const emptyWindowDraft = (tz: string): WindowDraft => ({ repeat: "once", name: "", start: "", end: "", schedule: "0 2 * * 0", tz, minutes: "60", project: false });

export type WindowFormResult = { ok: WindowSpec; project: boolean } | { errors: string[]; draft: WindowDraft };

const FRIENDLY: [RegExp, string][] = [
  [/^end must be after start$/, "The end must come after the start."],
  [/^schedule is not a valid .*$/, "The schedule is not a valid cron or OnCalendar expression."],
  [/^duration is too small$/, "A recurring window lasts at least 1 minute."],
  [/^duration is too large$/, "A recurring window lasts at most 365 days."],
  [/^name is too long$/, "The name is too long: at most 100 characters."],
];

const friendly = (error: string) => FRIENDLY.find(([pattern]) => pattern.test(error))?.[1] ?? error;

export function windowFromForm(form: URLSearchParams): WindowFormResult {
  const draft: WindowDraft = {
    repeat: form.get("repeat") === "recurring" ? "recurring" : "once",
    name: (form.get("name") ?? "").trim(),
    start: form.get("start") ?? "",
    end: form.get("end") ?? "",
    schedule: (form.get("schedule") ?? "").trim(),
    tz: (form.get("tz") ?? "UTC").trim(),
    minutes: (form.get("minutes") ?? "").trim(),
    project: form.get("project") === "1",
  };
  const zone = canonicalTimezone(draft.tz);
  if (zone === null) return { errors: ["Unknown time zone."], draft };
  const errors: string[] = [];
  const body: Record<string, string | number> = { name: draft.name };
  if (draft.repeat === "once") {
    const start = localTimeIn(draft.start, zone);
    const end = localTimeIn(draft.end, zone);
    if (start === null) errors.push("Give the start as a date and time.");
    if (end === null) errors.push("Give the end as a date and time.");
    if (start !== null && end !== null) Object.assign(body, { start: new Date(start).toISOString(), end: new Date(end).toISOString() });
  } else {
    const whole = /^\d+$/.test(draft.minutes);
    if (!whole) errors.push("Give the length as a whole number of minutes.");
    // With a length that is not one, the schedule is still checked (an hour stands in for it).
    Object.assign(body, { schedule: draft.schedule, tz: zone, duration: whole ? Number(draft.minutes) * 60 : 3600 });
  }
  const parsed = draft.repeat === "once" && errors.length > 0 ? null : parseWindow(body);
  if (parsed && "ok" in parsed) return { ok: parsed.ok, project: draft.project };
  if (parsed) errors.push(friendly(parsed.error));
  return { errors, draft };
}
