// Phone call: Twilio rings a number and reads the alert when a check goes down. Stored as
// {"value": "+…"}; needs MONITOR_TWILIO_FROM besides the account (../sms/twilio.ts).
import { defineKind } from "../kind.js";
import { kindSettings } from "../settings.js";
import { callTransport } from "./transport.js";
import { phoneKind, twilioSettings } from "../sms/twilio.js";

/** The same settings as SMS; a call also needs the number it comes from. */
const callSettings = kindSettings(twilioSettings.spec, ["account", "auth", "from"]);

export const call = defineKind({
  kind: "call",
  title: "Phone Call",
  blurb: "Calls a phone number through Twilio when a check goes down.",
  icon: { color: "#d93f5d", glyph: `<path d="M8 5.5 10 9l-1.6 1.6a9 9 0 0 0 5 5L15 14l3.5 2-1 2.5c-6 .5-12-5.5-11.5-11.5z"/>` },
  settings: callSettings,
  transport: callTransport,
  ...phoneKind(false),
});
