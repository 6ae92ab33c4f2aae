import type { MonitorDeps } from "../deps.js";
import { accessCheck } from "../http/access.js";
import { authorizeWrite } from "../http/auth.js";
import { FOREIGN, jsonBody, NOT_FOUND_PAGE, op, ref, textBody } from "../http/api-doc.js";
import { empty, json, type ApiResponse } from "../http/responses.js";
import { route, type ApiRoute } from "../http/router.js";
import { pingDuration, presentPing } from "../present/ping.js";
import { findPingByN, pingsBefore, recentPings } from "../store/pings.js";
import { findOwner } from "../store/projects.js";
import type { Ping } from "../store/schema.js";

const MAX_PINGS = 1000;
// compat: when more pings than this need history beyond the page, no durations are shown.
const MAX_LOOKUPS = 10;

const DOCS = {
  list: op({
    id: "listPings",
    summary: "List a check's most recent pings (up to the account's ping log limit, at most 1000)",
    tag: "pings",
    auth: "write",
    success: jsonBody({ type: "object", properties: { pings: { type: "array", items: ref("Ping") } }, required: ["pings"] }),
    errors: [FOREIGN, NOT_FOUND_PAGE],
  }),
  body: op({
    id: "getPingBody",
    summary: "Get the body a ping carried",
    tag: "pings",
    auth: "write",
    path: { n: { description: "The ping's number (its `n`)." } },
    success: textBody("text/plain"),
    errors: [FOREIGN, { status: 404, description: "No such check (Django's HTML page), or no such ping or body in the log (an empty body).", body: { contentType: "text/html; charset=utf-8" } }],
  }),
};

export function pingRoutes(deps: MonitorDeps): ApiRoute[] {
  return [
    route("checks/<uuid>/pings/", {
      async GET(req) {
        const { project } = await authorizeWrite(deps, req);
        const check = await accessCheck(deps, project, req.params[0]);
        const owner = await findOwner(deps.db, project);
        const page = await recentPings(deps.db, check.id, Math.min(owner.ping_log_limit, MAX_PINGS));

        const durations = page.map((ping, i) => pingDuration(ping, page.slice(i + 1), false));
        const unresolved = durations.flatMap((d, i) => (d === null ? [i] : []));
        if (unresolved.length > MAX_LOOKUPS) {
          durations.fill(undefined);
        } else {
          for (const i of unresolved) {
            const ping = page[i];
            const history: Ping[] = await pingsBefore(deps.db, check.id, page[page.length - 1].id, ping.created - 72 * 3600 * 1000);
            durations[i] = pingDuration(ping, [...page.slice(i + 1), ...history], true);
          }
        }

        const base = `${deps.config.siteRoot}/api/v${req.version}/checks/${check.uuid}/pings`;
        const pings = page.map((ping, i) => presentPing(ping, durations[i] ?? undefined, ping.body ? `${base}/${ping.n}/body` : null));
        return json({ pings });
      },
    }, { doc: DOCS.list }),
    route("checks/<uuid>/pings/<int:n>/body", {
      async GET(req): Promise<ApiResponse> {
        const { project } = await authorizeWrite(deps, req);
        const check = await accessCheck(deps, project, req.params[0]);
        const n = Number(req.params[1]);
        const owner = await findOwner(deps.db, project);
        if (n <= check.n_pings - owner.ping_log_limit) return empty(404);
        const ping = await findPingByN(deps.db, check.id, n);
        if (!ping?.body || ping.body.length === 0) return empty(404);
        return { status: 200, body: Buffer.from(ping.body), contentType: "text/plain" };
      },
    }, { doc: DOCS.body }),
  ];
}
