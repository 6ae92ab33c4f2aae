// Project-level listings: integrations and badges.
import type { MonitorDeps } from "../deps.js";
import { authorizeRead, authorizeWrite } from "../http/auth.js";
import { json } from "../http/responses.js";
import { route, type ApiRoute } from "../http/router.js";
import { badgeUrls } from "../lib/badges.js";
import { tagsList } from "../lib/tags.js";
import { listChannels } from "../store/channels.js";
import { listChecks } from "../store/checks.js";

export function projectRoutes(deps: MonitorDeps): ApiRoute[] {
  return [
    route("channels/", {
      async GET(req) {
        const { project } = await authorizeWrite(deps, req);
        const channels = await listChannels(deps.db, project.id);
        return json({ channels: channels.map((c) => ({ id: c.uuid, name: c.name, kind: c.kind })) });
      },
    }),
    route("badges/", {
      async GET(req) {
        const { project } = await authorizeRead(deps, req);
        const tags = new Set<string>();
        for (const check of await listChecks(deps.db, project.id)) for (const tag of tagsList(check.tags)) tags.add(tag);
        const badges: Record<string, Record<string, string>> = {};
        for (const tag of [...[...tags].sort(), "*"]) badges[tag] = badgeUrls(deps.config.siteRoot, project.badge_key, tag, deps.secretKey);
        return json({ badges });
      },
    }),
  ];
}
