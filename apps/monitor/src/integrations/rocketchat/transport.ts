// Rocket.Chat: a JSON message with one coloured attachment of fields, posted to the
// incoming webhook URL (the stored value). The ping body is not sent: its size and a link.
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { cloakedUrl, formatDurationForSentence, nameThenCode, reasonLong } from "../text.js";
import { slackField, slackFields } from "../slack/transport.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { rocketchatSettings } from "./settings.js";

/** Rocket.Chat reads a bare asterisk as Markdown: a backslash keeps it literal. */
const escapeAsterisks = (s: string) => s.replace(/\*/g, "\\*");

export function rocketchatText(alert: AlertContext): string {
  const { check, flip } = alert;
  const first = `[${nameThenCode(check)}](${cloakedUrl(alert.config, check)}) is ${flip.new_status.toUpperCase()}${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.`;
  const downtime = flip.new_status === "up" && alert.downDuration ? `The downtime lasted ${formatDurationForSentence(alert.downDuration)}.` : "";
  return `${first}\n${downtime}`.trim();
}

export function rocketchatPayload(alert: AlertContext): Record<string, unknown> {
  const { check, flip, config } = alert;
  const url = cloakedUrl(config, check);
  const fields = slackFields(alert, escapeAsterisks);
  const ping = alert.lastPing;
  const size = ping?.body?.length ?? 0;
  if (ping && size) fields.push(slackField("Last Ping Body", `${size} ${size === 1 ? "byte" : "bytes"}, [show body](${url}#ping-${ping.n})`));
  return {
    alias: config.siteName,
    avatar: `${config.siteRoot}/static/img/logo.png`,
    text: rocketchatText(alert),
    attachments: [{ color: flip.new_status === "up" ? "#5cb85c" : "#d9534f", fields }],
  };
}

export const rocketchatTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    if (!rocketchatSettings.of(alert.config).enabled) throw new TransportError("Rocket.Chat notifications are not enabled.");
    const request = { method: "POST" as const, url: alert.channel.value, headers: { "Content-Type": "application/json" }, body: pythonJson(rocketchatPayload(alert)), allowPrivateIps: alert.config.integrationsAllowPrivateIps };
    await send(request);
  },
};
