// PagerTree: one event per flip to the integration's webhook URL, "trigger" on down and
// "resolve" on up, keyed by the check's unique_key.
import { tagsList } from "../../lib/tags.js";
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { htmlEscape, nameThenCode, naturaltime, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { pagertreeSettings } from "./settings.js";

export function pagertreePayload(alert: AlertContext): Record<string, unknown> {
  const { check, flip, config } = alert;
  const status = flip.new_status;
  const headline = (name: string) => `${name} is ${status.toUpperCase()}${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}`;
  // compat: the upstream's title leaves the name as is, its description HTML-escapes it.
  let description = `${headline(htmlEscape(nameThenCode(check)))}.`;
  if (status === "down" && alert.lastPing) description += `\n\nLast ping was ${naturaltime(alert.lastPing.created, alert.now)}.`;
  return {
    incident_key: check.unique_key,
    event_type: status === "down" ? "trigger" : "resolve",
    title: headline(nameThenCode(check)),
    description,
    client: config.siteName,
    client_url: config.siteRoot,
    tags: tagsList(check.tags).join(" "),
  };
}

export const pagertreeTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    if (!pagertreeSettings.of(alert.config).enabled) throw new TransportError("PagerTree notifications are not enabled.");
    const request = { method: "POST" as const, url: alert.channel.value, headers: { "Content-Type": "application/json" }, body: pythonJson(pagertreePayload(alert)) };
    await send({ ...request, allowPrivateIps: alert.config.integrationsAllowPrivateIps });
  },
};
