// Google Chat: a card (cardsV2) posted to a space's incoming webhook: the headline (with the
// reason or the downtime), the check's facts and a "View in <site>" button.
import { tagsList } from "../../lib/tags.js";
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { cloakedUrl, formatDuration, formatDurationForSentence, htmlEscape, kindDisplay, nameThenCode, naturaltime, reasonLong } from "../text.js";
import type { AlertContext, Transport } from "../alert.js";

/** The card's first paragraph; Google Chat reads a little HTML, so the name is escaped. */
export function googlechatText(alert: AlertContext): string {
  const { flip } = alert;
  const name = htmlEscape(nameThenCode(alert.check));
  if (flip.new_status === "down") {
    const lines = [`\u{1F534} The check <b>${name}</b> is <b>DOWN</b>.`];
    if (flip.reason) lines.push(`Reason: ${reasonLong(flip.reason)}.`);
    return lines.join("\n");
  }
  const lines = [`\u{1F7E2} The check <b>${name}</b> is now <b>UP</b>.`];
  if (alert.downDuration) lines.push(`The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`);
  return lines.join("\n");
}

export function googlechatPayload(alert: AlertContext): Record<string, unknown> {
  const { check, config } = alert;
  const widgets: Record<string, unknown>[] = [{ textParagraph: { text: googlechatText(alert) } }];
  const add = (topLabel: string, text: string) => widgets.push({ decoratedText: { topLabel, text } });
  if (alert.project.name) add("Project", alert.project.name);
  const tags = tagsList(check.tags);
  if (tags.length) add("Tags", tags.join(", "));
  if (check.kind === "simple") add("Period", formatDuration(check.timeout));
  else {
    add("Schedule", check.schedule);
    add("Time Zone", check.tz);
  }
  const ping = alert.lastPing;
  add("Total Pings", ping ? String(ping.n) : "0");
  add("Last Ping", ping ? `${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}` : "Never");
  widgets.push({ buttonList: { buttons: [{ text: `View in ${config.siteName}`, type: "FILLED", onClick: { openLink: { url: cloakedUrl(config, check) } } }] } });
  return { cardsV2: [{ card: { sections: { collapsible: true, uncollapsibleWidgetsCount: 1, widgets } } }] };
}

// compat: Google Chat has no switch of its own upstream (no GOOGLECHAT_ENABLED).
export const googlechatTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    const body = pythonJson(googlechatPayload(alert));
    await send({ method: "POST", url: alert.channel.value, headers: { "Content-Type": "application/json" }, body, allowPrivateIps: alert.config.integrationsAllowPrivateIps });
  },
};
