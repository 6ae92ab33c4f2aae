// Integrations: list, add, edit, test, remove, and assign to checks.
import { sendTestNotification, type TestOutcome } from "../../actions/test-notification.js";
import { addIntegration, MAX_INTEGRATION_NAME, removeIntegration, setIntegrationChecks, updateIntegration } from "../../actions/web-integrations.js";
import { listChannels } from "../../store/channels.js";
import { checkIdsOfChannel, countChecksByChannel } from "../../store/channel-assignments.js";
import { listChecks } from "../../store/checks.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { accessChannel, accessProject, requireWrite } from "../access.js";
import { redirectAfter, type SignedInContext, type WebRouter } from "../context.js";
import type { Flash } from "../flash.js";
import { channelName } from "../views/channel-name.js";
import { buildConfig, parseConfig, type KindForm } from "../../integrations/form.js";
import type { IntegrationKind } from "../../integrations/kind.js";
import { kindOf, unavailableReason } from "../../integrations/registry.js";
import { pageResponse, WebError, type WebResponse } from "../respond.js";
import { assignmentPage, integrationFormPage, integrationsPage } from "../views/integrations.js";
import { kindCatalog } from "../kind-catalog.js";


const TEST_FLASH: Record<TestOutcome["kind"], (label: string, error: string) => Flash> = {
  sent: (label) => ({ kind: "ok", text: `Test notification sent to ${label}.` }),
  noop: (label) => ({ kind: "error", text: `${label} sends nothing when a check goes down, so there is nothing to test.` }),
  failed: (label, error) => ({ kind: "error", text: `Could not send a test notification to ${label}: ${error}` }),
};

/** The project's integrations page; kinds' own routes use it to report how a set-up ended. */
async function integrationsListPage(ctx: SignedInContext, access: ProjectAccess, flash?: Flash): Promise<WebResponse> {
  const channels = await listChannels(ctx.deps.db, access.project.id);
  const counts = await countChecksByChannel(ctx.deps.db, access.project.id);
  const total = (await listChecks(ctx.deps.db, access.project.id)).length;
  const rows = channels.map((channel) => ({ channel, checks: counts.get(channel.id) ?? 0 }));
  return pageResponse(integrationsPage(ctx.deps, ctx.visitor, access, rows, total, flash));
}

const CANNOT = "The dashboard cannot set up this kind of integration.";

/** A kind the dashboard can add here; one whose settings are missing is not found, as upstream. */
function offered(ctx: SignedInContext, name: string): IntegrationKind {
  const kind = kindOf(name);
  if (!kind?.delivers || !kind.setup) throw new WebError(404, CANNOT);
  const unavailable = unavailableReason(kind, ctx.deps.config);
  if (unavailable) throw new WebError(404, unavailable);
  return kind;
}

/** The form of a kind set up through fields (adding, or editing one of its integrations). */
function formOf(kind: IntegrationKind | undefined): { kind: IntegrationKind; form: KindForm } {
  if (!kind?.setup || !("form" in kind.setup)) throw new WebError(404, CANNOT);
  return { kind, form: kind.setup.form };
}

function formName(ctx: SignedInContext): string {
  const name = (ctx.form.get("name") ?? "").trim();
  if ([...name].length > MAX_INTEGRATION_NAME) throw new WebError(400, `The name may be at most ${MAX_INTEGRATION_NAME} characters long.`);
  return name;
}

