// GitHub: an issue opened in the repository when a check goes down (nothing when it comes
// back up), as the app's installation, with the labels chosen at set-up.
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { checkFacts, cloakedUrl, htmlEscape, nameThenCode, pingBodyText, reasonLong } from "../text.js";
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
  lines.push(...checkFacts(alert, { label: (name) => `**${name}:**`, code: (value) => `\`${e(value)}\``, escape: e, tags: (tags) => tags.map((t) => `\`${e(t)}\` `).join("") }));
  const body = pingBodyText(alert.lastPing, 1000);
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
