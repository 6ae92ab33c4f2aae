// PagerDuty: one event per flip to the Events API's generic endpoint, "trigger" on down and
// "resolve" on up, keyed by the check's unique_key so the resolve closes the same incident.
import { tagsList } from "../../lib/tags.js";
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { formatDuration, kindDisplay, nameThenCode, naturaltime, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { pdSettings } from "./settings.js";

export interface PdConf {
  service_key: string;
  account?: string | null;
}

/** The upstream's PdConf.load: a bare service key, or JSON from the Connect flow. */
export function pdConf(value: string): PdConf {
  if (!value.startsWith("{")) return { service_key: value };
  return JSON.parse(value) as PdConf;
}

export function pdDescription(alert: AlertContext): string {
  const name = nameThenCode(alert.check);
  if (alert.flip.new_status !== "down") return `${name} received a ping and is now UP`;
  // compat: the name is not HTML-escaped here (the upstream's template marks it safe).
  return alert.flip.reason ? `${name} is DOWN (${reasonLong(alert.flip.reason)}).` : `${name} is DOWN.`;
}

export function pdPayload(alert: AlertContext): Record<string, unknown> {
  const { check, config } = alert;
  const details: Record<string, unknown> = { Project: alert.project.name };
  const ping = alert.lastPing;
  details["Total pings"] = ping ? ping.n : 0;
  details["Last ping"] = ping ? `${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}` : "Never";
  if (check.description) details.Description = check.description;
  const tags = tagsList(check.tags);
  if (tags.length) details.Tags = tags.join(", ");
  if (check.kind === "simple") details.Period = formatDuration(check.timeout);
  else {
    details.Schedule = check.schedule;
    details["Time zone"] = check.tz;
  }
  return {
    service_key: pdConf(alert.channel.value).service_key,
    incident_key: check.unique_key,
    event_type: alert.flip.new_status === "down" ? "trigger" : "resolve",
    description: pdDescription(alert),
    client: config.siteName,
    client_url: `${config.siteRoot}/checks/${check.uuid}/details/`,
    details,
  };
}

export const pdTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    const settings = pdSettings.of(alert.config);
    if (!settings.enabled) throw new TransportError("PagerDuty notifications are not enabled.");
    const url = `${settings.apiUrl.replace(/\/+$/, "")}/generic/2010-04-15/create_event.json`;
    await send({ method: "POST", url, headers: { "Content-Type": "application/json" }, body: pythonJson(pdPayload(alert)), allowPrivateIps: true });
  },
};