export function integrationRoutes(web: WebRouter): void {
  web.get("/projects/:code/integrations/", async (ctx) => integrationsListPage(ctx, await accessProject(ctx.deps, ctx.account, ctx.params.code)));

  web.get("/projects/:code/integrations/add/:kind/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    requireWrite(access);
    const kind = offered(ctx, ctx.params.kind);
    if (kind.setup && "page" in kind.setup) return kind.setup.page(ctx, access, kindCatalog);
    const action = `/projects/${access.project.uuid}/integrations/add/${kind.kind}/`;
    return pageResponse(integrationFormPage(ctx.deps, ctx.visitor, { ...formOf(kind), access, action, name: "", values: {}, editing: false }));
  });

  web.post("/projects/:code/integrations/add/:kind/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    requireWrite(access);
    const { kind, form } = formOf(offered(ctx, ctx.params.kind));
    const name = formName(ctx);
    const built = buildConfig(form, ctx.form, null);
    if ("error" in built) {
      const action = `/projects/${access.project.uuid}/integrations/add/${kind.kind}/`;
      return pageResponse(integrationFormPage(ctx.deps, ctx.visitor, { access, kind, form, action, name, values: built.values, editing: false, error: built.error }), 400);
    }
    await addIntegration(ctx.deps, ctx.account, access.project, { kind: kind.kind, name, value: built.ok });
    return redirectAfter(ctx, `/projects/${access.project.uuid}/integrations/`, { kind: "ok", text: `${kind.title} integration added.` });
  });

  web.get("/integrations/:uuid/edit/", async (ctx) => {
    const { channel, access } = await accessChannel(ctx.deps, ctx.account, ctx.params.uuid);
    requireWrite(access);
    const { kind, form } = formOf(kindOf(channel.kind));
    const values = form.read(channel.value);
    return pageResponse(integrationFormPage(ctx.deps, ctx.visitor, { access, kind, form, action: `/integrations/${channel.uuid}/edit/`, name: channel.name, values, editing: true }));
  });

  web.post("/integrations/:uuid/edit/", async (ctx) => {
    const { channel, access } = await accessChannel(ctx.deps, ctx.account, ctx.params.uuid);
    requireWrite(access);
    const { kind, form } = formOf(kindOf(channel.kind));
    const name = formName(ctx);
    const built = buildConfig(form, ctx.form, parseConfig(channel.value));
    if ("error" in built) {
      const values = { ...built.values, ...Object.fromEntries(form.fields.filter((f) => f.type === "password").map((f) => [f.name, ""])) };
      return pageResponse(integrationFormPage(ctx.deps, ctx.visitor, { access, kind, form, action: `/integrations/${channel.uuid}/edit/`, name, values, editing: true, error: built.error }), 400);
    }
    await updateIntegration(ctx.deps, ctx.account, channel, { name, value: built.ok });
    return redirectAfter(ctx, `/projects/${access.project.uuid}/integrations/`, { kind: "ok", text: "Integration saved." });
  });

  web.post("/integrations/:uuid/test/", async (ctx) => {
    const { channel, access } = await accessChannel(ctx.deps, ctx.account, ctx.params.uuid);
    requireWrite(access);
    const outcome = await sendTestNotification(ctx.deps, access.project, channel);
    const flash = TEST_FLASH[outcome.kind](channelName(channel), outcome.kind === "failed" ? outcome.error : "");
    return redirectAfter(ctx, `/projects/${access.project.uuid}/integrations/`, flash);
  });

  web.post("/integrations/:uuid/remove/", async (ctx) => {
    const { channel, access } = await accessChannel(ctx.deps, ctx.account, ctx.params.uuid);
    requireWrite(access);
    await removeIntegration(ctx.deps, channel);
    return redirectAfter(ctx, `/projects/${access.project.uuid}/integrations/`, { kind: "ok", text: `Integration “${channelName(channel)}” removed.` });
  });

  web.get("/integrations/:uuid/checks/", async (ctx) => {
    const { channel, access } = await accessChannel(ctx.deps, ctx.account, ctx.params.uuid);
    const checks = await listChecks(ctx.deps.db, access.project.id);
    return pageResponse(assignmentPage(ctx.deps, ctx.visitor, access, channel, checks, await checkIdsOfChannel(ctx.deps.db, channel.id)));
  });

  web.post("/integrations/:uuid/checks/", async (ctx) => {
    const { channel, access } = await accessChannel(ctx.deps, ctx.account, ctx.params.uuid);
    requireWrite(access);
    await setIntegrationChecks(ctx.deps, channel, ctx.form.getAll("check"));
    return redirectAfter(ctx, `/projects/${access.project.uuid}/integrations/`, { kind: "ok", text: `Checks of “${channelName(channel)}” saved.` });
  });
}
