import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../kind.js";

export const mattermostSettings = kindSettings({ enabled: setting("MONITOR_MATTERMOST_ENABLED", true, parse.boolean, "deliver Mattermost integrations") }, ["enabled"]);
