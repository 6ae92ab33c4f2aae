// The group's form, at the upstream's address: adding a group needs the project's other
// integrations as choices, which a form of fixed fields cannot offer.
import { addIntegration } from "../../actions/web-integrations.js";
import { listChannels } from "../../store/channels.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { accessProject, requireWrite } from "../../web/access.js";
import type { SignedInContext, WebRouter } from "../../web/context.js";
import type { KindCatalog } from "../kind.js";
import { pageResponse, redirectTo, type WebResponse } from "../../web/respond.js";
import { groupPage, type GroupFormState } from "./pages.js";

/** Every integration of the project but groups (a group never holds a group). */
async function candidates(ctx: SignedInContext, access: ProjectAccess) {
  return (await listChannels(ctx.deps.db, access.project.id)).filter((c) => c.kind !== "group");
}

export async function groupFormPage(ctx: SignedInContext, access: ProjectAccess, catalog: KindCatalog, state: GroupFormState = { label: "", chosen: new Set() }, status = 200): Promise<WebResponse> {
  return pageResponse(groupPage(ctx.deps, ctx.visitor, access, catalog, await candidates(ctx, access), state), status);
}

export function groupRoutes(web: WebRouter, catalog: KindCatalog): void {
  web.get("/projects/:code/add_group/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    requireWrite(access);
    return groupFormPage(ctx, access, catalog);
  });

  web.post("/projects/:code/add_group/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    requireWrite(access);
    const label = (ctx.form.get("label") ?? "").trim();
    const chosen = ctx.form.getAll("channels");
    const state = { label, chosen: new Set(chosen) };
    const known = new Set((await candidates(ctx, access)).map((c) => c.uuid));
    // The upstream's MultipleChoiceField and CharField(max_length=100) messages.
    const unknown = chosen.find((uuid) => !known.has(uuid));
    let error: string | undefined;
    if (chosen.length === 0) error = "Integrations: This field is required.";
    else if (unknown !== undefined) error = `Integrations: Select a valid choice. ${unknown} is not one of the available choices.`;
    else if ([...label].length > 100) error = `Label: Ensure this value has at most 100 characters (it has ${[...label].length}).`;
    if (error) return groupFormPage(ctx, access, catalog, { ...state, error }, 400);
    await addIntegration(ctx.deps, ctx.account, access.project, { kind: "group", name: label, value: chosen.join(",") });
    return redirectTo(`/projects/${access.project.uuid}/integrations/`);
  });
}
