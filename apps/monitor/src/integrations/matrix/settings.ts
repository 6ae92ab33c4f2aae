import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const matrixSettings = kindSettings(
  {
    homeserver: setting("MONITOR_MATRIX_HOMESERVER", "", parse.string, "base URL of the homeserver of the bot account, https://matrix.org say (upstream MATRIX_HOMESERVER)"),
    userId: setting("MONITOR_MATRIX_USER_ID", "", parse.string, "the bot account's user id, @beacon:matrix.org say: users invite it to their rooms (upstream MATRIX_USER_ID)"),
    accessToken: setting("MONITOR_MATRIX_ACCESS_TOKEN", "", parse.string, "access token of the bot account (upstream MATRIX_ACCESS_TOKEN)"),
  },
  ["homeserver", "accessToken"],
);
