// One check's page and everything done from it: edit, reschedule, pause, resume, remove,
// switch integrations, and the live schedule preview.
import { deleteCheck, updateCheck } from "../../actions/checks.js";
import { pauseCheck, resumeCheck } from "../../actions/pause-resume.js";
import { setCheckIntegration } from "../../actions/web-integrations.js";
import { channelIdsOfCheck, findChannelByUuid } from "../../store/channel-assignments.js";
import { listChannels } from "../../store/channels.js";
import { findAccessibleCheckByUniqueKey, type ProjectAccess } from "../../store/memberships.js";
import type { Check } from "../../store/schema.js";
import { accessCheck, requireWrite } from "../access.js";
import { uptimeOf } from "../../actions/uptime.js";
import { listChecks } from "../../store/checks.js";
import { dependencyUuidsByCheck } from "../../store/dependencies.js";
import { alertingSpec, filteringSpec, nameSpec, previewSchedule, scheduleSpec, type AlertingDraft, type FormResult, type NameDraft, type ScheduleDraft } from "../check-input.js";
import { redirectAfter, type SignedInContext, type WebRouter } from "../context.js";
import { jsonResponse, pageResponse, redirectTo, WebError, type WebResponse } from "../respond.js";
import { schedulePreview } from "../views/check-forms.js";
import { detailsPage, type DetailsView } from "../views/check-details.js";
import { loadLog } from "../log-data.js";
import { addWindow, removeWindow, TOO_MANY_WINDOWS } from "../../actions/maintenance.js";
import { listWindows } from "../../store/maintenance.js";
import { windowFromForm } from "../maintenance-input.js";

/** The latest events on the details page; the log page has the rest. */
const DETAILS_EVENTS = 20;

async function render(ctx: SignedInContext, check: Check, access: ProjectAccess, extra: Partial<DetailsView> = {}): Promise<WebResponse> {
  const { deps } = ctx;
  const now = deps.clock.now();
  const preview = check.kind === "simple" ? schedulePreview({ hint: "Type a cron or OnCalendar expression to see its next runs." }) : schedulePreview(previewSchedule(check.kind, check.schedule, check.tz, now));
  const view: DetailsView = {
    access,
    check,
    channels: await listChannels(deps.db, access.project.id),
    enabled: await channelIdsOfCheck(deps.db, check.id),
    events: await loadLog(deps, check, { window: {}, kinds: null, limit: DETAILS_EVENTS }),
    preview,
    uptime: (await uptimeOf(deps.db, [check], now.getTime())).get(check.id)!,
    others: (await listChecks(deps.db, check.project_id)).filter((c) => c.id !== check.id),
    dependsOn: new Set((await dependencyUuidsByCheck(deps.db, [check.id])).get(check.id) ?? []),
    windows: { own: await listWindows(deps.db, check.project_id, check.id), project: await listWindows(deps.db, check.project_id, null) },
    now: now.getTime(),
    ...extra,
  };
  return pageResponse(detailsPage(deps, ctx.visitor, view), extra.status ?? 200);
}

async function writableCheck(ctx: SignedInContext): Promise<{ check: Check; access: ProjectAccess }> {
  const found = await accessCheck(ctx.deps, ctx.account, ctx.params.uuid);
  requireWrite(found.access);
  return found;
}

async function saveSpec(ctx: SignedInContext, result: FormResult<NameDraft | ScheduleDraft | AlertingDraft | null>, open: "name" | "schedule" | "filtering" | "alerting"): Promise<WebResponse> {
  const { check, access } = await writableCheck(ctx);
  if ("errors" in result) {
    // The form comes back as it was typed, with every error, and its preview of what was typed.
    const refused: Partial<DetailsView> = { open, errors: result.errors, status: 400 };
    if (open === "name") refused.nameDraft = result.draft as NameDraft;
    else if (open === "alerting") refused.alertingDraft = result.draft as AlertingDraft;
    else if (open === "schedule") {
      const draft = result.draft as ScheduleDraft;
      refused.scheduleDraft = draft;
      if (draft.kind === "cron" || draft.kind === "oncalendar") refused.preview = schedulePreview(previewSchedule(draft.kind, draft.schedule, draft.tz, ctx.deps.clock.now()));
    }
    return render(ctx, check, access, refused);
  }
  const outcome = await updateCheck(ctx.deps, check, result.ok, 3);
  if (outcome.kind === "channel_error") return render(ctx, check, access, { open, errors: [outcome.error], status: 400 });
  if (outcome.kind !== "updated") throw new WebError(404, "This check no longer exists.");
  // The checks list's dialog comes back to the list.
  if (ctx.form.get("next") === "list") return redirectAfter(ctx, `/projects/${access.project.uuid}/checks/`, { kind: "ok", text: `Schedule of “${check.name || "unnamed"}” saved.` });
  if (open === "filtering") return redirectAfter(ctx, `/checks/${check.uuid}/details/`, { kind: "ok", text: "Filtering rules saved." });
  if (open === "alerting") return redirectAfter(ctx, `/checks/${check.uuid}/details/`, { kind: "ok", text: "Alerting rules saved." });
  return redirectTo(`/checks/${check.uuid}/details/`);
}

