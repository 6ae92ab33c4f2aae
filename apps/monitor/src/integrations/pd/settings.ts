import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const pdSettings = kindSettings(
  {
    enabled: setting("MONITOR_PD_ENABLED", true, parse.boolean, "deliver PagerDuty integrations (upstream PD_ENABLED)"),
    apiUrl: setting("MONITOR_PD_API_URL", "https://events.pagerduty.com", parse.url, "PagerDuty's Events API, where /generic/2010-04-15/create_event.json is"),
  },
  ["enabled"],
);
