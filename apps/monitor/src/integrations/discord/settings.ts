import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const discordSettings = kindSettings(
  {
    clientId: setting("MONITOR_DISCORD_CLIENT_ID", "", parse.string, "Client ID of your Discord application, whose redirect URI is SITE_ROOT/integrations/add_discord/ (upstream DISCORD_CLIENT_ID)"),
    clientSecret: setting("MONITOR_DISCORD_CLIENT_SECRET", "", parse.string, "Client Secret of that application (upstream DISCORD_CLIENT_SECRET)"),
    apiUrl: setting("MONITOR_DISCORD_API_URL", "https://discord.com/api", parse.url, "Discord's API, where the OAuth authorize and token endpoints are"),
  },
  ["clientId", "clientSecret"],
);
