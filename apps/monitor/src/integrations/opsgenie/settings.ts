import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const opsgenieSettings = kindSettings(
  {
    enabled: setting("MONITOR_OPSGENIE_ENABLED", true, parse.boolean, "deliver Opsgenie integrations (upstream OPSGENIE_ENABLED)"),
    apiUrl: setting("MONITOR_OPSGENIE_API_URL", "https://api.opsgenie.com", parse.url, "Opsgenie's Alert API for integrations in the US region"),
    euApiUrl: setting("MONITOR_OPSGENIE_EU_API_URL", "https://api.eu.opsgenie.com", parse.url, "Opsgenie's Alert API for integrations in the EU region"),
  },
  ["enabled"],
);
