import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../kind.js";

export const victoropsSettings = kindSettings({ enabled: setting("MONITOR_VICTOROPS_ENABLED", true, parse.boolean, "deliver Splunk On-Call integrations (upstream VICTOROPS_ENABLED)") }, ["enabled"]);
