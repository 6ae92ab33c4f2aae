import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const pagertreeSettings = kindSettings({ enabled: setting("MONITOR_PAGERTREE_ENABLED", true, parse.boolean, "deliver PagerTree integrations (upstream PAGERTREE_ENABLED)") }, ["enabled"]);
