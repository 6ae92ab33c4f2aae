// WhatsApp: a templated message through Twilio, for the directions chosen. Stored as
// {"value": "+…", "up": …, "down": …}; offered only when MONITOR_TWILIO_USE_WHATSAPP and the
// templates are set (../sms/twilio.ts).
import { defineKind } from "../kind.js";
import { kindSettings } from "../settings.js";
import { whatsappTransport } from "./transport.js";
import { phoneKind, twilioSettings } from "../sms/twilio.js";

const whatsappSettings = kindSettings(twilioSettings.spec, ["useWhatsapp", "account", "auth", "from", "messagingServiceSid", "whatsappDownContentSid", "whatsappUpContentSid"]);

export const whatsapp = defineKind({
  kind: "whatsapp",
  title: "WhatsApp",
  blurb: "Sends WhatsApp messages through Twilio.",
  icon: { color: "#25a35a", glyph: `<path d="M6 18.5l1-3.2a6.5 6.5 0 1 1 2.4 2.3z"/><path d="M10 9.5c0 2.2 2.3 4.5 4.5 4.5"/>` },
  settings: whatsappSettings,
  transport: whatsappTransport,
  ...phoneKind(true),
});
