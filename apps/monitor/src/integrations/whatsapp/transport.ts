// WhatsApp through Twilio's Messages resource: WhatsApp allows only approved templates, so an
// alert names the down or up template (content SIDs) with the check's name as its variable.
import { TransportError, type Transport } from "../alert.js";
import { nameThenCode } from "../text.js";
import { statusCallback, storedPhone, twilioPost, twilioSettings, wants, withinAllowance } from "../sms/twilio.js";

export const whatsappTransport: Transport = {
  isNoop: (channel, status) => !wants(storedPhone(channel.value), status),
  async notify(alert) {
    const s = twilioSettings.of(alert.config);
    const ready = s.useWhatsapp && s.account && s.auth && s.from && s.messagingServiceSid && s.whatsappDownContentSid && s.whatsappUpContentSid;
    if (!ready) throw new TransportError("WhatsApp notifications are not enabled");
    if (!(await withinAllowance(alert, "messages"))) throw new TransportError("Monthly message limit exceeded");
    await twilioPost(alert, "Messages.json", {
      To: `whatsapp:${storedPhone(alert.channel.value).value}`,
      From: `whatsapp:${s.from}`,
      MessagingServiceSid: s.messagingServiceSid,
      ContentSid: alert.flip.new_status === "down" ? s.whatsappDownContentSid : s.whatsappUpContentSid,
      // compat: Python's json.dumps({1: name}): the key becomes "1", ", " and ": " separators.
      ContentVariables: `{"1": ${JSON.stringify(nameThenCode(alert.check))}}`,
      StatusCallback: statusCallback(alert),
    });
  },
};
