import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const victoropsSettings = kindSettings({ enabled: setting("MONITOR_VICTOROPS_ENABLED", true, parse.boolean, "deliver Splunk On-Call integrations (upstream VICTOROPS_ENABLED)") }, ["enabled"]);
