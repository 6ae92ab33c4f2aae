import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const poSettings = kindSettings(
  {
    apiToken: setting("MONITOR_PUSHOVER_API_TOKEN", "", parse.string, "API token of your Pushover application (upstream PUSHOVER_API_TOKEN)"),
    subscriptionUrl: setting("MONITOR_PUSHOVER_SUBSCRIPTION_URL", "", parse.string, "Subscription URL of that application, where the dashboard sends users to subscribe (upstream PUSHOVER_SUBSCRIPTION_URL)"),
    retryDelay: setting("MONITOR_PUSHOVER_EMERGENCY_RETRY_DELAY", 300, parse.integer(30, 10800), "seconds between repeats of an emergency-priority notification (upstream PUSHOVER_EMERGENCY_RETRY_DELAY)"),
    expiration: setting("MONITOR_PUSHOVER_EMERGENCY_EXPIRATION", 86400, parse.integer(30, 10800 * 100), "seconds an emergency-priority notification keeps repeating (upstream PUSHOVER_EMERGENCY_EXPIRATION)"),
    apiUrl: setting("MONITOR_PUSHOVER_API_URL", "https://api.pushover.net/1", parse.url, "Pushover's API"),
  },
  ["apiToken"],
);
