import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const rocketchatSettings = kindSettings({ enabled: setting("MONITOR_ROCKETCHAT_ENABLED", true, parse.boolean, "deliver Rocket.Chat integrations (upstream ROCKETCHAT_ENABLED)") }, ["enabled"]);
