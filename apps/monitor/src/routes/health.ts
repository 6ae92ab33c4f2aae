// Probes for load balancers and orchestrators, outside the upstream's URL space (Healthchecks
// has no /health/): liveness (the process answers) and readiness (the database answers and its
// schema is this program's). Healthchecks' own /api/vN/status/ stays as the upstream has it.
import type { FastifyInstance } from "fastify";
import { readiness } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { jsonBody, type FastifyOperation } from "../http/api-doc.js";
import { MIGRATION_TABLE, monitorMigrations } from "../migrations/index.js";

const CHECKS = { type: "object", additionalProperties: { type: "string" }, description: "Each probe's result: `ok`, or what is wrong." };

/** For the OpenAPI document. */
export const HEALTH_OPERATIONS: FastifyOperation[] = [
  {
    method: "GET",
    path: "/health/live",
    doc: { id: "getLiveness", summary: "Liveness: the process answers", tag: "health", auth: "none", success: jsonBody({ type: "object", properties: { live: { const: true } }, required: ["live"] }) },
  },
  {
    method: "GET",
    path: "/health/ready",
    doc: {
      id: "getReadiness",
      summary: "Readiness: the database answers and its schema is this program's",
      tag: "health",
      auth: "none",
      success: jsonBody({ type: "object", properties: { ready: { const: true }, checks: CHECKS }, required: ["ready", "checks"] }),
      errors: [{ status: 503, description: "Not ready.", headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } }, body: { contentType: "application/json", schema: { type: "object", properties: { error: { type: "string" }, checks: CHECKS }, required: ["error", "checks"] } } }],
    },
  },
];

export function registerHealthRoutes(app: FastifyInstance, deps: MonitorDeps): void {
  const migrations = monitorMigrations(deps.dialect);
  app.get("/health/live", async (_request, reply) => reply.header("cache-control", "no-store").send({ live: true }));
  app.get("/health/ready", async (_request, reply) => {
    const { ready, checks } = await readiness(deps.db, migrations, MIGRATION_TABLE);
    reply.header("cache-control", "no-store");
    if (ready) return reply.send({ ready: true, checks });
    const failing = Object.entries(checks).filter(([, value]) => value !== "ok").map(([name, value]) => `${name}: ${value}`);
    return reply.code(503).header("retry-after", "5").send({ error: `not ready (${failing.join("; ")})`, checks });
  });
}