export function checkDetailRoutes(web: WebRouter): void {
  web.get("/checks/:uuid/details/", async (ctx) => {
    const { check, access } = await accessCheck(ctx.deps, ctx.account, ctx.params.uuid);
    // The checks list links here to change the schedule when its dialog cannot open (no script).
    return render(ctx, check, access, ctx.query.get("edit") === "schedule" ? { open: "schedule" } : {});
  });

  // Every alert links here (the check's unique_key, so the link does not reveal the ping
  // UUID). compat: as upstream's uncloak view, a visitor not signed in is sent to sign in
  // (and back here); a member is redirected to the check's page; anyone else gets a 404.
  web.get("/cloaked/:key/", async (ctx) => {
    // A unique_key is 40 hex digits (a SHA-1); anything else (NUL bytes included) finds nothing.
    const key = ctx.params.key;
    const found = /^[0-9a-f]{40}$/.test(key) ? await findAccessibleCheckByUniqueKey(ctx.deps.db, ctx.account.id, key) : undefined;
    if (!found) throw new WebError(404, "This check was not found, or you do not have access to it.");
    return redirectTo(`/checks/${found.uuid}/details/`, 302);
  });

  web.post("/checks/:uuid/name/", (ctx) => saveSpec(ctx, nameSpec(ctx.form), "name"));
  web.post("/checks/:uuid/schedule/", (ctx) => saveSpec(ctx, scheduleSpec(ctx.form), "schedule"));
  web.post("/checks/:uuid/filtering/", (ctx) => saveSpec(ctx, filteringSpec(ctx.form), "filtering"));
  web.post("/checks/:uuid/alerting/", (ctx) => saveSpec(ctx, alertingSpec(ctx.form), "alerting"));

  web.post("/checks/:uuid/maintenance/", async (ctx) => {
    const { check, access } = await writableCheck(ctx);
    const result = windowFromForm(ctx.form);
    if ("errors" in result) return render(ctx, check, access, { open: "maintenance", errors: result.errors, windowDraft: result.draft, status: 400 });
    const outcome = await addWindow(ctx.deps, check.project_id, result.project ? null : check.id, result.ok);
    if (outcome.kind === "too_many") return render(ctx, check, access, { open: "maintenance", errors: [`${TOO_MANY_WINDOWS[0].toUpperCase()}${TOO_MANY_WINDOWS.slice(1)}.`], status: 400 });
    return redirectAfter(ctx, `/checks/${check.uuid}/details/`, { kind: "ok", text: "Maintenance window added." });
  });

  // The check's own windows and its project's can be removed from here.
  web.post("/checks/:uuid/maintenance/:window/remove/", async (ctx) => {
    const { check } = await writableCheck(ctx);
    const windows = [...(await listWindows(ctx.deps.db, check.project_id, check.id)), ...(await listWindows(ctx.deps.db, check.project_id, null))];
    const window = windows.find((w) => w.uuid === ctx.params.window);
    if (!window) throw new WebError(404, "This maintenance window no longer exists.");
    await removeWindow(ctx.deps, window);
    return redirectAfter(ctx, `/checks/${check.uuid}/details/`, { kind: "ok", text: "Maintenance window removed." });
  });

  web.post("/checks/:uuid/pause/", async (ctx) => {
    const { check } = await writableCheck(ctx);
    await pauseCheck(ctx.deps, check);
    return redirectTo(`/checks/${check.uuid}/details/`);
  });

  // The one place a manual_resume check comes back: its pings are ignored until then.
  web.post("/checks/:uuid/resume/", async (ctx) => {
    const { check } = await writableCheck(ctx);
    await resumeCheck(ctx.deps, check);
    return redirectTo(`/checks/${check.uuid}/details/`);
  });

  web.post("/checks/:uuid/remove/", async (ctx) => {
    const { check, access } = await writableCheck(ctx);
    await deleteCheck(ctx.deps, check);
    return redirectAfter(ctx, `/projects/${access.project.uuid}/checks/`, { kind: "ok", text: `Check “${check.name || "unnamed"}” removed.` });
  });

  web.post("/checks/:uuid/channels/:channel/", async (ctx) => {
    const { check } = await writableCheck(ctx);
    const channel = await findChannelByUuid(ctx.deps.db, ctx.params.channel);
    if (!channel || channel.project_id !== check.project_id) throw new WebError(404, "This integration was not found in the check's project.");
    const enabled = ctx.form.get("enabled") === "1";
    await setCheckIntegration(ctx.deps, check, channel, enabled);
    // The checks list's icons switch in place (beacon.js asks for JSON); the form reloads the page.
    if (ctx.request.headers.accept === "application/json") return jsonResponse({ enabled });
    return redirectTo(`/checks/${check.uuid}/details/`);
  });

  // A fragment for the schedule form's live preview; GET, so no CSRF token is needed.
  web.getData("/checks/schedule_preview/", (ctx) => {
    const q = ctx.query;
    return pageResponse(schedulePreview(previewSchedule(q.get("kind"), q.get("schedule") ?? "", q.get("tz") ?? "UTC", ctx.deps.clock.now())));
  });
}
