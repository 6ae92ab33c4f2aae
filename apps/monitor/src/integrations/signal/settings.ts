import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const signalSettings = kindSettings(
  {
    socket: setting("MONITOR_SIGNAL_CLI_SOCKET", "", parse.string, "signal-cli's JSON-RPC socket: a UNIX socket path, or host:port for TCP (upstream SIGNAL_CLI_SOCKET)"),
  },
  ["socket"],
);
