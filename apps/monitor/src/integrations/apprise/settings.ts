import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const appriseSettings = kindSettings(
  {
    enabled: setting("MONITOR_APPRISE_ENABLED", false, parse.boolean, "deliver Apprise integrations through the apprise command, which must be installed (`pip install apprise`) (upstream APPRISE_ENABLED)"),
    command: setting("MONITOR_APPRISE_COMMAND", "apprise", parse.string, "the apprise command: a name looked up on PATH, or a path"),
  },
  ["enabled"],
);
