// Adding Discord through Discord's OAuth flow (scope webhook.incoming), as upstream: the
// set-up page links to Discord's authorize page, Discord sends the browser back to
// SITE_ROOT/integrations/add_discord/ with a code, and the code buys a webhook for the
// channel the user picked. `state` is signed and names the account and project, so a
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
import { discordSettings } from "./settings.js";

export const CALLBACK = "/integrations/add_discord/";
const SALT = "discord-oauth";
/** How long the round trip through Discord may take. */
const STATE_MAX_AGE = 3600;
/** Discord's error code for a channel that has as many webhooks as it may. */
const MAX_WEBHOOKS = 30007;

export function authorizeUrl(ctx: SignedInContext, access: ProjectAccess): string {
  const { apiUrl, clientId } = discordSettings.of(ctx.deps.config);
  const state = signPayload({ account: ctx.account.id, project: access.project.uuid }, ctx.deps.secretKey, SALT, ctx.deps.clock.now().getTime());
  return `${apiUrl}/oauth2/authorize?${formEncode({ client_id: clientId, scope: "webhook.incoming", redirect_uri: `${ctx.deps.config.siteRoot}${CALLBACK}`, response_type: "code", state })}`;
}

export function setupPage(ctx: SignedInContext, access: ProjectAccess): WebResponse {
  return pageResponse(connectPage(ctx.deps, ctx.visitor, access, authorizeUrl(ctx, access)));
}

/** Discord's answer for the code: its JSON object, or null when it is not one. */
async function exchangeCode(ctx: SignedInContext, code: string): Promise<{ text: string; doc: Record<string, unknown> } | null> {
  const { apiUrl, clientId, clientSecret } = discordSettings.of(ctx.deps.config);
  const body = formEncode({ client_id: clientId, client_secret: clientSecret, code, grant_type: "authorization_code", redirect_uri: `${ctx.deps.config.siteRoot}${CALLBACK}` });
  try {
    // Discord's API is the operator's setting, not a user's: private addresses are allowed.
    const res = await httpRequest({ method: "POST", url: `${apiUrl}/oauth2/token`, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body, allowPrivateIps: true });
    const text = res.body.toString("utf8");
    const doc: unknown = JSON.parse(text);
    return doc && typeof doc === "object" && !Array.isArray(doc) ? { text, doc: doc as Record<string, unknown> } : null;
  } catch (error) {
    ctx.deps.log.warn({ err: error }, "the Discord token exchange failed");
    return null;
  }
}

async function complete(ctx: SignedInContext): Promise<WebResponse> {
  const { deps, query } = ctx;
  const state = readSignedPayload(query.get("state") ?? "", deps.secretKey, SALT, deps.clock.now().getTime(), STATE_MAX_AGE) as { account?: unknown; project?: unknown } | null;
  if (!state || state.account !== ctx.account.id || typeof state.project !== "string") {
    throw new WebError(403, "This answer from Discord does not belong to a set-up started here (or it took over an hour). Start again from the integrations page.");
  }
  const access = await accessProject(deps, ctx.account, state.project);
  requireWrite(access);
  if (query.get("error") === "access_denied") return backToIntegrations(ctx, access, { kind: "error", text: "Discord setup was cancelled." });

  const answer = await exchangeCode(ctx, query.get("code") ?? "");
  if (answer?.doc.code === MAX_WEBHOOKS) {
    return backToIntegrations(ctx, access, { kind: "error", text: "Response from Discord: maximum number of webhooks reached. Integration not added." });
  }
  const webhook = answer?.doc.webhook as { url?: unknown } | undefined;
  if (!answer || !("access_token" in answer.doc) || typeof webhook?.url !== "string") {
    deps.log.warn({ response: answer?.text.slice(0, 500) }, "unexpected Discord OAuth response");
    return backToIntegrations(ctx, access, { kind: "error", text: "Received an unexpected response from Discord. Integration not added." });
  }
  // Only the webhook is ever used: the OAuth tokens that came with it are not kept.
  const { access_token: _access, refresh_token: _refresh, ...kept } = answer.doc;
  await addIntegration(deps, ctx.account, access.project, { kind: "discord", name: "", value: JSON.stringify(kept) });
  return redirectTo(`/projects/${access.project.uuid}/integrations/`);
}

export function discordRoutes(web: WebRouter): void {
  web.get(CALLBACK, complete);
}
