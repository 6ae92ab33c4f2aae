// Adding GitHub, as upstream: the set-up page links to GitHub's authorize page for the app;
// GitHub sends the browser back to SITE_ROOT/integrations/add_github/ with a code, which buys
// the user's token; the user picks one of the repositories the app's installations reach,
// and the integration stores the repository and its installation (never the user's token).
// The upstream keeps the user's token in the session between the two steps; Beacon seals
// it (AES-GCM under the server secret, with the account, project and time) into the form.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { addIntegration } from "../../actions/web-integrations.js";
import { readSignedPayload, signPayload } from "../../lib/signing.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { accessProject, requireWrite } from "../../web/access.js";
import type { SignedInContext, WebRouter } from "../../web/context.js";
import { pageResponse, redirectTo, WebError, type WebResponse } from "../../web/respond.js";
import { backToIntegrations } from "../../web/back-to-integrations.js";
import { formEncode } from "../text.js";
import { TransportError } from "../alert.js";
import { BadCredentials, UnexpectedAnswer, userAccessToken, userRepos } from "./client.js";
import { connectPage, repoPage } from "./pages.js";
import { githubSettings } from "./settings.js";

export const CALLBACK = "/integrations/add_github/";
const SALT = "github-oauth";
/** How long each step (GitHub's round trip, then picking a repository) may take. */
const MAX_AGE = 3600;
const REVOKED = "GitHub setup failed, GitHub access was revoked.";
const UNEXPECTED = "Received an unexpected response from GitHub. Integration not added.";

const sealKey = (secretKey: string) => createHmac("sha256", secretKey).update("github-user-token").digest();

/** The user's token, encrypted and bound to the account, the project and the time. */
function seal(ctx: SignedInContext, project: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(ctx.deps.secretKey), iv);
  const plain = JSON.stringify({ account: ctx.account.id, project, token, at: Math.floor(ctx.deps.clock.now().getTime() / 1000) });
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function unseal(ctx: SignedInContext, project: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", sealKey(ctx.deps.secretKey), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const doc = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"));
    const fresh = Math.floor(ctx.deps.clock.now().getTime() / 1000) - doc.at <= MAX_AGE;
    return doc.account === ctx.account.id && doc.project === project && fresh && typeof doc.token === "string" ? doc.token : null;
  } catch {
    return null;
  }
}

export function setupPage(ctx: SignedInContext, access: ProjectAccess): WebResponse {
  const { webUrl, clientId } = githubSettings.of(ctx.deps.config);
  const state = signPayload({ account: ctx.account.id, project: access.project.uuid }, ctx.deps.secretKey, SALT, ctx.deps.clock.now().getTime());
  return pageResponse(connectPage(ctx.deps, ctx.visitor, access, `${webUrl}/login/oauth/authorize?${formEncode({ client_id: clientId, state })}`));
}

/** Runs a call to GitHub; a revoked or unexpected answer becomes the integrations page saying so. */
async function github<T>(ctx: SignedInContext, access: ProjectAccess, call: () => Promise<T>): Promise<T | WebResponse> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BadCredentials) return backToIntegrations(ctx, access, { kind: "error", text: REVOKED });
    if (!(error instanceof UnexpectedAnswer || error instanceof TransportError)) throw error;
    ctx.deps.log.warn({ err: error }, "unexpected answer from GitHub");
    return backToIntegrations(ctx, access, { kind: "error", text: UNEXPECTED });
  }
}
const isResponse = (v: unknown): v is WebResponse => typeof v === "object" && v !== null && "kind" in v;

async function select(ctx: SignedInContext): Promise<WebResponse> {
  const { deps, query } = ctx;
  const state = readSignedPayload(query.get("state") ?? "", deps.secretKey, SALT, deps.clock.now().getTime(), MAX_AGE) as { account?: unknown; project?: unknown } | null;
  if (!state || state.account !== ctx.account.id || typeof state.project !== "string") {
    throw new WebError(403, "This answer from GitHub does not belong to a set-up started here (or it took over an hour). Start again from the integrations page.");
  }
  const access = await accessProject(deps, ctx.account, state.project);
  requireWrite(access);
  if (query.get("error") === "access_denied") return backToIntegrations(ctx, access, { kind: "error", text: "GitHub setup was cancelled." });
  const code = query.get("code");
  if (!code) throw new WebError(400, "GitHub sent no code.");
  const token = await github(ctx, access, () => userAccessToken(deps.config, code));
  if (isResponse(token)) return token;
  const repos = await github(ctx, access, () => userRepos(deps.config, token));
  if (isResponse(repos)) return repos;
  const installUrl = `${githubSettings.of(deps.config).publicLink}/installations/new`;
  if (repos.size === 0) return redirectTo(installUrl);
  return pageResponse(repoPage(deps, ctx.visitor, access, [...repos.keys()].sort(), seal(ctx, access.project.uuid, token), installUrl));
}

async function save(ctx: SignedInContext): Promise<WebResponse> {
  const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
  requireWrite(access);
  const token = unseal(ctx, access.project.uuid, ctx.form.get("grant") ?? "");
  if (token === null) throw new WebError(403, "This form has expired or was not made for you. Start again from the integrations page.");
  const repoName = (ctx.form.get("repo_name") ?? "").trim();
  const labelsText = ctx.form.get("labels") ?? "";
  if (repoName === "" || [...repoName].length > 500 || [...labelsText].length > 500) throw new WebError(400, "Choose a repository; labels may be at most 500 characters.");
  // Asked again, as upstream: the user must still reach the repository.
  const repos = await github(ctx, access, () => userRepos(ctx.deps.config, token));
  if (isResponse(repos)) return repos;
  const installationId = repos.get(repoName);
  if (installationId === undefined) throw new WebError(403, "GitHub does not give you access to that repository.");
  const labels = labelsText.split(",").map((l) => l.trim()).filter((l) => l !== "");
  await addIntegration(ctx.deps, ctx.account, access.project, { kind: "github", name: repoName, value: JSON.stringify({ installation_id: installationId, repo: repoName, labels }) });
  return redirectTo(`/projects/${access.project.uuid}/integrations/`);
}

export function githubRoutes(web: WebRouter): void {
  web.get(CALLBACK, select);
  web.post("/projects/:code/add_github/save/", save);
}
