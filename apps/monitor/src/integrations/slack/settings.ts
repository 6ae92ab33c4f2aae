import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const slackSettings = kindSettings({ enabled: setting("MONITOR_SLACK_ENABLED", true, parse.boolean, "deliver Slack integrations") }, ["enabled"]);
