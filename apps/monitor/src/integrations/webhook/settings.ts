import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const webhookSettings = kindSettings({ enabled: setting("MONITOR_WEBHOOKS_ENABLED", true, parse.boolean, "deliver webhook integrations") }, ["enabled"]);
