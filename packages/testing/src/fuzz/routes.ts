// The routes a Fastify app serves, read from its printRoutes() tree. Fastify keeps no public
// list of routes once the app is ready, and an onRoute hook would have to be installed before
// the app registers them; the printed tree is the one view every ready app offers.

export interface FuzzRoute {
  method: string;
  /** Fastify's notation: `:name` for a parameter, `*` for the rest of the path */
  path: string;
}

const LINE = /^((?:[│ ] {3})*)[├└]── (\S+?)(?: \(([A-Z, ]+)\))?$/u;

/**
 * Parses `app.printRoutes({ commonPrefix: false })`. A segment like `:a|:b` (routes that differ
 * only in a parameter's name) keeps the first name. HEAD routes Fastify adds beside GET are left
 * out unless `withHead` is set.
 */
export function parseRouteTree(tree: string, options: { withHead?: boolean } = {}): FuzzRoute[] {
  const stack: string[] = [];
  const routes: FuzzRoute[] = [];
  for (const line of tree.split("\n")) {
    const m = LINE.exec(line);
    if (!m) continue;
    const depth = [...m[1]].length / 4;
    const segment = m[2].replace(/:([^/|]+)(?:\|:[^/|]+)+/g, ":$1");
    stack.length = depth;
    stack.push(segment);
    if (!m[3]) continue;
    const path = joinSegments(stack);
    for (const method of m[3].split(", ")) {
      if (method === "HEAD" && !options.withHead) continue;
      routes.push({ method, path });
    }
  }
  return routes;
}

function joinSegments(segments: string[]): string {
  let path = "";
  for (const s of segments) path += path.endsWith("/") || s.startsWith("/") || path === "" ? s : `/${s}`;
  return path.startsWith("/") ? path : `/${path}`;
}

/** Every route of a ready Fastify app. */
export function routesOf(app: { printRoutes(options: { commonPrefix: boolean }): string }, options: { withHead?: boolean } = {}): FuzzRoute[] {
  return parseRouteTree(app.printRoutes({ commonPrefix: false }), options);
}

/** The `:name` parameters of a route path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

export const routeName = (route: FuzzRoute): string => `${route.method} ${route.path}`;
