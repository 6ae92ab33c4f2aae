// The group's form posts to the upstream's URL, /projects/<uuid>/add_group/ (which also shows
// the form, as upstream). The members must be integrations of the same project, groups left out.
import { addIntegration, MAX_INTEGRATION_NAME } from "../../actions/webIntegrations.js";
import type { MonitorDeps } from "../../deps.js";
import { listChannels } from "../../store/channels.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { accessProject, requireWrite } from "../../web/access.js";
import type { SignedInContext, WebRouter } from "../../web/context.js";
import { pageResponse, redirectTo, type WebResponse } from "../../web/respond.js";
import { groupFormPage } from "./pages.js";

const choicesOf = async (deps: MonitorDeps, access: ProjectAccess) => (await listChannels(deps.db, access.project.id)).filter((c) => c.kind !== "group");

/** The empty form: the dashboard's "Add Group" and a GET of the upstream's URL. */
export async function groupSetupPage(ctx: SignedInContext, access: ProjectAccess): Promise<WebResponse> {
  return pageResponse(groupFormPage(ctx.deps, ctx.visitor, { access, choices: await choicesOf(ctx.deps, access), label: "", chosen: [] }));
}

/** The upstream form's checks and wording (Django's): the label's length, then the choices. */
function problem(label: string, chosen: string[], valid: Set<string>): string | null {
  if (label.length > MAX_INTEGRATION_NAME) return `Label: Ensure this value has at most ${MAX_INTEGRATION_NAME} characters (it has ${label.length}).`;
  if (chosen.length === 0) return "Integrations: This field is required.";
  const wrong = chosen.find((uuid) => !valid.has(uuid));
  if (wrong !== undefined) return `Integrations: Select a valid choice. ${wrong} is not one of the available choices.`;
  return null;
}

export function groupRoutes(web: WebRouter): void {
  web.get("/projects/:code/add_group/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    requireWrite(access);
    return groupSetupPage(ctx, access);
  });

  web.post("/projects/:code/add_group/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    requireWrite(access);
    const choices = await choicesOf(ctx.deps, access);
    const label = (ctx.form.get("label") ?? "").trim();
    const chosen = ctx.form.getAll("channels");
    const error = problem(label, chosen, new Set(choices.map((c) => c.uuid)));
    if (error) return pageResponse(groupFormPage(ctx.deps, ctx.visitor, { access, choices, label, chosen, error }), 400);
    // Kept in the order of the project's integrations, without repeats.
    const value = choices.filter((c) => chosen.includes(c.uuid)).map((c) => c.uuid).join(",");
    await addIntegration(ctx.deps, ctx.account, access.project, { kind: "group", name: label, value });
    return redirectTo(`/projects/${access.project.uuid}/integrations/`);
  });
}
