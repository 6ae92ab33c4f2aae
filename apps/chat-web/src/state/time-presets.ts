// The times "send later" and reminders offer, in the browser's own zone (as Zulip's web app
// does): pure, given the present moment.

export interface Preset {
  label: string;
  at: Date;
}

function at(base: Date, addDays: number, hour: number, minute = 0): Date {
  const d = new Date(base);
  d.setDate(d.getDate() + addDays);
  d.setHours(hour, minute, 0, 0);
  return d;
}

/** The next Monday after today (a week on when today is Monday). */
function daysToMonday(now: Date): number {
  const days = (8 - now.getDay()) % 7;
  return days === 0 ? 7 : days;
}

const clock = (d: Date, twentyFourHour: boolean) => d.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", hour12: !twentyFourHour });

/** "Send later": later today at 16:00 (before 15:00), tomorrow at 9:00, Monday at 9:00 (unless tomorrow is Monday). */
export function sendLaterPresets(now: Date, twentyFourHour = false): Preset[] {
  const out: Preset[] = [];
  const afternoon = at(now, 0, 16);
  if (afternoon.getTime() - now.getTime() >= 60 * 60_000) out.push({ label: `Today at ${clock(afternoon, twentyFourHour)}`, at: afternoon });
  const tomorrow = at(now, 1, 9);
  out.push({ label: `Tomorrow at ${clock(tomorrow, twentyFourHour)}`, at: tomorrow });
  const toMonday = daysToMonday(now);
  if (toMonday > 1) {
    const monday = at(now, toMonday, 9);
    out.push({ label: `Monday at ${clock(monday, twentyFourHour)}`, at: monday });
  }
  return out;
}

/** Reminders: in 20 minutes, an hour, three hours, then tomorrow and Monday mornings. */
export function reminderPresets(now: Date, twentyFourHour = false): Preset[] {
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  return [{ label: "In 20 minutes", at: later(20) }, { label: "In 1 hour", at: later(60) }, { label: "In 3 hours", at: later(180) }, ...sendLaterPresets(now, twentyFourHour).filter((p) => !p.label.startsWith("Today"))];
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A date as an <input type="datetime-local"> value, in local time ("2026-12-07T09:00"). */
export function toInputValue(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An <input type="datetime-local"> value as a date in local time; null when it is not one. */
export function fromInputValue(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** UNIX seconds, as the API takes scheduled_delivery_timestamp. */
export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** When a scheduled time is, in words: "Mon, Dec 7, 9:00 AM". */
export function describeWhen(d: Date, twentyFourHour = false): string {
  return d.toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: !twentyFourHour });
}
