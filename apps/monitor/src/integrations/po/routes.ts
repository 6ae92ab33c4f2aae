// Adding Pushover through the Pushover application's subscription page, as upstream: the
// set-up form posts the priorities here, the browser goes to PUSHOVER_SUBSCRIPTION_URL with
// a success URL back here, and Pushover appends the subscriber's user key to it. `state`
// is signed and names the account and project, so a callback that did not start here is
// refused.
import { addIntegration, removeIntegration } from "../../actions/web-integrations.js";
import { readSignedPayload, signPayload } from "../../lib/signing.js";
import { listChannels } from "../../store/channels.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { accessProject, requireWrite } from "../../web/access.js";
import type { SignedInContext, WebRouter } from "../../web/context.js";
import { pageResponse, redirectTo, WebError, type WebResponse } from "../../web/respond.js";
import { formEncode } from "../text.js";
import { subscribePage } from "./pages.js";
import { poSettings } from "./settings.js";

const PATH = "/projects/:code/add_pushover/";
const SALT = "pushover-subscription";
/** How long the round trip through Pushover may take. */
const STATE_MAX_AGE = 3600;
const PRIORITY = /^-?\d+$/;

/** A priority from -3 (off) to 2 (emergency), or null. */
function priority(raw: string | null): number | null {
  if (raw === null || !PRIORITY.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= -3 && n <= 2 ? n : null;
}

export function setupPage(ctx: SignedInContext, access: ProjectAccess): WebResponse {
  return pageResponse(subscribePage(ctx.deps, ctx.visitor, access, poSettings.of(ctx.deps.config)));
}

async function subscribe(ctx: SignedInContext): Promise<WebResponse> {
  const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
  requireWrite(access);
  const { subscriptionUrl } = poSettings.of(ctx.deps.config);
  if (!subscriptionUrl) throw new WebError(404, "This server has no Pushover subscription URL.");
  const prio = priority(ctx.form.get("po_priority") ?? "0");
  const prioUp = priority(ctx.form.get("po_priority_up") ?? "0");
  if (prio === null || prioUp === null) throw new WebError(400, "Choose a priority from the list.");
  const { siteRoot } = ctx.deps.config;
  const state = signPayload({ account: ctx.account.id, project: access.project.uuid }, ctx.deps.secretKey, SALT, ctx.deps.clock.now().getTime());
  const back = `${siteRoot}/projects/${access.project.uuid}`;
  const success = `${back}/add_pushover/?${formEncode({ state, prio: String(prio), prio_up: String(prioUp) })}`;
  return redirectTo(`${subscriptionUrl}?${formEncode({ success, failure: `${back}/integrations/` })}`);
}

async function complete(ctx: SignedInContext): Promise<WebResponse> {
  const { deps, query } = ctx;
  const access = await accessProject(deps, ctx.account, ctx.params.code);
  requireWrite(access);
  const list = `/projects/${access.project.uuid}/integrations/`;
  if (!query.has("pushover_user_key")) return redirectTo(`${list}add/po/`);
  const state = readSignedPayload(query.get("state") ?? "", deps.secretKey, SALT, deps.clock.now().getTime(), STATE_MAX_AGE) as { account?: unknown; project?: unknown } | null;
  if (!state || state.account !== ctx.account.id || state.project !== access.project.uuid) {
    throw new WebError(403, "This answer from Pushover does not belong to a set-up started here (or it took over an hour). Start again from the integrations page.");
  }
  if (query.get("pushover_unsubscribed") === "1") {
    // compat: unsubscribing at Pushover removes every Pushover integration of the project.
    for (const channel of await listChannels(deps.db, access.project.id)) if (channel.kind === "po") await removeIntegration(deps, channel);
    return redirectTo(list);
  }
  const key = (query.get("pushover_user_key") ?? "").trim();
  const prio = priority(query.get("prio"));
  const prioUp = priority(query.get("prio_up"));
  if (key === "" || key.includes("|") || prio === null || prioUp === null) throw new WebError(400, "The answer from Pushover is incomplete.");
  await addIntegration(deps, ctx.account, access.project, { kind: "po", name: "", value: `${key}|${prio}|${prioUp}` });
  return redirectTo(list);
}

export function poRoutes(web: WebRouter): void {
  web.post(PATH, subscribe);
  web.get(PATH, complete);
}
