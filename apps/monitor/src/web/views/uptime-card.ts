// The details page's uptime figures (lib/uptime.ts): the last 7, 30 and 90 days and the last
// three calendar months, from the check's flips.
import { percent, type UptimeFigures, type UptimeReport } from "../../lib/uptime.js";
import { html, type Html } from "../html.js";
import { formatDuration } from "./format.js";

const downtime = (f: UptimeFigures) =>
  f.downtimes === 0 && f.down_seconds === 0 ? "no downtime" : `${f.downtimes === 1 ? "1 downtime" : `${f.downtimes} downtimes`}${f.down_seconds >= 60 ? `, ${formatDuration(f.down_seconds)} down` : ""}`;

export function uptimeCard(report: UptimeReport): Html {
  const row = (label: string, f: UptimeFigures) => html`<tr><th scope="row">${label}</th><td class="uptime-figure">${percent(f.up_fraction)}</td><td class="muted small">${downtime(f)}</td></tr>`;
  const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  return html`<section class="card uptime-card">
  <h2>Uptime</h2>
  <table class="uptime">
    <tbody>
      ${report.days.map((d) => row(`Last ${d.days} days`, d))}
      ${report.months.map((m) => row(monthName(m.month), m))}
    </tbody>
  </table>
  <p class="hint">Time up over time up or down; time new or paused does not count. Months in UTC.</p>
</section>`;
}
