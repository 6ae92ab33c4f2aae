// Probes for load balancers and orchestrators. GET /health is Zulip's own (zerver/views/health.py):
// a plain success, or SERVER_NOT_READY (500) when the database cannot be queried. Beside it,
// under a path Zulip does not use: /health/live (the process answers, touching nothing) and
// /health/ready (503 with Retry-After unless the database answers and its schema is this
// program's), each check named in the answer.
import type { FastifyInstance } from "fastify";
import { readiness } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { sendError, successBody } from "../http/envelope.js";
import { ZulipError } from "../http/errors.js";
import { chatMigrations } from "../migrations/index.js";

export function registerHealth(app: FastifyInstance, deps: ChatDeps): void {
  const migrations = chatMigrations(deps.dialect);
  const failing = (checks: Record<string, string>) =>
    Object.entries(checks)
      .filter(([, value]) => value !== "ok")
      .map(([name, value]) => `${name}: ${value}`)
      .join("; ");

  app.get("/health", async (_req, reply) => {
    const { ready, checks } = await readiness(deps.db, migrations, "chat");
    reply.header("cache-control", "no-store");
    if (ready) return reply.send(successBody({}));
    return sendError(reply, new ZulipError(`Server not ready: ${failing(checks)}`, { status: 500, code: "SERVER_NOT_READY" }));
  });
  app.get("/health/live", async (_req, reply) => reply.header("cache-control", "no-store").send(successBody({})));
  app.get("/health/ready", async (_req, reply) => {
    const { ready, checks } = await readiness(deps.db, migrations, "chat");
    reply.header("cache-control", "no-store");
    if (ready) return reply.send(successBody({ checks }));
    return sendError(reply, new ZulipError(`Not ready: ${failing(checks)}`, { status: 503, headers: { "Retry-After": "5" }, data: { checks } }));
  });
}
