import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../kind.js";

export const pagertreeSettings = kindSettings({ enabled: setting("MONITOR_PAGERTREE_ENABLED", true, parse.boolean, "deliver PagerTree integrations (upstream PAGERTREE_ENABLED)") }, ["enabled"]);
