// Gotify: a JSON message posted to <server>/message with the application token in the query,
// Markdown-rendered, with a priority per direction (0 turns a direction off; none stored:
// the server's default).
import { pythonJson } from "../../http/router.js";
import type { Channel } from "../../store/schema.js";
import { send } from "../http.js";
import { cloakedUrl, formatDurationForSentence, formEncode, htmlEscape, nameThenCode, otherDownLines, reasonLong } from "../text.js";
import type { AlertContext, Transport } from "../alert.js";

export interface GotifyConf {
  url: string;
  token: string;
  priority: number | null;
  priority_up: number | null;
}

export function gotifyConf(value: string): GotifyConf {
  return { priority: null, priority_up: null, ...JSON.parse(value) };
}

const priorityFor = (channel: Channel, status: string) => {
  const conf = gotifyConf(channel.value);
  return status === "up" ? conf.priority_up : conf.priority;
};

/** Python's urljoin(base + "/", "message"): the endpoint under the server's path. */
export function messageUrl(conf: GotifyConf): string {
  const base = conf.url.endsWith("/") ? conf.url : `${conf.url}/`;
  return `${new URL("message", base).toString()}?${formEncode({ token: conf.token })}`;
}

export function gotifyMessage(alert: AlertContext): string {
  const { check, flip, config } = alert;
  // compat: the upstream's template escapes names for HTML even in this Markdown message.
  const link = (c: { name: string; uuid: string; unique_key: string }) => `[${htmlEscape(nameThenCode(c))}](${cloakedUrl(config, c)})`;
  const lines: string[] = [];
  if (flip.new_status === "down") lines.push(`\u{1F534} The check ${link(check)} is **DOWN**${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.`);
  else {
    lines.push(`\u{1F7E2} The check ${link(check)} is now **UP**.`);
    if (alert.downDuration) lines.push("", `The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`);
  }
  lines.push(...otherDownLines(alert, (c, last) => `- ${link(c)} (last ping: ${last})`));
  return lines.join("\n").trim();
}

export const gotifyTransport: Transport = {
  isNoop: (channel, status) => priorityFor(channel, status) === 0,

  async notify(alert) {
    const conf = gotifyConf(alert.channel.value);
    const status = alert.flip.new_status;
    const payload: Record<string, unknown> = {
      title: `${nameThenCode(alert.check)} is ${status.toUpperCase()}`,
      message: gotifyMessage(alert),
      extras: { "client::display": { contentType: "text/markdown" } },
    };
    const priority = priorityFor(alert.channel, status);
    if (priority !== null && priority !== undefined) payload.priority = priority;
    await send({ method: "POST", url: messageUrl(conf), headers: { "Content-Type": "application/json" }, body: pythonJson(payload), allowPrivateIps: alert.config.integrationsAllowPrivateIps });
  },
};
