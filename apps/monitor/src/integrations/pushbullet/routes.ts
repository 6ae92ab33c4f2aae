// Adding Pushbullet through Pushbullet's OAuth flow, as upstream: the set-up page links to
// Pushbullet's authorize page, Pushbullet sends the browser back to
// SITE_ROOT/integrations/add_pushbullet/ with a code, and the code buys an access token,
// which is the stored value. `state` is signed and names the account and project, so a
// callback that did not start here is refused.
import { addIntegration } from "../../actions/web-integrations.js";
import { readSignedPayload, signPayload } from "../../lib/signing.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { accessProject, requireWrite } from "../../web/access.js";
import type { SignedInContext, WebRouter } from "../../web/context.js";
import { pageResponse, redirectTo, WebError, type WebResponse } from "../../web/respond.js";
import { backToIntegrations } from "../../web/back-to-integrations.js";
import { httpRequest } from "../http.js";
import { formEncode } from "../text.js";
import { connectPage } from "./pages.js";
import { pushbulletSettings } from "./settings.js";

export const CALLBACK = "/integrations/add_pushbullet/";
const SALT = "pushbullet-oauth";
/** How long the round trip through Pushbullet may take. */
const STATE_MAX_AGE = 3600;

export function authorizeUrl(ctx: SignedInContext, access: ProjectAccess): string {
  const { webUrl, clientId } = pushbulletSettings.of(ctx.deps.config);
  const state = signPayload({ account: ctx.account.id, project: access.project.uuid }, ctx.deps.secretKey, SALT, ctx.deps.clock.now().getTime());
  return `${webUrl}/authorize?${formEncode({ client_id: clientId, redirect_uri: `${ctx.deps.config.siteRoot}${CALLBACK}`, response_type: "code", state })}`;
}

export function setupPage(ctx: SignedInContext, access: ProjectAccess): WebResponse {
  return pageResponse(connectPage(ctx.deps, ctx.visitor, access, authorizeUrl(ctx, access)));
}

/** The access token Pushbullet gives for the code, or null for any other answer. */
async function exchangeCode(ctx: SignedInContext, code: string): Promise<string | null> {
  const { apiUrl, clientId, clientSecret } = pushbulletSettings.of(ctx.deps.config);
  const body = formEncode({ client_id: clientId, client_secret: clientSecret, code, grant_type: "authorization_code" });
  let text = "";
  try {
    // Pushbullet's API is the operator's setting, not a user's: private addresses are allowed.
    const res = await httpRequest({ method: "POST", url: `${apiUrl}/oauth2/token`, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body, allowPrivateIps: true });
    text = res.body.toString("utf8");
    const token: unknown = JSON.parse(text)?.access_token;
    if (typeof token === "string" && token !== "") return token;
  } catch (error) {
    ctx.deps.log.warn({ err: error }, "the Pushbullet token exchange failed");
    return null;
  }
  ctx.deps.log.warn({ response: text.slice(0, 500) }, "unexpected Pushbullet OAuth response");
  return null;
}

async function complete(ctx: SignedInContext): Promise<WebResponse> {
  const { deps, query } = ctx;
  const state = readSignedPayload(query.get("state") ?? "", deps.secretKey, SALT, deps.clock.now().getTime(), STATE_MAX_AGE) as { account?: unknown; project?: unknown } | null;
  if (!state || state.account !== ctx.account.id || typeof state.project !== "string") {
    throw new WebError(403, "This answer from Pushbullet does not belong to a set-up started here (or it took over an hour). Start again from the integrations page.");
  }
  const access = await accessProject(deps, ctx.account, state.project);
  requireWrite(access);
  if (query.get("error") === "access_denied") return backToIntegrations(ctx, access, { kind: "error", text: "Pushbullet setup was cancelled." });
  const token = await exchangeCode(ctx, query.get("code") ?? "");
  if (token === null) return backToIntegrations(ctx, access, { kind: "error", text: "Received an unexpected response from Pushbullet. Integration not added." });
  await addIntegration(deps, ctx.account, access.project, { kind: "pushbullet", name: "", value: token });
  return redirectTo(`/projects/${access.project.uuid}/integrations/`);
}

export function pushbulletRoutes(web: WebRouter): void {
  web.get(CALLBACK, complete);
}
