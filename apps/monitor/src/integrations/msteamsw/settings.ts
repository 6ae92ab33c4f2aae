import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const msteamswSettings = kindSettings({ enabled: setting("MONITOR_MSTEAMS_ENABLED", true, parse.boolean, "deliver Microsoft Teams integrations (upstream MSTEAMS_ENABLED)") }, ["enabled"]);
