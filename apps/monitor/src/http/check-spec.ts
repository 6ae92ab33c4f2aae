// Validation of a create/update body, exactly as the upstream reports it: strict types
// (no coercion, null rejected), fields checked in a fixed order, first error only.
import { bodyRegexProblem } from "../lib/body-regex.js";
import { MAX_WINDOWS, parseWindow, type WindowSpec } from "../lib/maintenance.js";
import { isValidSchedule } from "../lib/schedule/index.js";
import { canonicalTimezone } from "../lib/timezones.js";
import { type PyJson } from "../lib/pyjson.js";
import type { JsonSchema } from "@beacon/platform";
import type { ParamDoc } from "./api-doc.js";
import type { JsonObject } from "./auth.js";

export const UNIQUE_FIELDS = ["name", "slug", "tags", "timeout", "grace"] as const;
export type UniqueField = (typeof UNIQUE_FIELDS)[number];

export interface CheckSpec {
  channels?: string;
  desc?: string;
  failure_kw?: string;
  filter_subject?: boolean;
  filter_body?: boolean;
  filter_http_body?: boolean;
  filter_default_fail?: boolean;
  grace?: number;
  manual_resume?: boolean;
  methods?: string;
  name?: string;
  schedule?: string;
  slug?: string;
  start_kw?: string;
  subject?: string;
  subject_fail?: string;
  success_kw?: string;
  tags?: string;
  timeout?: number;
  tz?: string;
  unique?: UniqueField[];
  // Extensions (API v3 only; docs/monitor-extensions.md).
  fail_threshold?: number;
  min_duration?: number;
  max_duration?: number;
  body_regex?: string;
  depends_on?: string;
  maintenance?: WindowSpec[];
}

type Result<T> = { ok: T } | { error: string };
type Check = (field: string, value: PyJson) => Result<unknown>;
/** A field's rule: the check that gives the upstream's first error, and the schema it enforces (for the API's OpenAPI document). */
interface Validator {
  check: Check;
  schema: JsonSchema;
}
const rule = (schema: JsonSchema, check: Check): Validator => ({ schema, check });

const length = (s: string) => [...s].length;

const str = (max?: number): Validator =>
  rule({ type: "string", ...(max !== undefined && { maxLength: max }) }, (field, value) => {
    if (typeof value !== "string") return { error: `${field} is not a string` };
    if (max !== undefined && length(value) > max) return { error: `${field} is too long` };
    return { ok: value };
  });

const bool = rule({ type: "boolean" }, (field, value) => (typeof value === "boolean" ? { ok: value } : { error: `${field} is not a boolean` }));

const MIN_PERIOD = 60;
const MAX_PERIOD = 31536000;

const seconds = rule({ type: "number", minimum: MIN_PERIOD, maximum: MAX_PERIOD }, (field, value) => {
  // compat: JSON true/false count as the integers 1 and 0, as bool is an int in Python.
  const n = typeof value === "boolean" ? Number(value) : value;
  if (typeof n !== "number" && typeof n !== "bigint") return { error: `${field} is not a number` };
  if (n < MIN_PERIOD) return { error: `${field} is too small` };
  if (n > MAX_PERIOD) return { error: `${field} is too large` };
  return { ok: Number(n) };
});

const slug = rule({ type: "string", maxLength: 100, pattern: "^[a-z0-9\\-_]*$" }, (field, value) => {
  const base = str(100).check(field, value);
  if ("error" in base) return base;
  return /^[a-z0-9\-_]*$/.test(value as string) ? base : { error: "slug does not match pattern" };
});

const methods = rule({ enum: ["", "POST"] }, (_field, value) => (value === "" || value === "POST" ? { ok: value } : { error: "methods has unexpected value" }));

const schedule = rule({ type: "string", maxLength: 100, description: "A cron expression or a systemd OnCalendar expression." }, (field, value) => {
  const base = str(100).check(field, value);
  if ("error" in base) return base;
  return isValidSchedule(value as string) ? base : { error: "schedule is not a valid cron or OnCalendar expression" };
});

const tz = rule({ type: "string", description: "An IANA time zone name." }, (field, value) => {
  if (typeof value !== "string") return { error: `${field} is not a string` };
  const canonical = canonicalTimezone(value);
  return canonical ? { ok: canonical } : { error: "tz is not a valid timezone" };
});

const unique = rule({ type: "array", items: { enum: [...UNIQUE_FIELDS] } }, (_field, value) => {
  if (!Array.isArray(value)) return { error: "unique is not an array" };
  for (const item of value) {
    if (typeof item !== "string" || !(UNIQUE_FIELDS as readonly string[]).includes(item)) {
      return { error: "an item in 'unique' has unexpected value" };
    }
  }
  return { ok: value };
});

