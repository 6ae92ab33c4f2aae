// The Prometheus endpoint: read-only key in the URL, or as a Bearer token.
import type { MonitorDeps } from "../deps.js";
import { empty, type ApiResponse } from "../http/responses.js";
import { anyMethod, route, type ApiRequest, type ApiRoute } from "../http/router.js";
import { API_KEY_LENGTH, hashApiKey } from "../lib/keys.js";
import { presentMetrics } from "../present/metrics.js";
import { listChecks } from "../store/checks.js";
import { findProjectByKeyHash } from "../store/projects.js";

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

  const options = { cors: false };
  return [
    route("projects/<uuid>/metrics/<str>", anyMethod((req) => metrics(req.params[1])), options),
    route("projects/<uuid>/checks/metrics/<str>", anyMethod((req) => metrics(req.params[1])), options),
    route("projects/<uuid>/metrics/", anyMethod(bearer), options),
  ];
}
