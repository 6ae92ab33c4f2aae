import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const zulipSettings = kindSettings({ enabled: setting("MONITOR_ZULIP_ENABLED", true, parse.boolean, "deliver Zulip integrations") }, ["enabled"]);