/**
 * The upstream stores a description of any length (hc/api/schemas.py has no maxLength for desc);
 * ours is bounded, with the upstream's wording for a string over its limit.
 */
export const MAX_DESC = 10_000;
/** The upstream's limit: tags are at most 500 characters together (hc/api/schemas.py). */
export const MAX_TAGS = 500;

// compat: the upstream's order, which is what decides the one error reported.
const FIELDS: [keyof CheckSpec, Validator][] = [
  ["channels", str()],
  ["desc", str(MAX_DESC)],
  ["failure_kw", str(200)],
  ["filter_subject", bool],
  ["filter_body", bool],
  ["filter_http_body", bool],
  ["filter_default_fail", bool],
  ["grace", seconds],
  ["manual_resume", bool],
  ["methods", methods],
  ["name", str(100)],
  ["schedule", schedule],
  ["slug", slug],
  ["start_kw", str(200)],
  ["subject", str(200)],
  ["subject_fail", str(200)],
  ["success_kw", str(200)],
  ["tags", str(MAX_TAGS)],
  ["timeout", seconds],
  ["tz", tz],
  ["unique", unique],
];

const integer = (min: number, max: number): Validator =>
  rule({ type: "integer", minimum: min, maximum: max }, (field, value) => {
    if (typeof value !== "number" || !Number.isInteger(value)) return { error: `${field} is not an integer` };
    if (value < min) return { error: `${field} is too small` };
    if (value > max) return { error: `${field} is too large` };
    return { ok: value };
  });

const bodyRegex = rule({ type: "string", description: "A regular expression the ping's body must match." }, (field, value) => {
  if (typeof value !== "string") return { error: `${field} is not a string` };
  const problem = bodyRegexProblem(value);
  return problem ? { error: `${field} ${problem}` } : { ok: value };
});

const windows = rule({ type: "array", maxItems: MAX_WINDOWS, items: { $ref: "#/components/schemas/MaintenanceWindow" }, description: "The check's own maintenance windows, replaced by this list." }, (field, value) => {
  if (!Array.isArray(value)) return { error: `${field} is not an array` };
  if (value.length > MAX_WINDOWS) return { error: `${field} has too many windows (at most ${MAX_WINDOWS})` };
  const specs: WindowSpec[] = [];
  for (const [i, item] of value.entries()) {
    const result = parseWindow(item);
    if ("error" in result) return { error: `${field} item ${i + 1}: ${result.error}` };
    specs.push(result.ok);
  }
  return { ok: specs };
});

/** Beacon's fields, after the upstream's (whose errors keep their precedence). */
export const EXTENSION_FIELDS: [keyof CheckSpec, Validator][] = [
  ["fail_threshold", integer(1, 100)],
  ["min_duration", integer(0, MAX_PERIOD)],
  ["max_duration", integer(0, MAX_PERIOD)],
  ["body_regex", bodyRegex],
  ["depends_on", str()],
  ["maintenance", windows],
];

/**
 * `version` below 3 refuses the extension fields: API v1 and v2 stay exactly Healthchecks'.
 * The dashboard validates with v3's rules.
 */
export function validateCheckSpec(body: JsonObject, version: 1 | 2 | 3 = 3): Result<CheckSpec> {
  const spec: Record<string, unknown> = {};
  for (const [field, validate] of [...FIELDS, ...EXTENSION_FIELDS]) {
    if (!Object.hasOwn(body, field)) continue;
    if (version < 3 && EXTENSION_FIELDS.some(([name]) => name === field)) return { error: `json validation error: ${field} is available in API v3 only` };
    const result = validate.check(field, body[field]);
    if ("error" in result) return { error: `json validation error: ${result.error}` };
    spec[field] = result.ok;
  }
  // The upstream has no rule for NUL (its PostgreSQL refuses to store one and it answers 500):
  // refused here, after every rule it does have, so its errors keep their precedence.
  const withNul = [...FIELDS, ...EXTENSION_FIELDS].find(([field]) => typeof spec[field] === "string" && (spec[field] as string).includes("\u0000"));
  if (withNul) return { error: `json validation error: ${withNul[0]} must not contain null characters` };
  return { ok: spec as CheckSpec };
}


/**
 * The create and update body's fields in `version` (extensions in v3 only), for the API's
 * OpenAPI document: their schemas are the rules validateCheckSpec enforces.
 */
export function checkSpecFields(version: 1 | 2 | 3): ParamDoc[] {
  const fields = version < 3 ? FIELDS : [...FIELDS, ...EXTENSION_FIELDS];
  return fields.map(([name, validator]) => ({ name, schema: validator.schema }));
}
