// The JSON bodies the API answers, as JSON Schema for its OpenAPI document: the shapes
// present/*.ts and the route modules produce (keys in the upstream's order; Healthchecks
// documents them in docs/api.md, "Get a list of existing checks" and the endpoints after it).
import type { JsonSchema } from "@beacon/platform";

const string = { type: "string" };
const nullableString = { type: ["string", "null"] };
const dateTime = { type: "string", format: "date-time" };
const nullableDateTime = { type: ["string", "null"], format: "date-time" };
const boolean = { type: "boolean" };
const integer = { type: "integer" };

const CHECK_STATUSES = ["new", "up", "grace", "down", "paused", "started"];

/** present/check.ts: the upstream's check; with a read-only key `unique_key` stands for the URLs and `uuid`. */
const Check: JsonSchema = {
  type: "object",
  properties: {
    name: string,
    slug: string,
    tags: { type: "string", description: "Space-separated tags." },
    desc: string,
    grace: integer,
    n_pings: integer,
    status: { enum: CHECK_STATUSES, description: "`started` in API v1 only, for a check whose run has started." },
    started: boolean,
    last_ping: nullableDateTime,
    next_ping: nullableDateTime,
    manual_resume: boolean,
    methods: { enum: ["", "POST"] },
    subject: string,
    subject_fail: string,
    start_kw: string,
    success_kw: string,
    failure_kw: string,
    filter_subject: boolean,
    filter_body: boolean,
    filter_http_body: boolean,
    filter_default_fail: boolean,
    badge_url: { type: "string", format: "uri" },
    last_duration: { type: "integer", description: "Seconds the last run took, when a start and its end were paired." },
    unique_key: { type: "string", description: "With a read-only key only, in place of uuid and the URLs." },
    uuid: { type: "string", format: "uuid" },
    ping_url: { type: "string", format: "uri" },
    update_url: { type: "string", format: "uri" },
    pause_url: { type: "string", format: "uri" },
    resume_url: { type: "string", format: "uri" },
    channels: { type: "string", description: "Comma-separated integration UUIDs." },
    timeout: { type: "integer", description: "Simple checks only." },
    schedule: { type: "string", description: "Cron and OnCalendar checks only." },
    tz: { type: "string", description: "Cron and OnCalendar checks only." },
    fail_threshold: { type: "integer", description: "Beacon's extension, when not 1." },
    min_duration: { type: "integer", description: "Beacon's extension, when not 0." },
    max_duration: { type: "integer", description: "Beacon's extension, when not 0." },
    body_regex: { type: "string", description: "Beacon's extension, when set." },
    depends_on: { type: "string", description: "Beacon's extension: comma-separated UUIDs of the checks this one depends on." },
    maintenance: { type: "array", items: { $ref: "#/components/schemas/MaintenanceWindow" }, description: "Beacon's extension: the check's own maintenance windows, when it has any." },
  },
  required: ["name", "slug", "tags", "desc", "grace", "n_pings", "status", "started", "last_ping", "next_ping", "manual_resume", "methods", "badge_url"],
  additionalProperties: false,
};

/** present/ping.ts */
const Ping: JsonSchema = {
  type: "object",
  properties: {
    type: { enum: ["success", "start", "fail", "log", "ign"] },
    date: dateTime,
    n: integer,
    scheme: string,
    remote_addr: string,
    method: string,
    ua: string,
    rid: nullableString,
    duration: { type: "number", description: "Seconds since the run's start, when paired." },
    body_url: { type: ["string", "null"], format: "uri" },
  },
  required: ["type", "date", "n", "scheme", "remote_addr", "method", "ua", "rid", "body_url"],
  additionalProperties: false,
};

const Flip: JsonSchema = { type: "object", properties: { timestamp: dateTime, up: { enum: [0, 1] } }, required: ["timestamp", "up"], additionalProperties: false };

const Channel: JsonSchema = { type: "object", properties: { id: { type: "string", format: "uuid" }, name: string, kind: string }, required: ["id", "name", "kind"], additionalProperties: false };

/** lib/badges.ts badgeUrls: one URL per format and state count. */
const BadgeUrls: JsonSchema = { type: "object", additionalProperties: { type: "string", format: "uri" } };

const uptimeFigures = {
  start: dateTime,
  end: dateTime,
  up_fraction: { type: ["number", "null"], minimum: 0, maximum: 1, description: "null when the check was neither up nor down in the period." },
  up_seconds: { type: "number" },
  down_seconds: { type: "number" },
  downtimes: integer,
};
const Uptime: JsonSchema = {
  type: "object",
  properties: {
    days: { type: "array", items: { type: "object", properties: { days: integer, ...uptimeFigures } } },
    months: { type: "array", items: { type: "object", properties: { month: string, ...uptimeFigures } } },
  },
  required: ["days", "months"],
};

const BadgeJson: JsonSchema = { type: "object", properties: { status: { enum: ["up", "late", "down"] }, total: integer, grace: integer, down: integer }, required: ["status", "total", "grace", "down"] };
const ShieldsBadge: JsonSchema = { type: "object", properties: { schemaVersion: { const: 1 }, label: string, message: string, color: string }, required: ["schemaVersion", "label", "message", "color"] };

/** present/window.ts: one-off (start, end) or recurring (schedule, tz, duration in seconds). */
const MaintenanceWindow: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid", description: "Ignored when sent." },
    name: { type: "string", maxLength: 100 },
    start: dateTime,
    end: dateTime,
    schedule: { type: "string", maxLength: 100, description: "A cron expression or a systemd OnCalendar expression." },
    tz: { type: "string", description: "An IANA time zone name; UTC when left out." },
    duration: { type: "integer", minimum: 60, maximum: 31536000, description: "Seconds each occurrence lasts." },
  },
  oneOf: [{ required: ["start", "end"] }, { required: ["schedule", "duration"] }],
};
const MaintenanceWindows: JsonSchema = { type: "object", properties: { windows: { type: "array", items: { $ref: "#/components/schemas/MaintenanceWindow" } } }, required: ["windows"] };

const Error: JsonSchema = { type: "object", properties: { error: string }, required: ["error"] };

export const API_SCHEMAS: Record<string, JsonSchema> = { Check, Ping, Flip, Channel, BadgeUrls, Uptime, MaintenanceWindow, MaintenanceWindows, BadgeJson, ShieldsBadge, Error };
