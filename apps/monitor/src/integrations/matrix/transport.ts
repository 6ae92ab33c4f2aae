// Matrix: an m.room.message event PUT into the room (the stored room id) by the bot account
// of the settings, with a plain body and an HTML body.
import { randomUUID } from "node:crypto";
import { tagsList } from "../../lib/tags.js";
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { cloakedUrl, formatDuration, formatDurationForSentence, htmlEscape, kindDisplay, nameThenCode, naturaltime, pingBodyText, pyQuote, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { matrixSettings } from "./settings.js";

const e = htmlEscape;

export function matrixPlain(alert: AlertContext): string {
  const { flip } = alert;
  // compat: the upstream's plain-text template escapes the name for HTML too.
  const name = e(nameThenCode(alert.check));
  if (flip.new_status === "down") return `${name} is DOWN${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.`;
  return `${name} is now UP.${alert.downDuration ? ` The downtime lasted ${formatDurationForSentence(alert.downDuration)}.` : ""}`;
}

export function matrixFormatted(alert: AlertContext): string {
  const { check, flip, config } = alert;
  const link = (c: { name: string; uuid: string; unique_key: string }) => `<a href="${e(cloakedUrl(config, c))}">${e(nameThenCode(c))}</a>`;
  const lines: string[] = [];
  if (flip.new_status === "down") lines.push(`\u{1F534} The check ${link(check)} is <b>DOWN</b>${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.`);
  else {
    lines.push(`\u{1F7E2} The check ${link(check)} is <b>UP</b>.`);
    if (alert.downDuration) lines.push(`<br>The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`);
  }
  lines.push("<br>", "<br>");
  if (alert.project.name) lines.push(`<b>Project:</b> ${e(alert.project.name)}<br>`);
  const tags = tagsList(check.tags);
  if (tags.length) lines.push(`<b>Tags:</b> ${tags.map((t) => `<code>${e(t)}</code> `).join("")}<br>`);
  if (check.kind === "simple") lines.push(`<b>Period:</b> ${formatDuration(check.timeout)}<br>`);
  else lines.push(`<b>Schedule:</b> <code>${e(check.schedule)}</code><br>`, `<b>Time Zone:</b> ${e(check.tz)}<br>`);
  const ping = alert.lastPing;
  lines.push(`<b>Total Pings:</b> ${ping ? ping.n : 0}<br>`);
  lines.push(ping ? `<b>Last Ping:</b> ${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}<br>` : "<b>Last Ping:</b> Never<br>");
  const body = pingBodyText(ping, 1000);
  if (body) lines.push("<b>Last Ping Body:</b><br>", `<pre>${e(body)}</pre>`);
  if (alert.otherDown !== null) {
    lines.push("<br>");
    const others = alert.otherDown;
    const word = flip.new_status === "down" ? "also" : "still";
    if (others.length > 10) lines.push(`${others.length} other checks are ${word} down.<br>`);
    else if (others.length > 0) {
      lines.push(`The following checks are ${word} down:<br>`, "<ul>");
      for (const c of others) lines.push(`<li>${link(c)} (last ping: ${c.last_ping === null ? "never" : naturaltime(c.last_ping, alert.now)})</li>`);
      lines.push("</ul>");
    } else lines.push("All the other checks are up.<br>");
  }
  return lines.join("\n");
}

export const matrixTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    const { homeserver, accessToken } = matrixSettings.of(alert.config);
    if (!homeserver || !accessToken) throw new TransportError("Matrix notifications are not enabled.");
    // A fresh transaction id per attempt, as upstream; "/" quoted too (see routes.ts).
    const url = `${homeserver.replace(/\/+$/, "")}/_matrix/client/v3/rooms/${pyQuote(alert.channel.value, "")}/send/m.room.message/${randomUUID()}`;
    const payload = { msgtype: "m.text", body: matrixPlain(alert), format: "org.matrix.custom.html", formatted_body: matrixFormatted(alert) };
    // The homeserver is the operator's setting: private addresses are allowed.
    await send({ method: "PUT", url, headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" }, body: pythonJson(payload), allowPrivateIps: true });
  },
};
