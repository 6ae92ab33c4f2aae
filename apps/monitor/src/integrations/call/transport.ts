// Phone calls through Twilio's Calls resource: a voice reads one sentence when a check goes
// down (never on recovery), as TwiML given inline.
import { TransportError, type Transport } from "../alert.js";
import { nameThenCode } from "../text.js";
import { statusCallback, storedPhone, twilioPost, twilioSettings, withinAllowance } from "../sms/twilio.js";

export const callTransport: Transport = {
  isNoop: (_channel, status) => status !== "down",
  async notify(alert) {
    const s = twilioSettings.of(alert.config);
    if (!s.account || !s.auth || !s.from) throw new TransportError("Call notifications are not enabled");
    if (!(await withinAllowance(alert, "calls"))) throw new TransportError("Monthly phone call limit exceeded");
    const message = `Hello! A message from ${alert.config.siteName}: The check "${nameThenCode(alert.check)}" is down.`;
    await twilioPost(alert, "Calls.json", {
      From: s.from,
      To: storedPhone(alert.channel.value).value,
      Twiml: `<Response><Say>${xmlEscape(message)}</Say></Response>`,
      StatusCallback: statusCallback(alert),
    });
  },
};

/** xml.sax.saxutils.escape: &, < and > only (quotes stay as they are). */
const xmlEscape = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
