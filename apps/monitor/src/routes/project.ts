// Project-level listings: integrations and badges.
import type { MonitorDeps } from "../deps.js";
import { authorizeRead, authorizeWrite } from "../http/auth.js";
import { jsonBody, op, ref } from "../http/api-doc.js";
import { json } from "../http/responses.js";
import { route, type ApiRoute } from "../http/router.js";
import { badgeUrls } from "../lib/badges.js";
import { tagsList } from "../lib/tags.js";
import { listChannels } from "../store/channels.js";
import { listChecks } from "../store/checks.js";

const DOCS = {
  channels: op({
    id: "listChannels",
    summary: "List the project's integrations",
    tag: "integrations",
    auth: "write",
    success: jsonBody({ type: "object", properties: { channels: { type: "array", items: ref("Channel") } }, required: ["channels"] }),
  }),
  badges: op({
    id: "listBadges",
    summary: "List the project's badge URLs: one set per tag, and `*` for all checks",
    tag: "badges",
    auth: "read",
    success: jsonBody({ type: "object", properties: { badges: { type: "object", additionalProperties: ref("BadgeUrls") } }, required: ["badges"] }),
  }),
};

export function projectRoutes(deps: MonitorDeps): ApiRoute[] {
  return [
    route("channels/", {
      async GET(req) {
        const { project } = await authorizeWrite(deps, req);
        const channels = await listChannels(deps.db, project.id);
        return json({ channels: channels.map((c) => ({ id: c.uuid, name: c.name, kind: c.kind })) });
      },
    }, { doc: DOCS.channels }),
    route("badges/", {
      async GET(req) {
        const { project } = await authorizeRead(deps, req);
        const tags = new Set<string>();
        for (const check of await listChecks(deps.db, project.id)) for (const tag of tagsList(check.tags)) tags.add(tag);
        const badges: Record<string, Record<string, string>> = {};
        for (const tag of [...[...tags].sort(), "*"]) badges[tag] = badgeUrls(deps.config.siteRoot, project.badge_key, tag, deps.secretKey);
        return json({ badges });
      },
    }, { doc: DOCS.badges }),
  ];
}
