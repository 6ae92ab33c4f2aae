// The `tz` vocabulary of Healthchecks: an exact, case-sensitive list of canonical names, plus
// legacy names that are accepted and rewritten to their canonical target on save.
import { CANONICAL_ZONES, LEGACY_ZONES } from "./timezone-data.js";

export const TIMEZONES: ReadonlySet<string> = new Set(CANONICAL_ZONES);

const LEGACY: ReadonlyMap<string, string> = new Map(Object.entries(LEGACY_ZONES));

/** The name Healthchecks stores for `name`, or null when it would reject it (no trimming, no case folding). */
export function canonicalTimezone(name: string): string | null {
  const target = LEGACY.get(name);
  if (target !== undefined) return target;
  return TIMEZONES.has(name) ? name : null;
}

// Python's zoneinfo (which resolves a zone written inside an OnCalendar expression) knows a few
// names beyond the API list: zones added by tzdata after the list was frozen, and "Factory".
// Each maps to the ICU zone that evaluates it identically.
const EXPRESSION_ONLY: ReadonlyMap<string, string> = new Map([
  ["America/Coyhaique", "America/Coyhaique"],
  ["Factory", "Etc/UTC"],
]);

/**
 * For a zone name written at the end of an OnCalendar line: the ICU zone to evaluate it in, or
 * null when Python's zoneinfo would not load it. Legacy names evaluate as their canonical target,
 * which is what tzdata's backward links make them.
 */
export function expressionZone(name: string): string | null {
  return canonicalTimezone(name) ?? EXPRESSION_ONLY.get(name) ?? null;
}
