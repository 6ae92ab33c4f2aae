// Opsgenie: creates an alert on down and closes it on up, both keyed by the check's
// unique_key as the alert's alias, in the integration's region (US or EU).
import { tagsList } from "../../lib/tags.js";
import { pythonJson } from "../../http/router.js";
import { parseConfig, str } from "../form.js";
import { send, type HttpResponse } from "../http.js";
import { cloakedUrl, formatDuration, htmlEscape, kindDisplay, nameThenCode, naturaltime, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { opsgenieSettings } from "./settings.js";

export interface OpsgenieConf {
  key: string;
  region: string;
}

/** The stored value; one provisioned blank reads as no key (and Opsgenie refuses it). */
export function opsgenieConf(value: string): OpsgenieConf {
  const c = parseConfig(value);
  return { key: str(c.key), region: str(c.region) };
}

export function opsgeniePayload(alert: AlertContext): Record<string, unknown> {
  const { check, flip, config } = alert;
  const payload: Record<string, unknown> = { alias: check.unique_key, source: config.siteName };
  if (flip.new_status !== "down") return payload;
  payload.tags = tagsList(check.tags);
  // compat: the upstream's template HTML-escapes the name ("Foo &amp; Bar").
  const reason = flip.reason ? ` (${reasonLong(flip.reason)})` : "";
  payload.message = `The check "${htmlEscape(nameThenCode(check))}" is DOWN${reason}.`;
  payload.description = check.description;
  const ping = alert.lastPing;
  const details: Record<string, unknown> = { Project: alert.project.name };
  details["Total pings"] = ping ? ping.n : 0;
  details["Last ping"] = ping ? `${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}` : "Never";
  if (check.kind === "simple") details.Period = formatDuration(check.timeout);
  else {
    details.Schedule = `<code>${check.schedule}</code>`;
    details["Time zone"] = check.tz;
  }
  details["Full details"] = cloakedUrl(config, check);
  payload.details = details;
  return payload;
}

/** Opsgenie explains a refusal in a JSON "message", which the error quotes. */
function opsgenieError(res: HttpResponse): TransportError {
  let message = `Received status code ${res.status}`;
  try {
    const doc: unknown = JSON.parse(res.body.toString("utf8"));
    const said = doc && typeof doc === "object" ? (doc as Record<string, unknown>).message : undefined;
    if (typeof said === "string") message += ` with a message: "${said}"`;
  } catch {
    // not JSON: the status code alone
  }
  return new TransportError(message);
}

export const opsgenieTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    const settings = opsgenieSettings.of(alert.config);
    if (!settings.enabled) throw new TransportError("Opsgenie notifications are not enabled.");
    const conf = opsgenieConf(alert.channel.value);
    let url = `${(conf.region === "eu" ? settings.euApiUrl : settings.apiUrl).replace(/\/+$/, "")}/v2/alerts`;
    if (alert.flip.new_status === "up") url += `/${alert.check.unique_key}/close?identifierType=alias`;
    const headers = { "Content-Type": "application/json", Authorization: `GenieKey ${conf.key}` };
    await send({ method: "POST", url, headers, body: pythonJson(opsgeniePayload(alert)), allowPrivateIps: true }, opsgenieError);
  },
};
