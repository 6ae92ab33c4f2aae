import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const pushbulletSettings = kindSettings(
  {
    clientId: setting("MONITOR_PUSHBULLET_CLIENT_ID", "", parse.string, "Client ID of your Pushbullet OAuth client, whose redirect URI is SITE_ROOT/integrations/add_pushbullet/ (upstream PUSHBULLET_CLIENT_ID)"),
    clientSecret: setting("MONITOR_PUSHBULLET_CLIENT_SECRET", "", parse.string, "Client secret of that OAuth client (upstream PUSHBULLET_CLIENT_SECRET)"),
    webUrl: setting("MONITOR_PUSHBULLET_WEB_URL", "https://www.pushbullet.com", parse.url, "Pushbullet's web site, where its authorize page is"),
    apiUrl: setting("MONITOR_PUSHBULLET_API_URL", "https://api.pushbullet.com", parse.url, "Pushbullet's API (pushes and the OAuth token endpoint)"),
  },
  ["clientId", "clientSecret"],
);
