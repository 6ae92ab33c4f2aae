// The badges page: signed badge URLs for every tag of the project, a page of them at a time,
// so a project with thousands of tags costs no more per request than one with a few.
import { badgeUrls } from "../../lib/badges.js";
import { tagsList } from "../../lib/tags.js";
import { listChecks } from "../../store/checks.js";
import { accessProject } from "../access.js";
import type { WebRouter } from "../context.js";
import { pageResponse } from "../respond.js";
import { badgesPage } from "../views/badges.js";

export const BADGES_PER_PAGE = 24;

/** The page the query asks for, 1 when it names none or a page that does not exist. */
function pageNumber(raw: string | null, pages: number): number {
  const n = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 && n <= pages ? n : 1;
}

export function badgeRoutes(web: WebRouter): void {
  web.get("/projects/:code/badges/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    const checks = await listChecks(ctx.deps.db, access.project.id);
    const tags = [...new Set(checks.flatMap((c) => tagsList(c.tags)))].sort();
    const { siteRoot } = ctx.deps.config;
    const all = ["*", ...tags];
    const pages = Math.max(1, Math.ceil(all.length / BADGES_PER_PAGE));
    const page = pageNumber(ctx.query.get("page"), pages);
    const shown = all.slice((page - 1) * BADGES_PER_PAGE, page * BADGES_PER_PAGE);
    const rows = shown.map((tag) => ({ tag, urls: badgeUrls(siteRoot, access.project.badge_key, tag, ctx.deps.secretKey) }));
    return pageResponse(badgesPage(ctx.deps, ctx.visitor, access, rows, ctx.query.get("late") === "1", { page, pages }));
  });
}
