// The projects overview and project creation.
import { createProject, ProjectLimitError } from "../../actions/projects.js";
import { MAX_PROJECT_NAME } from "../../actions/project-keys.js";
import { computeStatus } from "../../lib/status.js";
import { listChecks } from "../../store/checks.js";
import { listAccessibleProjects } from "../../store/memberships.js";
import { redirectAfter, type SignedInContext, type WebRouter } from "../context.js";
import { pageResponse } from "../respond.js";
import { projectsPage, type ProjectSummary } from "../views/projects.js";

async function summaries(ctx: SignedInContext): Promise<ProjectSummary[]> {
  const now = ctx.deps.clock.now().getTime();
  const out: ProjectSummary[] = [];
  for (const access of await listAccessibleProjects(ctx.deps.db, ctx.account.id)) {
    const checks = await listChecks(ctx.deps.db, access.project.id);
    out.push({ access, statuses: checks.map((c) => computeStatus(c, now)) });
  }
  return out;
}

export function projectRoutes(web: WebRouter): void {
  web.get("/projects/", async (ctx) => pageResponse(projectsPage(ctx.deps, ctx.visitor, await summaries(ctx))));

  web.post("/projects/", async (ctx) => {
    const name = (ctx.form.get("name") ?? "").trim();
    if (name === "" || [...name].length > MAX_PROJECT_NAME) {
      return pageResponse(projectsPage(ctx.deps, ctx.visitor, await summaries(ctx), `Please enter a project name of 1 to ${MAX_PROJECT_NAME} characters.`), 400);
    }
    // The same provisioning as the CLI: the project starts with all three keys, and this
    // response is the one chance to see the two API keys (they are stored hashed).
    // The keys travel to the settings page in the one-time message (web/flash.ts), so a
    // reload of that page neither creates a second project nor shows the keys again.
    const keys = await createProject(ctx.deps, { name, ownerEmail: ctx.account.email, projectLimit: ctx.deps.config.projectLimit }).catch((error: unknown) => {
      if (error instanceof ProjectLimitError) return error;
      throw error;
    });
    if (keys instanceof ProjectLimitError) return pageResponse(projectsPage(ctx.deps, ctx.visitor, await summaries(ctx), keys.message), 400);
    return redirectAfter(ctx, `/projects/${keys.uuid}/settings/`, {
      kind: "ok",
      text: `Project “${name}” created. Its API keys are shown below once; copy them now if you need them.`,
      secrets: { api_key: keys.api_key, api_key_readonly: keys.api_key_readonly },
    });
  });
}
