// GitHub: an issue opened in the repository when a check goes down (nothing when it comes
// back up), as the app's installation, with the labels chosen at set-up.
import { tagsList } from "../../lib/tags.js";
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { cloakedUrl, formatDuration, htmlEscape, kindDisplay, nameThenCode, naturaltime, pingBodyText, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { installationToken } from "./client.js";
import { githubSettings } from "./settings.js";

export interface GitHubConf {
  installation_id: number;
  repo: string;
  labels: string[];
}

export const githubConf = (value: string): GitHubConf => ({ labels: [], ...JSON.parse(value) });

const e = htmlEscape;

export function githubBody(alert: AlertContext): string {
  const { check, flip } = alert;
  const lines: string[] = [];
  lines.push(`The check [${e(nameThenCode(check))}](${cloakedUrl(alert.config, check)}) is **DOWN**${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.`, "");
  if (alert.project.name) lines.push(`**Project:** ${e(alert.project.name)}`);
  const tags = tagsList(check.tags);
  if (tags.length) lines.push(`**Tags:** ${tags.map((t) => `\`${e(t)}\` `).join("")}`);
  if (check.kind === "simple") lines.push(`**Period:** ${formatDuration(check.timeout)}`);
  else lines.push(`**Schedule:** \`${e(check.schedule)}\``, `**Time Zone:** ${e(check.tz)}`);
  const ping = alert.lastPing;
  lines.push(`**Total Pings:** ${ping ? ping.n : 0}`);
  lines.push(ping ? `**Last Ping:** ${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}` : "**Last Ping:** Never");
  const body = pingBodyText(ping, 1000);
  if (body && !body.includes("```")) lines.push("**Last Ping Body:**", `<pre>${e(body)}</pre>`);
  return lines.join("\n").trim();
}

export const githubTransport: Transport = {
  isNoop: (_channel, status) => status !== "down",

  async notify(alert) {
    const settings = githubSettings.of(alert.config);
    if (!settings.privateKey) throw new TransportError("GitHub notifications are not enabled.");
    const conf = githubConf(alert.channel.value);
    const payload = { title: `${nameThenCode(alert.check)} is ${alert.flip.new_status.toUpperCase()}`, body: githubBody(alert), labels: conf.labels };
    const token = await installationToken(alert.config, conf.installation_id, alert.now);
    if (token === null) throw new TransportError(`GitHub denied access to ${conf.repo}`);
    await send(
      { method: "POST", url: `${settings.apiUrl}/repos/${conf.repo}/issues`, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: pythonJson(payload), allowPrivateIps: true },
      // A 410 (issues turned off, the repository gone) will not heal: the integration is disabled.
      (res) => new TransportError(`Received status code ${res.status}`, res.status === 410),
    );
  },
};
