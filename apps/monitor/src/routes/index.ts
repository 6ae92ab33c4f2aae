// The monitor's URL table, read top to bottom. API routes are mounted under /api/v1/,
// /api/v2/ and /api/v3/ by the dispatcher; order matters only where patterns overlap. Two
// kinds of request are answered before Fastify routes them, with the same bytes as the routes
// here (main.ts): GET pings (ping.ts pingFastPath) and API reads the read cache holds
// (checks.ts cachedReadFastPath).
import type { FastifyInstance } from "fastify";
import type { MonitorDeps } from "../deps.js";
import { createDispatcher, notFoundPage, rootMount, type ApiRoute, type Dispatcher } from "../http/router.js";
import { badgeRoutes } from "./badges.js";
import { metricsRoutes } from "./metrics.js";
import { checkRoutes } from "./checks.js";
import { flipRoutes } from "./flips.js";
import { pingRoutes } from "./pings.js";
import { registerPingRoutes } from "./ping.js";
import { projectRoutes } from "./project.js";
import { serviceRoutes } from "./service.js";
import { managementRoutes } from "./management.js";
import { uptimeRoutes } from "./uptime.js";
import { HEALTH_OPERATIONS, registerHealthRoutes } from "./health.js";
import { API_VERSIONS, monitorOpenApi, OPENAPI_OPERATION, registerOpenApiRoute } from "./openapi.js";
import { pingOperations } from "./ping.js";
import { maintenanceRoutes } from "./maintenance.js";

export function apiRoutes(deps: MonitorDeps): ApiRoute[] {
  return [
    // Beacon's own, first: each is tried only in API v3 (v1 and v2 see Healthchecks' table
    // alone) and by the methods it handles first, so that the upstream's route of the same path
    // keeps its other answers (http/router.ts extensionRoute).
    ...uptimeRoutes(deps),
    ...managementRoutes(deps),
    ...maintenanceRoutes(deps),
    ...checkRoutes(deps), ...pingRoutes(deps), ...flipRoutes(deps), ...projectRoutes(deps), ...serviceRoutes(deps),
  ];
}

/** The API's table (/api/vN/…), made before the server so that its fast path can use it. */
export function apiDispatcher(deps: MonitorDeps): Dispatcher {
  return createDispatcher(apiRoutes(deps));
}

export function registerRoutes(app: FastifyInstance, deps: MonitorDeps, api: Dispatcher): void {
  app.all("/api/*", api);
  registerPingRoutes(app, deps);

  const badges = createDispatcher(badgeRoutes(deps), rootMount);
  app.all("/badge/*", badges);
  app.all("/b/*", badges);

  const metrics = createDispatcher(metricsRoutes(deps), rootMount);
  app.all("/projects/:code/metrics/*", metrics);
  app.all("/projects/:code/checks/metrics/*", metrics);

  registerHealthRoutes(app, deps);

  // Everything above, described: the tables' routes and the routes registered here directly.
  const atRoot = { prefix: () => "/", versions: [3 as const] };
  registerOpenApiRoute(app, () =>
    monitorOpenApi(
      deps.config,
      [{ routes: api.routes, prefix: (version) => `/api/v${version}/`, versions: API_VERSIONS }, { routes: badges.routes, ...atRoot }, { routes: metrics.routes, ...atRoot }],
      [...pingOperations(), ...HEALTH_OPERATIONS, OPENAPI_OPERATION],
    ),
  );

  app.setNotFoundHandler((_request, reply) => notFoundPage(reply));
}
