// SMS through Twilio's Messages resource: one short sentence per alert, from the configured
// number or messaging service, with a status callback naming the notification.
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { formatDurationForSentence, nameThenCode, reasonLong } from "../text.js";
import { statusCallback, storedPhone, twilioPost, twilioSettings, wants, withinAllowance } from "./twilio.js";

/** The upstream's sms_message.html, also the text of WhatsApp's limit notice. */
export function smsText(alert: AlertContext): string {
  const { config, check, flip } = alert;
  const name = nameThenCode(check);
  if (flip.new_status === "down") {
    const reason = flip.reason ? ` (${reasonLong(flip.reason)})` : "";
    return `${config.siteName}: The check "${name}" is DOWN${reason}.`;
  }
  const downtime = alert.downDuration ? ` The downtime lasted ${formatDurationForSentence(alert.downDuration)}.` : "";
  return `${config.siteName}: The check "${name}" is UP.${downtime}`;
}

export const smsTransport: Transport = {
  isNoop: (channel, status) => !wants(storedPhone(channel.value), status),
  async notify(alert) {
    const s = twilioSettings.of(alert.config);
    if (!s.account || !s.auth) throw new TransportError("SMS notifications are not enabled");
    if (!(await withinAllowance(alert, "messages"))) throw new TransportError("Monthly SMS limit exceeded");
    const fields: Record<string, string> = {
      To: storedPhone(alert.channel.value).value,
      Body: smsText(alert).replace(/\u00a0/g, " "),
      StatusCallback: statusCallback(alert),
      RiskCheck: "disable",
    };
    if (s.messagingServiceSid) fields.MessagingServiceSid = s.messagingServiceSid;
    else if (s.from) fields.From = s.from;
    else throw new TransportError("SMS notifications are not enabled");
    await twilioPost(alert, "Messages.json", fields);
  },
};
