// Adding Matrix, as upstream: the user invites the bot account to a room and gives the room's
// published address (#alias:server) or internal id (!id:server); the bot joins it, and the
// room id the homeserver answers with is the stored value. An address also names the
// integration.
import { addIntegration } from "../../actions/web-integrations.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { accessProject, requireWrite } from "../../web/access.js";
import type { SignedInContext, WebRouter } from "../../web/context.js";
import { pageResponse, redirectTo, type WebResponse } from "../../web/respond.js";
import { httpRequest } from "../http.js";
import { pyQuote } from "../text.js";
import type { MonitorConfig } from "../../config.js";
import { TransportError } from "../alert.js";
import { addPage } from "./pages.js";
import { matrixSettings } from "./settings.js";

const MAX_ALIAS = 100;

/** The bot joins the room: its id, or the reason it could not, worded as upstream. */
export async function joinRoom(config: MonitorConfig, alias: string): Promise<{ roomId: string } | { error: string }> {
  const { homeserver, accessToken, userId } = matrixSettings.of(config);
  // The upstream leaves "/" unquoted; quoting it keeps "../" in an alias from reaching
  // another endpoint of the homeserver with the bot's token.
  const url = `${homeserver.replace(/\/+$/, "")}/_matrix/client/v3/join/${pyQuote(alias, "")}`;
  let status: number;
  let text: string;
  try {
    const res = await httpRequest({ method: "POST", url, headers: { Authorization: `Bearer ${accessToken}` }, allowPrivateIps: true });
    status = res.status;
    text = res.body.toString("utf8");
  } catch (error) {
    return { error: `Could not reach the Matrix server: ${error instanceof TransportError ? error.message : "request failed"}.` };
  }
  if (status === 403) return { error: `Matrix server returned status 403 (Forbidden).\nDid you invite ${userId} to the room?` };
  if (status === 429) return { error: "Matrix server returned status 429 (Too Many Requests), please try later." };
  if (status === 502) return { error: "Matrix server returned status 502 (Bad Gateway), please try later." };
  try {
    const roomId: unknown = JSON.parse(text)?.room_id;
    if (typeof roomId === "string" && roomId !== "") return { roomId };
  } catch {
    // worded below
  }
  return { error: "Matrix server returned unexpected response" };
}

export function setupPage(ctx: SignedInContext, access: ProjectAccess): WebResponse {
  return pageResponse(addPage(ctx.deps, ctx.visitor, access, { alias: "" }));
}

async function add(ctx: SignedInContext): Promise<WebResponse> {
  const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
  requireWrite(access);
  const alias = (ctx.form.get("alias") ?? "").trim();
  const refuse = (error: string) => pageResponse(addPage(ctx.deps, ctx.visitor, access, { alias, error }), 400);
  if (alias === "") return refuse("This field is required.");
  if ([...alias].length > MAX_ALIAS) return refuse(`Ensure this value has at most ${MAX_ALIAS} characters (it has ${[...alias].length}).`);
  const joined = await joinRoom(ctx.deps.config, alias);
  if ("error" in joined) return refuse(joined.error);
  await addIntegration(ctx.deps, ctx.account, access.project, { kind: "matrix", name: alias.startsWith("!") ? "" : alias, value: joined.roomId });
  return redirectTo(`/projects/${access.project.uuid}/integrations/`);
}

export function matrixRoutes(web: WebRouter): void {
  web.post("/projects/:code/add_matrix/", add);
}
