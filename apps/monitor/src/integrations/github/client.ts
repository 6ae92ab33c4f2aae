// GitHub's API as the set-up and the alerts use it: the user's OAuth token, the app's
// installations and their repositories, and an installation token from a JWT signed with
// the app's private key.
import { createSign } from "node:crypto";
import type { MonitorConfig } from "../../config.js";
import { httpRequest } from "../http.js";
import { formEncode } from "../text.js";
import { TransportError } from "../alert.js";
import { githubSettings } from "./settings.js";

/** The user took Beacon off their authorized GitHub apps after signing in. */
export class BadCredentials extends Error {}
/** An answer GitHub's documentation does not describe. */
export class UnexpectedAnswer extends Error {}

async function getJson(config: MonitorConfig, method: "GET" | "POST", url: string, headers: Record<string, string>, body?: string): Promise<{ status: number; doc: any }> {
  // GitHub's URLs are the operator's settings: private addresses are allowed.
  const res = await httpRequest({ method, url, headers, body, allowPrivateIps: true });
  try {
    return { status: res.status, doc: JSON.parse(res.body.toString("utf8")) };
  } catch {
    throw new UnexpectedAnswer(`not JSON (status ${res.status})`);
  }
}

/** The OAuth code -> the user's access token. */
export async function userAccessToken(config: MonitorConfig, code: string): Promise<string> {
  const { webUrl, clientId, clientSecret } = githubSettings.of(config);
  const body = formEncode({ client_id: clientId, client_secret: clientSecret, code });
  const { doc } = await getJson(config, "POST", `${webUrl}/login/oauth/access_token`, { Accept: "application/vnd.github+json", "Content-Type": "application/x-www-form-urlencoded" }, body);
  if (typeof doc?.access_token !== "string") throw new UnexpectedAnswer("no access_token");
  return doc.access_token;
}

/** The repositories the user may use, "owner/name" -> the installation id that reaches it. */
export async function userRepos(config: MonitorConfig, token: string): Promise<Map<string, number>> {
  const { apiUrl } = githubSettings.of(config);
  const headers = { Authorization: `Bearer ${token}` };
  const { doc } = await getJson(config, "GET", `${apiUrl}/user/installations`, headers);
  if (doc?.message === "Bad credentials") throw new BadCredentials();
  if (!Array.isArray(doc?.installations)) throw new UnexpectedAnswer("no installations");
  const repos = new Map<string, number>();
  for (const installation of doc.installations) {
    if (!Number.isInteger(installation?.id)) throw new UnexpectedAnswer("installation without an id");
    const page = await getJson(config, "GET", `${apiUrl}/user/installations/${installation.id}/repositories`, headers);
    if (!Array.isArray(page.doc?.repositories)) throw new UnexpectedAnswer("no repositories");
    for (const repo of page.doc.repositories) if (typeof repo?.full_name === "string") repos.set(repo.full_name, installation.id);
  }
  return repos;
}

/** An RS256 JWT naming the app, valid for 10 minutes, as GitHub asks of apps. */
export function appJwt(clientId: string, privateKey: string, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const unsigned = `${part({ alg: "RS256", typ: "JWT" })}.${part({ iat, exp: iat + 600, iss: clientId })}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(privateKey).toString("base64url");
  return `${unsigned}.${signature}`;
}

/** A token for one installation, or null when GitHub says it does not exist (the app was uninstalled). */
export async function installationToken(config: MonitorConfig, installationId: number, nowMs: number): Promise<string | null> {
  const { apiUrl, clientId, privateKey } = githubSettings.of(config);
  const url = `${apiUrl}/app/installations/${installationId}/access_tokens`;
  const res = await httpRequest({ method: "POST", url, headers: { Authorization: `Bearer ${appJwt(clientId, privateKey, nowMs)}` }, allowPrivateIps: true });
  if (res.status === 404) return null;
  let token: unknown;
  try {
    token = JSON.parse(res.body.toString("utf8"))?.token;
  } catch {
    token = undefined;
  }
  if (typeof token !== "string") throw new TransportError(`Received status code ${res.status}`);
  return token;
}
