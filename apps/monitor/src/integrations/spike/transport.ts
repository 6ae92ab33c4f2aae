// Spike.sh: one event per flip to the integration's webhook URL, with the check's
// unique_key as check_id and the new status.
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { nameThenCode, naturaltime, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { spikeSettings } from "./settings.js";

export function spikePayload(alert: AlertContext): Record<string, unknown> {
  const { check, flip } = alert;
  const status = flip.new_status;
  // compat: the name is not HTML-escaped (the upstream's templates mark it safe).
  const title = `${nameThenCode(check)} is ${status.toUpperCase()}${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}`;
  let message = `${title}.`;
  if (status === "down" && alert.lastPing) message += `\n\nLast ping was ${naturaltime(alert.lastPing.created, alert.now)}.`;
  return { check_id: check.unique_key, title, message, status };
}

export const spikeTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    if (!spikeSettings.of(alert.config).enabled) throw new TransportError("Spike notifications are not enabled.");
    const request = { method: "POST" as const, url: alert.channel.value, headers: { "Content-Type": "application/json" }, body: pythonJson(spikePayload(alert)) };
    await send({ ...request, allowPrivateIps: alert.config.integrationsAllowPrivateIps });
  },
};
