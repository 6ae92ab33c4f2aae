// The routes a Fastify app serves, as createHttpServer recorded them (platform servedRoutes):
// Fastify's own printRoutes() tree cannot be read back, since it drops the path before a
// wildcard and merges parameters of different names at one place.
import { servedRoutes } from "@beacon/platform";

export interface FuzzRoute {
  method: string;
  /** Fastify's notation: `:name` for a parameter, `*` for the rest of the path */
  path: string;
}

/**
 * Every route of an app built by createHttpServer, once each, in registration order. HEAD
 * routes Fastify adds beside GET are left out unless `withHead` is set.
 */
export function routesOf(app: Parameters<typeof servedRoutes>[0], options: { withHead?: boolean } = {}): FuzzRoute[] {
  const seen = new Set<string>();
  const routes: FuzzRoute[] = [];
  for (const { method, url } of servedRoutes(app)) {
    const route = { method, path: url };
    if ((method === "HEAD" && !options.withHead) || seen.has(routeName(route))) continue;
    seen.add(routeName(route));
    routes.push(route);
  }
  return routes;
}

/** The `:name` parameters of a route path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

export const routeName = (route: FuzzRoute): string => `${route.method} ${route.path}`;
