// A project's checks list, its live-status feed, and adding a check.
import { createCheck } from "../../actions/checks.js";
import { validateCheckSpec } from "../../http/check-spec.js";
import { slugify } from "../../lib/slugify.js";
import { computeStatus } from "../../lib/status.js";
import { tagsList } from "../../lib/tags.js";
import { channelIdsByCheckOfProject, listChannels } from "../../store/channels.js";
import { listChecks } from "../../store/checks.js";
import { accessProject, requireWrite } from "../access.js";
import type { SignedInContext, WebRouter } from "../context.js";
import type { ChecksSort } from "../../store/schema.js";
import { findProfile, updateProfile } from "../../store/web-profiles.js";
import { jsonResponse, pageResponse, redirectTo, WebError } from "../respond.js";
import type { Db } from "../../deps.js";
import { maintenanceAt, WindowMemo } from "../../lib/maintenance.js";
import { applicableWindows } from "../../store/maintenance.js";
import { checksPage, maintenanceTitle, SEVERITY, worstStatus, type CheckRow } from "../views/checks-list.js";
import { relativeTime } from "../views/format.js";
import { STATUS_LABELS } from "../views/status.js";

function tagSummary(rows: CheckRow[]): [string, CheckRow["status"]][] {
  const byTag = new Map<string, CheckRow["status"][]>();
  for (const row of rows) for (const tag of tagsList(row.check.tags)) byTag.set(tag, [...(byTag.get(tag) ?? []), row.status]);
  return [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, statuses]) => [tag, worstStatus(statuses)]);
}

const SORTS: ChecksSort[] = ["created", "name", "status", "last_ping"];

/** The order asked for (`?sort=`), remembered for the account; else the one it chose last. */
async function chosenSort(ctx: SignedInContext): Promise<ChecksSort> {
  const asked = ctx.query.get("sort");
  const profile = await findProfile(ctx.deps.db, ctx.account.id);
  if (asked === null || !SORTS.includes(asked as ChecksSort)) return profile.sort;
  if (asked !== profile.sort) await updateProfile(ctx.deps.db, ctx.account.id, { sort: asked as ChecksSort });
  return asked as ChecksSort;
}

const byName = (a: CheckRow, b: CheckRow) => (a.check.name || "\uffff").localeCompare(b.check.name || "\uffff", "en", { sensitivity: "base" }) || a.check.id - b.check.id;

function sortRows(rows: CheckRow[], sort: ChecksSort): CheckRow[] {
  const sorted = [...rows];
  if (sort === "name") sorted.sort(byName);
  else if (sort === "status") sorted.sort((a, b) => SEVERITY.indexOf(a.status) - SEVERITY.indexOf(b.status) || byName(a, b));
  // Most recent first; never pinged last.
  else if (sort === "last_ping") sorted.sort((a, b) => (b.check.last_ping ?? -Infinity) - (a.check.last_ping ?? -Infinity) || byName(a, b));
  return sorted;
}

/** The checks a maintenance window covers now, with the instant it ends. */
async function inMaintenance(db: Db, checkIds: number[], now: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const memo = new WindowMemo();
  for (const [checkId, windows] of await applicableWindows(db, checkIds, now)) {
    const covering = maintenanceAt(windows, now, memo.endOf);
    if (covering) out.set(checkId, covering.until);
  }
  return out;
}

export function checkListRoutes(web: WebRouter): void {
  web.get("/projects/:code/checks/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    const now = ctx.deps.clock.now().getTime();
    const all = (await listChecks(ctx.deps.db, access.project.id)).map((check) => ({ check, status: computeStatus(check, now, true) }));
    const selected = ctx.query.getAll("tag");
    const sort = await chosenSort(ctx);
    const rows = sortRows(
      all.filter((row) => {
        const tags = new Set(tagsList(row.check.tags));
        return selected.every((t) => tags.has(t));
      }),
      sort,
    );
    const channels = await listChannels(ctx.deps.db, access.project.id);
    const assigned = await channelIdsByCheckOfProject(ctx.deps.db, access.project.id);
    const maintenance = await inMaintenance(ctx.deps.db, all.map((row) => row.check.id), now);
    return pageResponse(checksPage(ctx.deps, ctx.visitor, { access, sort, rows, tags: tagSummary(all), selected, now, channels, assigned, maintenance }));
  });

  // Polled by the page script so the list stays live without a reload.
  web.getData("/projects/:code/checks/status/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    const now = ctx.deps.clock.now().getTime();
    const checks = await listChecks(ctx.deps.db, access.project.id);
    const maintenance = await inMaintenance(ctx.deps.db, checks.map((c) => c.id), now);
    return jsonResponse({
      checks: checks.map((c) => {
        const status = computeStatus(c, now, true);
        const until = maintenance.get(c.id);
        return {
          uuid: c.uuid,
          status,
          label: STATUS_LABELS[status],
          last_ping: c.last_ping === null ? "Never" : relativeTime(c.last_ping, now),
          maintenance: until === undefined ? null : maintenanceTitle(until),
        };
      }),
    });
  });

  web.post("/projects/:code/checks/add/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    requireWrite(access);
    const name = (ctx.form.get("name") ?? "").trim();
    // Like the upstream's "Add Check": a slug from the name, and every integration assigned.
    const spec = validateCheckSpec({ name, slug: slugify(name), channels: "*" });
    if ("error" in spec) throw new WebError(400, "The name is too long: at most 100 characters.");
    const outcome = await createCheck(ctx.deps, access.project, spec.ok, 3);
    if (outcome.kind === "limit") throw new WebError(403, "The account owning this project has reached its check limit.");
    if (outcome.kind !== "created") throw new WebError(400, "The check could not be created.");
    return redirectTo(`/checks/${outcome.check.uuid}/details/`);
  });
}
