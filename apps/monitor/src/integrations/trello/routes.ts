// Adding Trello, as upstream: "Connect Trello" goes to Trello's authorize page (a token that
// never expires, read and write); Trello returns to /projects/<uuid>/add_trello/ with the
// token after "#"; the token lists the user's open boards and lists; the list picked is
// posted back to /projects/<uuid>/add_trello/ and stored with the token.
import { addIntegration } from "../../actions/web-integrations.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { accessProject, requireWrite } from "../../web/access.js";
import type { SignedInContext, WebRouter } from "../../web/context.js";
import { pageResponse, redirectTo, WebError, type WebResponse } from "../../web/respond.js";
import { httpRequest } from "../http.js";
import { formEncode } from "../text.js";
import { connectPage, listPage, returnPage, type TrelloBoard } from "./pages.js";
import { trelloSettings } from "./settings.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function setupPage(ctx: SignedInContext, access: ProjectAccess): WebResponse {
  const { webUrl, appKey } = trelloSettings.of(ctx.deps.config);
  const query = formEncode({
    expiration: "never",
    name: ctx.deps.config.siteName,
    scope: "read,write",
    response_type: "token",
    key: appKey,
    return_url: `${ctx.deps.config.siteRoot}/projects/${access.project.uuid}/add_trello/`,
  });
  return pageResponse(connectPage(ctx.deps, ctx.visitor, access, `${webUrl}/1/authorize?${query}`));
}

const isBoards = (v: unknown): v is TrelloBoard[] =>
  Array.isArray(v) &&
  v.every((b) => typeof b?.id === "string" && typeof b?.name === "string" && Array.isArray(b?.lists) && b.lists.every((l: any) => typeof l?.id === "string" && typeof l?.name === "string"));

/** The user's open boards with their open lists, or null for an answer of another shape. */
async function boardsOf(ctx: SignedInContext, token: string): Promise<TrelloBoard[] | null> {
  const { apiUrl, appKey } = trelloSettings.of(ctx.deps.config);
  const query = formEncode({ key: appKey, token, filter: "open", fields: "id,name", lists: "open", list_fields: "id,name" });
  try {
    const res = await httpRequest({ method: "GET", url: `${apiUrl}/1/members/me/boards?${query}`, allowPrivateIps: true });
    const doc: unknown = JSON.parse(res.body.toString("utf8"));
    if (isBoards(doc)) return doc;
    ctx.deps.log.warn({ status: res.status }, "unexpected Trello API response");
  } catch (error) {
    ctx.deps.log.warn({ err: error }, "the Trello boards request failed");
  }
  return null;
}

async function settingsStep(ctx: SignedInContext): Promise<WebResponse> {
  const uuid = ctx.form.get("project") ?? "";
  if (!UUID.test(uuid)) throw new WebError(400, "Choose a project.");
  const access = await accessProject(ctx.deps, ctx.account, uuid);
  requireWrite(access);
  const token = (ctx.form.get("token") ?? "").trim();
  return pageResponse(listPage(ctx.deps, ctx.visitor, access, token, await boardsOf(ctx, token)));
}

/** The upstream's form checks; any failure is a 400, as upstream. */
function trelloValue(token: string, choice: string): string | null {
  let picked: any;
  try {
    picked = JSON.parse(choice);
  } catch {
    return null;
  }
  const { board_name: board, list_name: list, list_id: id } = picked ?? {};
  const short = (s: unknown) => typeof s === "string" && s !== "" && [...s].length <= 100;
  if (token === "" || token.length > 1000 || !short(board) || !short(list) || typeof id !== "string" || !/^[0-9a-fA-F]{16,32}$/.test(id)) return null;
  return JSON.stringify({ board_name: board, list_id: id, list_name: list, token });
}

async function save(ctx: SignedInContext): Promise<WebResponse> {
  const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
  requireWrite(access);
  const value = trelloValue((ctx.form.get("token") ?? "").trim(), ctx.form.get("list") ?? "");
  if (value === null) throw new WebError(400, "Choose a Trello list.");
  await addIntegration(ctx.deps, ctx.account, access.project, { kind: "trello", name: "", value });
  return redirectTo(`/projects/${access.project.uuid}/integrations/`);
}

export function trelloRoutes(web: WebRouter): void {
  web.get("/projects/:code/add_trello/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    requireWrite(access);
    return pageResponse(returnPage(ctx.deps, ctx.visitor, access));
  });
  web.post("/projects/:code/add_trello/", save);
  web.post("/integrations/add_trello/settings/", settingsStep);
}
