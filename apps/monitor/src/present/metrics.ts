// Checks -> Prometheus text exposition, with the upstream's metric names, help lines
// and label order, so existing scrape configs and dashboards keep working.
import { computeStatus } from "../lib/status.js";
import { tagsList } from "../lib/tags.js";
import type { Check } from "../store/schema.js";

const escapeLabel = (s: string) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function gauge(name: string, help: string, samples: string[]): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} gauge\n${samples.join("")}`;
}

export function presentMetrics(checks: Check[], now: number): string {
  const rows = checks.map((check) => ({
    check,
    labels: `{name="${escapeLabel(check.name)}", tags="${escapeLabel(check.tags)}", unique_key="${check.unique_key}"}`,
    status: computeStatus(check, now, false),
    started: check.last_start !== null ? 1 : 0,
  }));
  const perCheck = (metric: string, value: (row: (typeof rows)[number]) => number) => rows.map((row) => `${metric}${row.labels} ${value(row)}\n`);

  const allTags = new Set<string>();
  const downTags = new Set<string>();
  let numDown = 0;
  for (const row of rows) {
    const tags = tagsList(row.check.tags);
    for (const tag of tags) allTags.add(tag);
    if (row.status === "down") {
      numDown++;
      for (const tag of tags) downTags.add(tag);
    }
  }
  const tagSamples = [...allTags].sort().map((tag) => `hc_tag_up{tag="${escapeLabel(tag)}"} ${downTags.has(tag) ? 0 : 1}\n`);

  return [
    gauge("hc_check_up", "Whether the check is currently up (1 for yes, 0 for no).", perCheck("hc_check_up", (r) => (r.status === "down" ? 0 : 1))),
    gauge("hc_check_started", "Whether the check is currently started (1 for yes, 0 for no).", perCheck("hc_check_started", (r) => r.started)),
    gauge("hc_check_grace", "Whether the check is currently in the grace period (1 for yes, 0 for no).", perCheck("hc_check_grace", (r) => (r.status === "grace" ? 1 : 0))),
    gauge("hc_check_paused", "Whether the check is currently paused (1 for yes, 0 for no).", perCheck("hc_check_paused", (r) => (r.status === "paused" ? 1 : 0))),
    gauge("hc_tag_up", "Whether all checks with this tag are up (1 for yes, 0 for no).", tagSamples),
    gauge("hc_checks_total", "The total number of checks.", [`hc_checks_total ${checks.length}\n`]) + "\n",
  ].join("\n") + gauge("hc_checks_down_total", "The number of checks currently down.", [`hc_checks_down_total ${numDown}\n`]);
}
