import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const trelloSettings = kindSettings(
  {
    appKey: setting("MONITOR_TRELLO_APP_KEY", "", parse.string, "API key of your Trello Power-Up, with SITE_ROOT among its allowed origins (upstream TRELLO_APP_KEY)"),
    webUrl: setting("MONITOR_TRELLO_WEB_URL", "https://trello.com", parse.url, "Trello's web site, where its authorize page is"),
    apiUrl: setting("MONITOR_TRELLO_API_URL", "https://api.trello.com", parse.url, "Trello's REST API"),
  },
  ["appKey"],
);
