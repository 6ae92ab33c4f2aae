// Check rows -> the upstream's check object, keys in its order (clients and the
// black-box suites compare key lists).
import type { MonitorConfig } from "../config.js";
import { pingEndpoint } from "../config.js";
import { isoSeconds } from "../lib/dates.js";
import { computeStatus, graceStart } from "../lib/status.js";
import type { Check, MaintenanceWindow } from "../store/schema.js";
import { presentWindow } from "./window.js";

export interface CheckContext {
  config: MonitorConfig;
  version: 1 | 2 | 3;
  readOnly: boolean;
  now: number;
  /** UUIDs each check depends on (an extension); absent or empty: none. */
  dependencies?: ReadonlyMap<number, string[]>;
  /** Each check's own maintenance windows (an extension); absent or empty: none. */
  windows?: ReadonlyMap<number, MaintenanceWindow[]>;
}

const bool = (v: number) => v === 1;
const iso = (ms: number | null) => (ms === null ? null : isoSeconds(ms));

export function presentCheck(check: Check, channelUuids: string[], ctx: CheckContext): Record<string, unknown> {
  const { siteRoot } = ctx.config;
  const out: Record<string, unknown> = {
    name: check.name,
    slug: check.slug,
    tags: check.tags,
    desc: check.description,
    grace: check.grace,
    n_pings: check.n_pings,
    status: computeStatus(check, ctx.now, ctx.version === 1),
    started: check.last_start !== null,
    last_ping: iso(check.last_ping),
    next_ping: iso(graceStart(check)),
    manual_resume: bool(check.manual_resume),
    methods: check.methods,
    subject: check.filter_subject ? check.success_kw : "",
    subject_fail: check.filter_subject ? check.failure_kw : "",
    start_kw: check.start_kw,
    success_kw: check.success_kw,
    failure_kw: check.failure_kw,
    filter_subject: bool(check.filter_subject),
    filter_body: bool(check.filter_body),
    filter_http_body: bool(check.filter_http_body),
    filter_default_fail: bool(check.filter_default_fail),
    badge_url: `${siteRoot}/b/2/${check.badge_key}.svg`,
  };
  // compat: truncated to whole seconds, and left out when no run was paired (null). Upstream
  // tests a timedelta for truth, but it keeps microseconds, so a paired run is never exactly
  // zero there; here, with milliseconds, a start and an end in the same millisecond are, and
  // still report 0 as upstream does for any run it paired.
  if (check.last_duration !== null) out.last_duration = Math.floor(check.last_duration / 1000);
  if (ctx.readOnly) {
    out.unique_key = check.unique_key;
  } else {
    const updateUrl = `${siteRoot}/api/v${ctx.version}/checks/${check.uuid}`;
    out.uuid = check.uuid;
    out.ping_url = pingEndpoint(ctx.config) + check.uuid;
    out.update_url = updateUrl;
    out.pause_url = `${updateUrl}/pause`;
    out.resume_url = `${updateUrl}/resume`;
    out.channels = [...channelUuids].sort().join(",");
  }
  if (check.kind === "simple") {
    out.timeout = check.timeout;
  } else {
    out.schedule = check.schedule;
    out.tz = check.tz;
  }
  presentExtensions(check, out);
  const dependsOn = ctx.dependencies?.get(check.id);
  if (dependsOn && dependsOn.length > 0) out.depends_on = [...dependsOn].sort().join(",");
  const windows = ctx.windows?.get(check.id);
  if (windows && windows.length > 0) out.maintenance = windows.map(presentWindow);
  return out;
}

/**
 * Beacon's fields (docs/monitor-extensions.md), after the upstream's and only when set to
 * something other than their default: a check that uses none serializes as Healthchecks'.
 */
function presentExtensions(check: Check, out: Record<string, unknown>): void {
  if (check.fail_threshold !== 1) out.fail_threshold = check.fail_threshold;
  if (check.min_duration !== 0) out.min_duration = check.min_duration;
  if (check.max_duration !== 0) out.max_duration = check.max_duration;
  if (check.body_regex !== "") out.body_regex = check.body_regex;
}
