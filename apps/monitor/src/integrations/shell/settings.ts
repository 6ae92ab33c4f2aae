import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const shellSettings = kindSettings(
  { enabled: setting("MONITOR_SHELL_ENABLED", false, parse.boolean, "offer and run shell-command integrations: commands typed on the dashboard run on this server as the monitor's user (upstream SHELL_ENABLED)") },
  ["enabled"],
);
