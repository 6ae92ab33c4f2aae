// Splunk On-Call (VictorOps): one event per flip to the integration's REST endpoint URL,
// CRITICAL on down and RECOVERY on up, keyed by the check's unique_key.
import { pythonJson } from "../../http/router.js";
import { send, type HttpResponse } from "../http.js";
import { nameThenCode, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { victoropsSettings } from "./settings.js";

export function victoropsPayload(alert: AlertContext): Record<string, unknown> {
  const { check, flip } = alert;
  const name = nameThenCode(check);
  const down = flip.new_status === "down";
  // compat: the name is not HTML-escaped (the upstream's template marks it safe).
  const state = down ? `${name} is DOWN${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.` : `${name} is UP.`;
  return {
    entity_id: check.unique_key,
    message_type: down ? "CRITICAL" : "RECOVERY",
    entity_display_name: name,
    state_message: state,
    monitoring_tool: alert.config.siteName,
  };
}

/** A 404: the endpoint (its routing key) is gone and will not come back, so it disables. */
const victoropsError = (res: HttpResponse) => new TransportError(`Received status code ${res.status}`, res.status === 404);

export const victoropsTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    if (!victoropsSettings.of(alert.config).enabled) throw new TransportError("Splunk On-Call notifications are not enabled.");
    const request = { method: "POST" as const, url: alert.channel.value, headers: { "Content-Type": "application/json" }, body: pythonJson(victoropsPayload(alert)) };
    await send({ ...request, allowPrivateIps: alert.config.integrationsAllowPrivateIps }, victoropsError);
  },
};
