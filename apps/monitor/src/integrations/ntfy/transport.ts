// ntfy: a JSON POST to the server's root URL naming the topic, with per-status priorities
// (0 turns a direction off) and an optional access token.
import { pythonJson } from "../../http/router.js";
import type { Channel } from "../../store/schema.js";
import { send, userUrlAccess } from "../http.js";
import { checkFacts, cloakedUrl, formatDurationForSentence, nameThenCode, otherDownLines, reasonLong } from "../text.js";
import type { AlertContext, Transport } from "../alert.js";

export interface NtfyConf {
  topic: string;
  url: string;
  priority: number;
  priority_up: number;
  token: string;
}

export function ntfyConf(channel: Channel): NtfyConf {
  return { token: "", ...JSON.parse(channel.value) };
}

const priorityFor = (conf: NtfyConf, status: string) => (status === "up" ? conf.priority_up : conf.priority);

export function ntfyMessage(alert: AlertContext): string {
  const { flip } = alert;
  const lines: string[] = [];
  if (flip.new_status === "down" && flip.reason) lines.push(`Reason: ${reasonLong(flip.reason)}.`, "");
  else if (flip.new_status === "up" && alert.downDuration) lines.push(`The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`, "");
  // compat: the upstream's ntfy message is Markdown and escapes nothing.
  lines.push(...checkFacts(alert, { label: (name) => `**${name}:**`, code: (value) => `\`${value}\``, escape: (value) => value }));
  lines.push(...otherDownLines(alert, (c, last) => `\u2022 **${nameThenCode(c)}** (last ping: ${last})`));
  return lines.join("\n").trim();
}

export const ntfyTransport: Transport = {
  isNoop: (channel, status) => priorityFor(ntfyConf(channel), status) === 0,

  async notify(alert) {
    const conf = ntfyConf(alert.channel);
    const status = alert.flip.new_status;
    const payload = {
      topic: conf.topic,
      priority: priorityFor(conf, status),
      title: `${nameThenCode(alert.check)} is ${status.toUpperCase()}`,
      message: ntfyMessage(alert),
      markdown: true,
      tags: [status === "down" ? "red_circle" : "green_circle"],
      actions: [{ action: "view", label: `View on ${alert.config.siteName}`, url: cloakedUrl(alert.config, alert.check) }],
    };
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (conf.token) headers.Authorization = `Bearer ${conf.token}`;
    await send({ method: "POST", url: conf.url, headers, body: pythonJson(payload), ...userUrlAccess(alert.config) });
  },
};
