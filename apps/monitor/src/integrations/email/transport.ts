// E-mail alerts (§15.3) over SMTP: subject "DOWN | <name>", a plain-text body laid out as
// the upstream's, an HTML alternative, and an unsubscribe link in the text and in the
// List-Unsubscribe headers. Only verified addresses receive alerts.
import { smtpTransport } from "@beacon/platform";
import type { MonitorConfig } from "../../config.js";
import { unsubLink } from "../../lib/channel-tokens.js";
import type { Channel } from "../../store/schema.js";
import { cloakedUrl, formatDuration, formatDurationForSentence, htmlEscape, kindDisplay, nameThenCode, naturaltime, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";

export interface EmailConf {
  value: string;
  up: boolean;
  down: boolean;
}

/** Stored as a bare address (both directions on) or as {"value", "up", "down"}. */
export function emailConf(channel: Channel): EmailConf {
  return emailConfOf(channel.value);
}

export function emailConfOf(value: string): EmailConf {
  if (!value.startsWith("{")) return { value, up: true, down: true };
  return { up: true, down: true, ...JSON.parse(value) };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const pad = (n: number) => String(n).padStart(2, "0");

/** Django's date:"r" in UTC: "Wed, 01 Jan 2020 00:00:00 +0000". */
export function rfc5322(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

const shortDate = (ms: number) => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};

/** Django's wordwrap filter: lines broken at spaces to `width`, long words left whole. */
export function wordwrap(text: string, width: number): string {
  return text
    .split("\n")
    .map((line) => {
      const out: string[] = [];
      let current = "";
      for (const word of line.split(" ")) {
        if (current !== "" && current.length + 1 + word.length > width) {
          out.push(current);
          current = word;
        } else current = current === "" ? word : `${current} ${word}`;
      }
      out.push(current);
      return out.join("\n");
    })
    .join("\n");
}

const BODY_TAIL = 10000;

export function emailSubject(alert: AlertContext): string {
  return `${alert.flip.new_status.toUpperCase()} | ${nameThenCode(alert.check)}`;
}

export function emailUnsubLink(alert: AlertContext): string {
  return unsubLink(alert.config.siteRoot, alert.channel.uuid, alert.secretKey, alert.now);
}

export function emailText(alert: AlertContext, unsub = emailUnsubLink(alert)): string {
  const { check, flip, config } = alert;
  const ping = alert.lastPing;
  const lines: string[] = [`The check "${nameThenCode(check)}" has gone ${flip.new_status}.`];
  if (flip.reason) lines.push(`Reason: ${reasonLong(flip.reason)}.`);
  if (flip.new_status === "up" && alert.downDuration) lines.push(`The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`);
  lines.push("", `View on ${config.siteName}:`, cloakedUrl(config, check));
  if (check.description) lines.push("", "Description:", "------------", check.description);
  lines.push("", "Details:", "--------");
  if (alert.project.name) lines.push(`Project: ${alert.project.name}`);
  if (check.tags) lines.push(`Tags: ${check.tags}`);
  if (check.kind === "simple") lines.push(`Period: ${formatDuration(check.timeout)}`);
  else lines.push(`Schedule: ${check.schedule}`, `Time zone: ${check.tz}`);
  lines.push(`Total pings: ${ping ? ping.n : 0} (since ${shortDate(check.created)})`);
  if (ping) {
    lines.push(`Last ping: ${naturaltime(ping.created, alert.now)}${ping.remote_addr ? `, from ${ping.remote_addr}` : ""}`);
    lines.push(`Last ping type: ${kindDisplay(ping)}`);
  }
  lines.push(`Status changed to ${flip.new_status} at: ${rfc5322(flip.created)}`);
  if (ping?.body && ping.body.length > 0) {
    const body = Buffer.from(ping.body).toString("utf8");
    lines.push("", "Last Ping Body:");
    if (body.length > BODY_TAIL) lines.push(`Showing the last ${BODY_TAIL} bytes of ${body.length} bytes total.`);
    lines.push("---------------", wordwrap(body.slice(-BODY_TAIL), 80));
  }
  lines.push("", "--", `Unsubscribe: ${unsub}`, `Regards, ${config.siteName}`);
  return lines.join("\n");
}

export function emailHtml(alert: AlertContext, unsub = emailUnsubLink(alert)): string {
  const { check, flip, config } = alert;
  const name = htmlEscape(nameThenCode(check));
  const reason = reasonLong(flip.reason);
  let head = flip.new_status === "down" ? `"${name}" is DOWN${reason ? ` (${reason})` : ""}.` : `"${name}" is UP.`;
  if (flip.new_status === "up" && alert.downDuration) head += ` The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`;
  const rows: string[] = [];
  if (alert.project.name) rows.push(`<b>Project</b><br>${htmlEscape(alert.project.name)}`);
  if (check.tags) rows.push(`<b>Tags</b><br>${htmlEscape(check.tags)}`);
  if (check.kind === "simple") rows.push(`<b>Period</b><br>${formatDuration(check.timeout)}`);
  else rows.push(`<b>Schedule</b><br><code>${htmlEscape(check.schedule)}</code>`, `<b>Time Zone</b><br>${htmlEscape(check.tz)}`);
  rows.push(`<b>Total Pings</b><br>${alert.lastPing ? alert.lastPing.n : 0}`);
  if (alert.lastPing) rows.push(`<b>Last Ping</b><br>${naturaltime(alert.lastPing.created, alert.now)}, ${htmlEscape(kindDisplay(alert.lastPing))}`);
  rows.push(`<b>Status Changed to ${flip.new_status === "up" ? "Up" : "Down"} at</b><br>${rfc5322(flip.created)}`);
  // The last ping's body, as the text part has it: its last BODY_TAIL characters.
  const body = alert.lastPing?.body && alert.lastPing.body.length > 0 ? Buffer.from(alert.lastPing.body).toString("utf8") : "";
  const bodyHtml = body
    ? `<p><b>Last Ping Body</b>${body.length > BODY_TAIL ? `<br>Showing the last ${BODY_TAIL} bytes of ${body.length} bytes total.` : ""}</p><pre style="white-space: pre-wrap">${htmlEscape(body.slice(-BODY_TAIL))}</pre>`
    : "";
  return [
    "<!DOCTYPE html>",
    `<p>${head} <a href="${htmlEscape(cloakedUrl(config, check))}">View on ${htmlEscape(config.siteName)}&hellip;</a></p>`,
    check.description ? `<p><b>Description</b><br>${htmlEscape(check.description).replace(/\n/g, "<br>")}</p>` : "",
    `<table>${rows.map((r) => `<tr><td>${r}</td></tr>`).join("")}</table>`,
    bodyHtml,
    `<p>You are receiving this email because you are subscribed to ${htmlEscape(config.siteName)} monitoring notifications${alert.project.name ? ` for project "${htmlEscape(alert.project.name)}"` : ""}.<br>`,
    `Don't want to receive these notifications? <a href="${htmlEscape(unsub)}">Unsubscribe</a>.</p>`,
  ].join("\n");
}

export const emailTransport: Transport = {
  isNoop(channel, status) {
    const conf = emailConf(channel);
    return status === "down" ? !conf.down : !conf.up;
  },

  async notify(alert) {
    if (!alert.channel.email_verified) throw new TransportError("Email not verified", false, true);
    if (!alert.config.smtpHost) throw new TransportError("Email notifications are not enabled.");
    const conf = emailConf(alert.channel);
    const unsub = emailUnsubLink(alert);
    try {
      await smtpTransport(alert.config).sendMail({
        from: alert.config.smtpFrom,
        to: conf.value,
        subject: emailSubject(alert),
        text: emailText(alert, unsub),
        html: emailHtml(alert, unsub),
        headers: { "List-Unsubscribe": `<${unsub}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
    } catch (error) {
      throw new TransportError((error as Error).message || "SMTP error", false, false, smtpTransient(error));
    }
  },
};

/** An SMTP server out of reach, or answering 4xx ("try again later", RFC 5321 §4.2.1). */
function smtpTransient(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return ["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET"].includes(code ?? "");
}

/** The mail with the link that verifies an address for an e-mail integration. */
export async function sendVerificationMail(config: MonitorConfig, to: string, link: string): Promise<void> {
  await smtpTransport(config).sendMail({
    from: config.smtpFrom,
    to,
    subject: `Verify email address on ${config.siteName}`,
    text: ["Hello,", "", `To start receiving ${config.siteName} notification to this address,`, "please follow the link below:", "", link, "", "--", "Regards,", config.siteName].join("\n"),
    html: `<p>Hello,</p><p>To start receiving ${htmlEscape(config.siteName)} notifications to this address, please follow the link below:</p><p><a href="${htmlEscape(link)}">${htmlEscape(link)}</a></p><p>--<br>Regards,<br>${htmlEscape(config.siteName)}</p>`,
  });
}

/** The link that lets the holder of an address made by the CLI set its password. */
export async function sendClaimMail(config: MonitorConfig, to: string, link: string, hours: number): Promise<void> {
  const site = config.siteName;
  await smtpTransport(config).sendMail({
    from: config.smtpFrom,
    to,
    subject: `Set your password on ${site}`,
    text: ["Hello,", "", `An account on ${site} was created for this address. To set its password`, "and sign in, please follow the link below:", "", link, "", `The link works once, within ${hours} hours.`, "If you did not ask for it, ignore this message.", "", "--", "Regards,", site].join("\n"),
    html: `<p>Hello,</p><p>An account on ${htmlEscape(site)} was created for this address. To set its password and sign in, please follow the link below:</p><p><a href="${htmlEscape(link)}">${htmlEscape(link)}</a></p><p>The link works once, within ${hours} hours. If you did not ask for it, ignore this message.</p><p>--<br>Regards,<br>${htmlEscape(site)}</p>`,
  });
}

export async function sendEmailChangeMail(config: MonitorConfig, to: string, link: string, hours: number): Promise<void> {
  const site = config.siteName;
  await smtpTransport(config).sendMail({
    from: config.smtpFrom,
    to,
    subject: `Confirm your new e-mail address on ${site}`,
    text: ["Hello,", "", `To use this address for your account on ${site}, please follow the link below:`, "", link, "", `The link works within ${hours} hours.`, "If you did not ask for it, ignore this message: nothing changes.", "", "--", "Regards,", site].join("\n"),
    html: `<p>Hello,</p><p>To use this address for your account on ${htmlEscape(site)}, please follow the link below:</p><p><a href="${htmlEscape(link)}">${htmlEscape(link)}</a></p><p>The link works within ${hours} hours. If you did not ask for it, ignore this message: nothing changes.</p><p>--<br>Regards,<br>${htmlEscape(site)}</p>`,
  });
}
