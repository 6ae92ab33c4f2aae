import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const mattermostSettings = kindSettings({ enabled: setting("MONITOR_MATTERMOST_ENABLED", true, parse.boolean, "deliver Mattermost integrations") }, ["enabled"]);
