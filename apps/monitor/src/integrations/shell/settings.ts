import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../kind.js";

export const shellSettings = kindSettings(
  { enabled: setting("MONITOR_SHELL_ENABLED", false, parse.boolean, "run Shell Command integrations: commands of any project's members run on this server as its user (upstream SHELL_ENABLED)") },
  ["enabled"],
);
