// SMS: a text message through Twilio to a phone number, for the directions chosen. Stored as
// {"value": "+…", "up": …, "down": …}; Twilio's settings are shared with call and whatsapp
// (twilio.ts).
import { defineKind } from "../kind.js";
import { smsTransport } from "./transport.js";
import { phoneKind, twilioSettings } from "./twilio.js";

export const sms = defineKind({
  kind: "sms",
  title: "SMS",
  blurb: "Texts a phone number through Twilio.",
  icon: { color: "#e0464e", glyph: `<path d="M5.5 6.5h13v9h-7l-4 3v-3h-2z"/><path d="M9 11h.01M12 11h.01M15 11h.01"/>` },
  settings: twilioSettings,
  transport: smsTransport,
  ...phoneKind(true),
});
