// The monthly report e-mail (upstream's "sendreports"): on the first of each month, every
// account that signs in to the dashboard and has not opted out gets the status of the checks
// in its projects and how often each went down in the month before. An account's first report
// is scheduled, not sent, when the worker first sees it. Several workers may run: each claims
// an account's report by moving its date forward (compare-and-set) before sending it.
import type { MonitorDeps } from "../deps.js";
import { computeStatus } from "../lib/status.js";
import { percent, type UptimeReport } from "../lib/uptime.js";
import { signPayload } from "../lib/signing.js";
import { listChecks } from "../store/checks.js";
import { listAccessibleProjects } from "../store/memberships.js";
import type { Account } from "../store/schema.js";
import { findAccountById } from "../store/web-accounts.js";
import { accountsDueForReport, claimReport, scheduleFirstReport, updateProfile } from "../store/web-profiles.js";
import { sendAccountMail } from "./account-mail.js";
import { uptimeOf } from "./uptime.js";

export const REPORT_SALT = "monthly-report-unsubscribe";

/** 00:00 UTC on the first of the month after `ms`. */
export function nextMonthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

const STATUS_WORDS: Record<string, string> = { new: "new", up: "up", grace: "late", down: "DOWN", paused: "paused", started: "running" };

async function reportFor(deps: MonitorDeps, account: Account, now: number): Promise<string[] | null> {
  const since = now - 30 * 86400_000;
  const paragraphs: string[] = [];
  for (const { project } of await listAccessibleProjects(deps.db, account.id)) {
    const checks = await listChecks(deps.db, project.id);
    if (checks.length === 0) continue;
    const downs = await deps.db
      .selectFrom("flips")
      .select(["check_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("check_id", "in", checks.map((c) => c.id))
      .where("new_status", "=", "down")
      .where("created", ">=", since)
      .groupBy("check_id")
      .execute();
    const byCheck = new Map(downs.map((d) => [Number(d.check_id), Number(d.n)]));
    const uptime = await uptimeOf(deps.db, checks, now);
    const lines = checks.map((c) => {
      const n = byCheck.get(c.id) ?? 0;
      return `• ${c.name || "unnamed"}: ${STATUS_WORDS[computeStatus(c, now, true)]}; ${n === 0 ? "no downtime" : n === 1 ? "down once" : `down ${n} times`} in the last 30 days${uptimeLine(uptime.get(c.id)!)}`;
    });
    paragraphs.push(`Project "${project.name}":\n${lines.join("\n")}`);
  }
  return paragraphs.length ? paragraphs : null;
}

/** The uptime figures (docs/monitor-extensions.md): the last 30 days, and the month just ended. */
function uptimeLine(report: UptimeReport): string {
  const days = report.days.find((d) => d.days === 30)!;
  const [, lastMonth] = report.months;
  const month = new Date(lastMonth.start).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  if (days.up_fraction === null && lastMonth.up_fraction === null) return "";
  return ` (uptime ${percent(days.up_fraction)}; ${month}: ${percent(lastMonth.up_fraction)}, ${lastMonth.downtimes === 1 ? "1 downtime" : `${lastMonth.downtimes} downtimes`})`;
}

export function reportUnsubscribeLink(deps: MonitorDeps, accountId: number): string {
  return `${deps.config.siteRoot}/accounts/reports/unsubscribe/${signPayload({ a: accountId }, deps.secretKey, REPORT_SALT, deps.clock.now().getTime())}/`;
}

/** Sends the reports that are due; returns how many were sent. */
export async function sendDueReports(deps: MonitorDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const rows = await accountsDueForReport(deps.db, now);
  let sent = 0;
  for (const { reports, next_report, ...account } of rows) {
    const next = nextMonthStart(now);
    if (reports === null || next_report === null) {
      // First sight: schedule the first report for the next month's start.
      await scheduleFirstReport(deps.db, account.id, next);
      continue;
    }
    if (!(await claimReport(deps.db, account.id, next_report, next))) continue;
    const report = await reportFor(deps, account, now);
    if (!report) continue;
    const month = new Date(now - 86400_000).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    const ok = await sendAccountMail(deps, account.email, {
      subject: `Monthly report: ${month} on ${deps.config.siteName}`,
      paragraphs: [`Here is how your checks did over the last 30 days.`, ...report, `Your dashboard: ${deps.config.siteRoot}/projects/`, "Stop these reports (or change it on your account page):", reportUnsubscribeLink(deps, account.id)],
    });
    if (ok) sent++;
  }
  return sent;
}

// The worker asks at most once a minute: reports are due once a month.
const lastAsked = new WeakMap<MonitorDeps, number>();

export async function sendDueReportsNow(deps: MonitorDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  if (now - (lastAsked.get(deps) ?? -Infinity) < 60_000) return;
  lastAsked.set(deps, now);
  await sendDueReports(deps);
}

/** The report's unsubscribe link: no more reports for this account (one that is gone is left alone). */
export async function stopMonthlyReports(deps: MonitorDeps, accountId: number): Promise<void> {
  if (await findAccountById(deps.db, accountId)) await updateProfile(deps.db, accountId, { reports: 0 });
}
