// The Prometheus endpoint: read-only key in the URL, or as a Bearer token.
import type { MonitorDeps } from "../deps.js";
import { op, textBody } from "../http/api-doc.js";
import { empty, type ApiResponse } from "../http/responses.js";
import { anyMethod, route, type ApiRequest, type ApiRoute } from "../http/router.js";
import { API_KEY_LENGTH, hashApiKey } from "../lib/keys.js";
import { presentMetrics } from "../present/metrics.js";
import { listChecks } from "../store/checks.js";
import { findProjectByKeyHash } from "../store/projects.js";

const KEY_ERRORS = [
  { status: 400, description: "The key is not 32 characters (no body).", body: null },
  { status: 403, description: "The key is no project's read-only key (no body).", body: null },
];
const EXPOSITION = textBody("text/plain");
const CODE = { description: "The project's UUID (not compared with the key's project, as upstream)." };

const DOCS = {
  byUrlKey: op({ id: "getProjectMetrics", summary: "The project's checks in Prometheus' text format, the read-only key in the URL", tag: "metrics", auth: "none", path: { code: CODE, key: { description: "The project's read-only API key." } }, success: EXPOSITION, errors: KEY_ERRORS }),
  checksByUrlKey: op({ id: "getProjectCheckMetrics", summary: "The same metrics, at the upstream's older URL", tag: "metrics", auth: "none", path: { code: CODE, key: { description: "The project's read-only API key." } }, success: EXPOSITION, errors: KEY_ERRORS }),
  byBearer: op({
    id: "getProjectMetricsWithBearer",
    summary: "The project's checks in Prometheus' text format, the read-only key as a Bearer token",
    tag: "metrics",
    auth: "none",
    security: ["readOnlyBearer"],
    path: { code: CODE },
    success: EXPOSITION,
    errors: [{ status: 401, description: "No Bearer token (no body).", body: null }, ...KEY_ERRORS],
  }),
};

export function metricsRoutes(deps: MonitorDeps): ApiRoute[] {
  async function metrics(key: string): Promise<ApiResponse> {
    if ([...key].length !== API_KEY_LENGTH) return empty(400);
    // compat: the project UUID in the path is not compared with the key's project.
    const project = await findProjectByKeyHash(deps.db, hashApiKey(key), "api_key_readonly_hash");
    if (!project) return empty(403);
    const checks = await listChecks(deps.db, project.id);
    return { status: 200, body: presentMetrics(checks, deps.clock.now().getTime()), contentType: "text/plain" };
  }

  function bearer(req: ApiRequest): Promise<ApiResponse> | ApiResponse {
    const header = req.raw.headers.authorization ?? "";
    if (!header.startsWith("Bearer ")) return empty(401);
    // compat: the upstream strips leading B, e, a, r and spaces (lstrip), not the literal prefix.
    return metrics(header.replace(/^[Bear ]+/, ""));
  }

  return [
    route("projects/<uuid:code>/metrics/<str:key>", anyMethod((req) => metrics(req.params[1])), { cors: false, doc: DOCS.byUrlKey }),
    route("projects/<uuid:code>/checks/metrics/<str:key>", anyMethod((req) => metrics(req.params[1])), { cors: false, doc: DOCS.checksByUrlKey }),
    route("projects/<uuid:code>/metrics/", anyMethod(bearer), { cors: false, doc: DOCS.byBearer }),
  ];
}
