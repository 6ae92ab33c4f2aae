// The methods each path of the URL table serves, and the answer for the others: Zulip's
// rest_dispatch finds the path first and then the method, so a known path called with a method
// it does not serve is 405 `Method Not Allowed` listing `allowed_methods` (old clients still call
// `DELETE /user_groups/{id}` and `GET /realm/filters`), and OPTIONS is 204 with `Allow`. Both come
// before authentication, as in Zulip.
import type { FastifyInstance, HTTPMethods } from "fastify";

const REFUSABLE = ["GET", "POST", "PUT", "PATCH", "DELETE"];

interface PathMethods {
  /** the path as first declared (its parameter names are the ones Fastify knows) */
  url: string;
  methods: string[];
}

const refusals = new WeakMap<FastifyInstance, Set<string>>();

/** "METHOD /path" of every refusal route of this app (the fuzzer leaves these trivial routes out). */
export const refusalRoutes = (app: FastifyInstance): ReadonlySet<string> => refusals.get(app) ?? new Set();

/** `/users/:user_id/x` and `/users/:id/x` are one path to the router. */
const shape = (url: string) => url.replace(/:[^/]+/g, ":");

export class MethodTable {
  private readonly paths = new Map<string, PathMethods>();

  add(url: string, method: HTTPMethods | HTTPMethods[]): void {
    const key = shape(url);
    let entry = this.paths.get(key);
    if (!entry) this.paths.set(key, (entry = { url, methods: [] }));
    for (const m of Array.isArray(method) ? method : [method]) if (!entry.methods.includes(m.toUpperCase())) entry.methods.push(m.toUpperCase());
  }

  /** Routes the unserved methods of every path to the refusal (HEAD rides along with GET). */
  refuseOthers(app: FastifyInstance): void {
    const names = refusals.get(app) ?? new Set<string>();
    refusals.set(app, names);
    for (const { url, methods } of this.paths.values()) {
      const allowed = methods.filter((m) => m !== "HEAD");
      const refused = REFUSABLE.filter((m) => !methods.includes(m));
      if (!methods.includes("GET") && !methods.includes("HEAD")) refused.push("HEAD");
      for (const m of [...refused, "OPTIONS"]) names.add(`${m} ${url}`);
      if (refused.length) {
        // compat: Zulip's body has no `code`; its Content-Type is Django's text/html default,
        // which clients ignore, so this one stays application/json.
        app.route({ method: refused as HTTPMethods[], url, handler: (_req, reply) => reply.code(405).header("Allow", allowed.join(", ")).send({ result: "error", msg: "Method Not Allowed", allowed_methods: allowed }) });
      }
      if (!methods.includes("OPTIONS")) app.route({ method: "OPTIONS", url, handler: (_req, reply) => reply.code(204).header("Allow", allowed.join(", ")).send() });
    }
  }
}
