// The Twilio account the sms, call and whatsapp kinds share.
import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const twilioSettings = kindSettings(
  {
    account: setting("MONITOR_TWILIO_ACCOUNT", "", parse.string, "Twilio account SID for SMS, phone call and WhatsApp integrations (upstream TWILIO_ACCOUNT)"),
    auth: setting("MONITOR_TWILIO_AUTH", "", parse.string, "Twilio auth token (upstream TWILIO_AUTH); SMS and phone call integrations are offered once it is set"),
    from: setting("MONITOR_TWILIO_FROM", "", parse.string, "the phone number messages and calls come from, e.g. +15017122661 (upstream TWILIO_FROM)"),
    messagingServiceSid: setting("MONITOR_TWILIO_MESSAGING_SERVICE_SID", "", parse.string, "Twilio messaging service that sends SMS instead of MONITOR_TWILIO_FROM; required for WhatsApp (upstream TWILIO_MESSAGING_SERVICE_SID)"),
    useWhatsapp: setting("MONITOR_TWILIO_USE_WHATSAPP", false, parse.boolean, "offer WhatsApp integrations through Twilio (upstream TWILIO_USE_WHATSAPP)"),
    whatsappDownContentSid: setting("MONITOR_WHATSAPP_DOWN_CONTENT_SID", "", parse.string, "the approved WhatsApp template sent when a check goes down; its variable {{1}} is the check's name (upstream WHATSAPP_DOWN_CONTENT_SID)"),
    whatsappUpContentSid: setting("MONITOR_WHATSAPP_UP_CONTENT_SID", "", parse.string, "the approved WhatsApp template sent when a check goes up (upstream WHATSAPP_UP_CONTENT_SID)"),
    monthlyLimit: setting("MONITOR_TWILIO_MONTHLY_LIMIT", 10000, parse.integer(0), "messages (SMS and WhatsApp together) and, separately, calls an account's projects may send in 30 days (upstream: 10,000 a month without payments)"),
    apiUrl: setting("MONITOR_TWILIO_API_URL", "https://api.twilio.com", parse.url, "Twilio's REST API; point it elsewhere only to test"),
  },
  ["account", "auth"],
);
