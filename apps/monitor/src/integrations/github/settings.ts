import { createPrivateKey } from "node:crypto";
import { ConfigError, parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

/** A PEM private key; "\n" written as two characters (one-line environments) reads as a newline. */
function privateKey(raw: string, env: string): string {
  const pem = raw.replace(/\\n/g, "\n").trim();
  try {
    createPrivateKey(pem);
  } catch {
    throw new ConfigError(`${env} must be the GitHub app's private key (PEM)`);
  }
  return pem;
}

export const githubSettings = kindSettings(
  {
    clientId: setting("MONITOR_GITHUB_CLIENT_ID", "", parse.string, "Client ID of your GitHub app, whose callback URL is SITE_ROOT/integrations/add_github/ (upstream GITHUB_CLIENT_ID)"),
    clientSecret: setting("MONITOR_GITHUB_CLIENT_SECRET", "", parse.string, "a client secret of that app (upstream GITHUB_CLIENT_SECRET)"),
    privateKey: setting("MONITOR_GITHUB_PRIVATE_KEY", "", privateKey, "the app's private key, PEM (newlines may be written \\n) (upstream GITHUB_PRIVATE_KEY)"),
    publicLink: setting("MONITOR_GITHUB_PUBLIC_LINK", "", parse.string, "the app's public page, https://github.com/apps/<name>, where users install it (upstream GITHUB_PUBLIC_LINK)"),
    webUrl: setting("MONITOR_GITHUB_WEB_URL", "https://github.com", parse.url, "GitHub's web site, where the OAuth authorize and token endpoints are"),
    apiUrl: setting("MONITOR_GITHUB_API_URL", "https://api.github.com", parse.url, "GitHub's REST API"),
  },
  ["clientId", "clientSecret", "privateKey", "publicLink"],
);
