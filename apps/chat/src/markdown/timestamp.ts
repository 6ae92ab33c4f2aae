// `<time:…>` parsing. Zulip hands the text to dateutil's parser (falling back to a Unix
// timestamp); this covers the forms people actually type: ISO 8601, "Jun 5th 2017, 10:30PM",
// "31 Dec 2017 5:30 am IST", numeric dates, and Unix seconds.

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11,
  november: 11, dec: 12, december: 12,
};
const WEEKDAYS = new Set([
  "mon", "monday", "tue", "tues", "tuesday", "wed", "wednesday", "thu", "thur", "thurs", "thursday",
  "fri", "friday", "sat", "saturday", "sun", "sunday",
]);
// Offsets in minutes for the abbreviations Zulip accepts (a subset of its common_timezones).
const ZONES: Record<string, number> = {
  utc: 0, gmt: 0, z: 0, ut: 0, wet: 0, west: 60, bst: 60, cet: 60, cest: 120, eet: 120, eest: 180,
  msk: 180, ist: 330, pkt: 300, sgt: 480, hkt: 480, awst: 480, jst: 540, kst: 540, acst: 570,
  aest: 600, aedt: 660, nzst: 720, nzdt: 780, hst: -600, akst: -540, akdt: -480, pst: -480,
  pdt: -420, mst: -420, mdt: -360, cst: -360, cdt: -300, est: -300, edt: -240, ast: -240,
  adt: -180, nst: -210, ndt: -150, brt: -180, art: -180,
};

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const TOKEN_RE = /[A-Za-z]+\.?|\d+(?::\d+){0,2}(?:\.\d+)?|[+-]\d{2}:?\d{2}|\S/g;

interface Parts {
  year?: number;
  month?: number;
  day?: number;
  hour: number;
  minute: number;
  second: number;
  micro: number;
  offset?: number;
}

function offsetMinutes(text: string): number {
  if (/^z$/i.test(text)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text) as RegExpExecArray;
  const v = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === "-" ? -v : v;
}

function parseIso(text: string): Parts | null {
  const m = ISO_RE.exec(text);
  if (!m) return null;
  return {
    year: Number(m[1]), month: Number(m[2]), day: Number(m[3]),
    hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0), second: Number(m[6] ?? 0),
    micro: m[7] ? Number(m[7].padEnd(6, "0")) : 0,
    offset: m[8] ? offsetMinutes(m[8]) : undefined,
  };
}

function parseLoose(text: string): Parts | null {
  const tokens = text.match(TOKEN_RE) ?? [];
  const parts: Parts = { hour: 0, minute: 0, second: 0, micro: 0 };
  const numbers: number[] = [];
  let timeSeen = false;
  let pm: boolean | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const lower = tok.toLowerCase().replace(/\.$/, "");
    if (tok === "," || tok === "/" || tok === "-" || tok === ".") continue;
    if (/^\d+:\d+/.test(tok)) {
      const [h, mi, s] = tok.split(":");
      parts.hour = Number(h);
      parts.minute = Number(mi);
      if (s !== undefined) {
        const [sec, frac] = s.split(".");
        parts.second = Number(sec);
        parts.micro = frac ? Number(frac.slice(0, 6).padEnd(6, "0")) : 0;
      }
      timeSeen = true;
    } else if (/^\d+$/.test(tok)) {
      const next = tokens[i + 1]?.toLowerCase();
      if (next === "am" || next === "pm" || next === "a" || next === "p") {
        parts.hour = Number(tok);
        timeSeen = true;
      } else if (/^(st|nd|rd|th)$/.test(next ?? "")) {
        parts.day = Number(tok);
        i++;
      } else {
        numbers.push(Number(tok));
        if (tok.length === 4 || Number(tok) > 31) parts.year ??= Number(tok);
      }
    } else if (/^[+-]\d{2}:?\d{2}$/.test(tok) && timeSeen) {
      parts.offset = offsetMinutes(tok);
    } else if (lower === "am" || lower === "pm" || lower === "a" || lower === "p") {
      pm = lower.startsWith("p");
    } else if (/^(st|nd|rd|th)$/.test(lower)) {
      continue;
    } else if (lower in MONTHS) {
      parts.month = MONTHS[lower];
    } else if (WEEKDAYS.has(lower) || lower === "at" || lower === "on" || lower === "of") {
      continue;
    } else if (lower in ZONES) {
      parts.offset = ZONES[lower];
    } else {
      return null;
    }
  }
  if (pm !== null) {
    if (parts.hour > 12) return null;
    if (pm && parts.hour < 12) parts.hour += 12;
    if (!pm && parts.hour === 12) parts.hour = 0;
  }
  // Remaining bare numbers fill day, month and year (month-first, as dateutil does).
  const rest = numbers.filter((n) => n !== parts.year);
  for (const n of rest) {
    if (parts.month === undefined && parts.day === undefined && rest.length >= 2 && n <= 12) parts.month = n;
    else if (parts.day === undefined && n <= 31) parts.day = n;
    else if (parts.month === undefined && n <= 12) parts.month = n;
    else if (parts.year === undefined) parts.year = n < 100 ? 2000 + n : n;
    else return null;
  }
  if (parts.month === undefined && parts.day === undefined && parts.year === undefined && !timeSeen) return null;
  return parts;
}

/** Returns the instant the text denotes (UTC when no zone is given), or null if unparseable. */
export function parseTimestamp(input: string, now: Date = new Date()): Date | null {
  const text = input.trim();
  if (!text) return null;
  let parts = parseIso(text);
  if (!parts && /^-?\d+(\.\d+)?$/.test(text) && !/^\d{8}$/.test(text)) {
    const ms = Number(text) * 1000;
    return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms) : null;
  }
  if (!parts && /^\d{8}$/.test(text)) {
    parts = { year: Number(text.slice(0, 4)), month: Number(text.slice(4, 6)), day: Number(text.slice(6)), hour: 0, minute: 0, second: 0, micro: 0 };
  }
  parts ??= parseLoose(text);
  if (!parts) return null;
  const year = parts.year ?? now.getUTCFullYear();
  const month = parts.month ?? now.getUTCMonth() + 1;
  const day = parts.day ?? now.getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > 31 || parts.hour > 23 || parts.minute > 59 || parts.second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, parts.hour, parts.minute, parts.second) - (parts.offset ?? 0) * 60000;
  const date = new Date(ms + Math.floor(parts.micro / 1000));
  if (date.getUTCDate() !== day && parts.offset === undefined) return null;
  (date as Date & { micro?: number }).micro = parts.micro;
  return date;
}

/** Python's isoformat() with "+00:00" spelled "Z". */
export function isoUtc(date: Date): string {
  const micro = (date as Date & { micro?: number }).micro ?? 0;
  const base = date.toISOString().slice(0, 19);
  return micro ? `${base}.${String(micro).padStart(6, "0")}Z` : `${base}Z`;
}
