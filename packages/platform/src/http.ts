// Fastify settings shared by both servers. Protocol details (envelopes, errors, parsers)
// belong to each app; this only builds the instance and runs it.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Logger } from "./log.js";

export function createHttpServer(options: FastifyServerOptions & { logger?: never; log?: Logger } = {}): FastifyInstance {
  const { log, ...rest } = options;
  return Fastify({
    loggerInstance: log,
    // One log line per request would cost more than a ping itself; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify binds a child logger to every request's id; with request logging off, nothing
    // logs through it but the rare framework error, and pino's child() cost about a tenth of a
    // small request (the trivial route: 44k against 48k req/s). Requests log through the
    // server's logger itself, without a reqId.
    childLoggerFactory: (logger) => logger,
    trustProxy: false,
    return503OnClosing: false,
    ...rest,
  }) as unknown as FastifyInstance;
}

/** Close servers and resources once on SIGINT/SIGTERM. */
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false;
  const handler = () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}

export async function listen(app: FastifyInstance, host: string, port: number): Promise<string> {
  return app.listen({ host, port });
}
