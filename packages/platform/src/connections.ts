// How long and how many connections a server holds: the defences against slow and idle clients
// (slowloris, idle keep-alives), as settings each app declares under its own prefix.
import { parse, setting } from "./config.js";

export interface ConnectionLimits {
  /** ms a client has to send its request's headers (Node's server.headersTimeout) */
  headersTimeoutMs: number;
  /** ms a client has to send its whole request, body included; 0: no limit (server.requestTimeout) */
  requestTimeoutMs: number;
  /** ms an idle keep-alive connection stays open after a response (server.keepAliveTimeout) */
  keepAliveTimeoutMs: number;
  /** connections held at once; more are closed as they arrive; 0: no cap (server.maxConnections) */
  maxConnections: number;
}

/** The four settings, named `<PREFIX>_HTTP_…`, with defaults that suit a public server. */
export function connectionSettings(prefix: string, defaults: { maxConnections: number }) {
  return {
    headersTimeoutMs: setting(`${prefix}_HTTP_HEADERS_TIMEOUT_MS`, 10_000, parse.integer(100, 600_000), "a client that has not sent its request's headers after this many ms gets 408 and is disconnected (slow clients, slowloris)"),
    requestTimeoutMs: setting(`${prefix}_HTTP_REQUEST_TIMEOUT_MS`, 120_000, parse.integer(0, 3_600_000), "a client that has not sent its whole request (body included) after this many ms gets 408 and is disconnected; 0 = no limit; at least the headers timeout. Long polls are not affected: this bounds the request, not the answer"),
    keepAliveTimeoutMs: setting(`${prefix}_HTTP_KEEP_ALIVE_TIMEOUT_MS`, 5_000, parse.integer(0, 600_000), "an idle keep-alive connection is closed after this many ms; a reverse proxy's upstream keep-alive must be shorter"),
    maxConnections: setting(`${prefix}_HTTP_MAX_CONNECTIONS`, defaults.maxConnections, parse.integer(0, 1_000_000), "connections held at once (each open long poll is one); further ones are closed as they arrive; 0 = no cap"),
  };
}

/**
 * Node checks the header and request timeouts on a timer (connectionsCheckingInterval, 30 s by
 * default), so a slow client could outlive its timeout by that much: check more often than
 * the timeout itself, at most once per 100 ms.
 */
export const checkingInterval = (limits: ConnectionLimits) => Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 2)));

/** The request timeout Node accepts: never shorter than the header timeout (or 0, none). */
export const requestTimeout = (limits: ConnectionLimits) => (limits.requestTimeoutMs === 0 ? 0 : Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs));
