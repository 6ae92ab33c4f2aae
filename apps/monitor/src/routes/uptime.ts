// GET /api/v3/checks/<uuid>/uptime/ (docs/monitor-extensions.md): a Beacon extension, so in
// API v3 only; v1 and v2 answer the upstream's 404 for a URL they do not have.
import type { MonitorDeps } from "../deps.js";
import { uptimeOf } from "../actions/uptime.js";
import { accessCheck } from "../http/access.js";
import { authorizeRead } from "../http/auth.js";
import { FOREIGN, jsonBody, NOT_FOUND_PAGE, op, ref } from "../http/api-doc.js";
import { json } from "../http/responses.js";
import { extensionRoute, type ApiRoute } from "../http/router.js";
import { isoSeconds } from "../lib/dates.js";
import { UPTIME_DAYS, type UptimeFigures } from "../lib/uptime.js";

const figures = (f: UptimeFigures & { start: number; end: number }) => ({
  start: isoSeconds(f.start),
  end: isoSeconds(f.end),
  up_fraction: f.up_fraction,
  up_seconds: f.up_seconds,
  down_seconds: f.down_seconds,
  downtimes: f.downtimes,
});

const UPTIME = op({
  id: "getUptime",
  summary: `A check's uptime over the last ${UPTIME_DAYS.join(", ")} days and by calendar month (Beacon's extension)`,
  tag: "checks",
  auth: "read",
  success: jsonBody(ref("Uptime")),
  errors: [FOREIGN, NOT_FOUND_PAGE],
});

export function uptimeRoutes(deps: MonitorDeps): ApiRoute[] {
  return [
    extensionRoute("checks/<uuid>/uptime/", {
      async GET(req) {
        const { project } = await authorizeRead(deps, req);
        const check = await accessCheck(deps, project, req.params[0]);
        const now = deps.clock.now().getTime();
        const report = (await uptimeOf(deps.db, [check], now)).get(check.id)!;
        return json({
          days: report.days.map((d) => ({ days: d.days, ...figures(d) })),
          months: report.months.map((m) => ({ month: m.month, ...figures(m) })),
        });
      },
    }, UPTIME),
  ];
}
