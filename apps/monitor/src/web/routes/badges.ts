// The badges page: signed badge URLs for every tag of the project.
import { badgeUrls } from "../../lib/badges.js";
import { tagsList } from "../../lib/tags.js";
import { listChecks } from "../../store/checks.js";
import { accessProject } from "../access.js";
import type { WebRouter } from "../context.js";
import { pageResponse } from "../respond.js";
import { badgesPage } from "../views/badges.js";

export function badgeRoutes(web: WebRouter): void {
  web.get("/projects/:code/badges/", async (ctx) => {
    const access = await accessProject(ctx.deps, ctx.account, ctx.params.code);
    const checks = await listChecks(ctx.deps.db, access.project.id);
    const tags = [...new Set(checks.flatMap((c) => tagsList(c.tags)))].sort();
    const { siteRoot } = ctx.deps.config;
    const rows = ["*", ...tags].map((tag) => ({ tag, urls: badgeUrls(siteRoot, access.project.badge_key, tag, ctx.deps.secretKey) }));
    return pageResponse(badgesPage(ctx.deps, ctx.visitor, access, rows, ctx.query.get("late") === "1"));
  });
}
