// Trello: a card added to the chosen list when a check goes down (nothing when it comes back
// up), the card's fields in the query string, as upstream sends them.
import { send } from "../http.js";
import { cloakedUrl, formatDuration, formEncode, htmlEscape, nameThenCode, naturaltime } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { trelloSettings } from "./settings.js";

export interface TrelloConf {
  token: string;
  list_id: string;
  board_name: string;
  list_name: string;
}

export const trelloCardName = (alert: AlertContext) => `${alert.flip.new_status === "down" ? "Down" : "Up"}: ${nameThenCode(alert.check)}`;

/** The card's description: the upstream's template, blank lines and all. */
export function trelloDesc(alert: AlertContext): string {
  const { check, config } = alert;
  const e = htmlEscape;
  const period = check.kind === "simple" ? `\n**Period:** ${formatDuration(check.timeout)}\n` : "";
  const schedule = check.kind === "simple" ? "" : `\n**Schedule:** \`${e(check.schedule)}\`\n\n**Time Zone:** ${e(check.tz)}\n`;
  const lastPing = alert.lastPing ? naturaltime(alert.lastPing.created, alert.now) : "never";
  // compat: the description is not escaped (the upstream marks it safe); the rest is.
  const text = `\n${check.description}\n\n${period}\n\n${schedule}\n\n**Last Ping:** ${lastPing}\n\n[Full Details @ ${e(config.siteName)}](${e(cloakedUrl(config, check))})`;
  return text.trim();
}

export const trelloTransport: Transport = {
  isNoop: (_channel, status) => status !== "down",
  async notify(alert) {
    const { appKey, apiUrl } = trelloSettings.of(alert.config);
    if (!appKey) throw new TransportError("Trello notifications are not enabled.");
    const conf: TrelloConf = JSON.parse(alert.channel.value);
    const query = formEncode({ idList: conf.list_id, name: trelloCardName(alert), desc: trelloDesc(alert), key: appKey, token: conf.token });
    // Trello's API is the operator's setting: private addresses are allowed.
    await send({ method: "POST", url: `${apiUrl}/1/cards?${query}`, allowPrivateIps: true });
  },
};
