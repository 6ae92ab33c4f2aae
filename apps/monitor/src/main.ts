// Builds the monitor's HTTP server on the deps open.ts assembles: its routes, the fast paths, the
// alert worker and the e-mail listener beside it.
import type { FastifyError, FastifyInstance } from "fastify";
import { createHttpServer, registerServingProcess, storageFault, storageFaultLogger, type AgreedSettings } from "@beacon/platform";
import { startAlertWorker } from "./actions/alert-worker.js";
import { pingEndpoint, type MonitorConfig } from "./config.js";
import type { MonitorDeps } from "./deps.js";
import { DJANGO_400, storageFaultResponse } from "./http/responses.js";
import { openMonitor, type Monitor } from "./open.js";
import { apiDispatcher, registerRoutes } from "./routes/index.js";
import { cachedReadFastPath } from "./routes/checks.js";
import { pingFastPath } from "./routes/ping.js";
import { closeSmtp, createSmtpListener, listenSmtp } from "./smtpd/listener.js";
import { registerWebRoutes } from "./web/routes/index.js";

// compat: Django refuses request bodies over DATA_UPLOAD_MAX_MEMORY_SIZE with a 400.
export const MAX_REQUEST_BODY = 2_621_440;

// The app's entry point offers both halves: the deps (open.ts) and the server built on them.
export { openMonitor, openMonitorDatabase, type Monitor } from "./open.js";

export function buildMonitorApp(deps: MonitorDeps): FastifyInstance {
  // The commonest requests are answered before Fastify routes them: GET pings, and API reads
  // the read cache holds.
  const api = apiDispatcher(deps);
  const pings = pingFastPath(deps);
  const reads = cachedReadFastPath(deps, api);
  // maxParamLength: a signed unsubscribe token is 115 characters (Fastify's default is 100).
  const app = createHttpServer({
    log: deps.log,
    bodyLimit: Math.max(MAX_REQUEST_BODY, deps.config.pingBodyLimit),
    exposeHeadRoutes: false,
    routerOptions: { maxParamLength: 256 },
    fastPath: (req, res) => pings(req, res) || reads(req, res),
    limits: deps.config,
  });

  // Bodies are read raw whatever the Content-Type: the API parses JSON itself (the
  // upstream never looks at Content-Type) and pings store the bytes as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  const logFault = storageFaultLogger(deps.log);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return reply.code(400).header("content-type", "text/html; charset=utf-8").send(DJANGO_400);
    }
    const fault = storageFault(error);
    if (fault) {
      logFault(fault, error);
      const answer = storageFaultResponse(fault);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    deps.log.error({ err: error }, "request failed");
    return reply.code(500).header("content-type", "text/html; charset=utf-8").send("<h1>Server Error (500)</h1>");
  });

  registerRoutes(app, deps, api);
  registerWebRoutes(app, deps);
  return app;
}

/** The effective values of the settings every process serving one database must share (docs/scaling-monitor.md). */
function agreedSettings(deps: MonitorDeps): AgreedSettings {
  return {
    MONITOR_SITE_ROOT: deps.config.siteRoot,
    MONITOR_PING_ENDPOINT: pingEndpoint(deps.config),
    MONITOR_SECRET_KEY: deps.secretKey,
    MONITOR_TRUST_PROXY: String(deps.config.trustProxy),
  };
}

/** Opens the monitor, checks that the other processes serving its database share the settings that must agree, and listens. */
export async function startMonitor(config: MonitorConfig): Promise<{ monitor: Monitor; app: FastifyInstance; address: string }> {
  const monitor = await openMonitor(config);
  try {
    const serving = await registerServingProcess(monitor.deps.db, { settings: agreedSettings(monitor.deps), clock: monitor.deps.clock, log: monitor.deps.log });
    const close = monitor.close;
    monitor.close = async () => {
      await serving.stop();
      await close();
    };
  } catch (error) {
    await monitor.close();
    throw error;
  }
  const app = buildMonitorApp(monitor.deps);
  const address = await app.listen({ host: config.host, port: config.port });
  if (config.alertWorker) {
    const worker = startAlertWorker(monitor.deps);
    const close = monitor.close;
    monitor.close = async () => {
      await worker.stop();
      await close();
    };
  }
  if (config.smtpdPort > 0) {
    const smtp = createSmtpListener(monitor.deps);
    const port = await listenSmtp(smtp, config.smtpdHost, config.smtpdPort);
    monitor.deps.log.info(`inbound e-mail listener on ${config.smtpdHost}:${port}`);
    const close = monitor.close;
    monitor.close = async () => {
      await closeSmtp(smtp);
      await close();
    };
  }
  return { monitor, app, address };
}
