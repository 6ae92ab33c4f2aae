// Zulip (§15.4): a form-encoded POST to <site>/api/v1/messages with the bot's Basic auth.
import type { Channel } from "../../store/schema.js";
import { send, userUrlAccess } from "../http.js";
import { cloakedUrl, formatDurationForSentence, formEncode, htmlEscape, nameThenCode, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { zulipSettings } from "./settings.js";

export interface ZulipConf {
  bot_email: string;
  api_key: string;
  mtype: string;
  to: string;
  site: string;
  topic: string;
}

export function zulipConf(channel: Channel): ZulipConf {
  const doc = JSON.parse(channel.value);
  const conf: ZulipConf = { site: "", topic: "", ...doc };
  if (!conf.site) conf.site = `https://${conf.bot_email.split("@")[1]}`;
  return conf;
}

/** A direct message to a user id is sent as a JSON list of ids. */
const formattedTo = (conf: ZulipConf) => (conf.mtype === "private" && /^\d+$/.test(conf.to) ? `[${conf.to}]` : conf.to);

export function zulipContent(alert: AlertContext): string {
  const { check, flip } = alert;
  // compat: the upstream's template autoescapes the name, URL and description as HTML.
  const reason = reasonLong(flip.reason);
  let out = `[${htmlEscape(nameThenCode(check))}](${htmlEscape(cloakedUrl(alert.config, check))}) is **${flip.new_status.toUpperCase()}**${reason ? ` (${reason})` : ""}.\n`;
  if (flip.new_status === "up" && alert.downDuration) out += `The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`;
  out += "\n\n";
  if (check.description) out += `\n---\n**Description**\n${htmlEscape(check.description)}\n`;
  return out.trim();
}

export const zulipTransport: Transport = {
  isNoop: () => false,

  async notify(alert) {
    if (!zulipSettings.of(alert.config).enabled) throw new TransportError("Zulip notifications are not enabled.");
    const conf = zulipConf(alert.channel);
    const topic = conf.topic || `${nameThenCode(alert.check)} is ${alert.flip.new_status.toUpperCase()}`;
    const body = formEncode({ type: conf.mtype, to: formattedTo(conf), topic, content: zulipContent(alert) });
    await send(
      {
        method: "POST",
        url: `${conf.site}/api/v1/messages`,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        auth: [conf.bot_email, conf.api_key],
        ...userUrlAccess(alert.config),
      },
      (res) => {
        let message = `Received status code ${res.status}`;
        try {
          const doc = JSON.parse(res.body.toString("utf8"));
          if (typeof doc?.msg === "string") message += ` with a message: "${doc.msg}"`;
        } catch {
          // not JSON: the bare status is all there is to say
        }
        return new TransportError(message);
      },
    );
  },
};
