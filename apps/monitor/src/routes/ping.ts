// The ping API (/ping/…): registered as its own Fastify route, outside the API's
// dispatcher, because it is the hot path. Any method is a ping, OPTIONS included.
import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bodilessGet, storageFault, storageFaultLogger, type FastPath } from "@beacon/platform";
import { storageFaultResponse } from "../http/responses.js";
import { acceptPing } from "../actions/acceptPing.js";
import type { PingOutcome, PingTarget } from "../actions/recordPing.js";
import { findOrProvisionCheck } from "../actions/autoProvision.js";
import type { MonitorDeps } from "../deps.js";
import { notFoundPage, splitUrl } from "../http/router.js";
import { lastParam, parsePingPath, parseRid, remoteAddress, scheme, userAgent, type PingRequest, type PingUrl } from "./pingRequest.js";

const HTML = "text/html; charset=utf-8";
const EMPTY = Buffer.alloc(0);
const SERVER_ERROR = Buffer.from("<h1>Server Error (500)</h1>");

const OUTCOME_TEXT: Record<Exclude<PingOutcome, "ok">, [number, string]> = {
  not_found: [404, "not found"],
  bad_exit_status: [400, "invalid url format"],
  bad_rid: [400, "invalid uuid format"],
};

/** The ping view's parts that both ways in share (the Fastify route and the fast path). */
function pingView(deps: MonitorDeps) {
  const limit = deps.config.pingBodyLimit;
  const trustProxy = deps.config.trustProxy;

  // compat: Django's never_cache, on every answer of the upstream's ping view (errors too,
  // but not the slug view's own errors).
  const CACHE_CONTROL = "max-age=0, no-cache, no-store, must-revalidate, private";
  let expiresAt = 0;
  let expires = "";
  // The headers of a successful ping, as one flat list for writeHead, rebuilt once a second
  // (for Expires): a ping is answered without Fastify's per-header bookkeeping.
  let okHeaders: string[] = [];
  let createdHeaders: string[] = [];
  function refreshExpires(): void {
    const now = deps.clock.now().getTime();
    if (Math.floor(now / 1000) === expiresAt && expires !== "") return;
    expiresAt = Math.floor(now / 1000);
    expires = new Date(now).toUTCString();
    const common = ["content-type", HTML, "expires", expires, "cache-control", CACHE_CONTROL, "access-control-allow-origin", "*"];
    if (limit > 0) common.push("ping-body-limit", String(limit));
    okHeaders = [...common, "content-length", "2"];
    createdHeaders = [...common, "content-length", "7"];
  }

  /** The answer to a ping, its headers in the order Fastify's reply gave them. */
  function answer(res: ServerResponse, outcome: PingOutcome, created: boolean): void {
    refreshExpires();
    if (outcome !== "ok") {
      const [status, text] = OUTCOME_TEXT[outcome];
      res.writeHead(status, ["expires", expires, "cache-control", CACHE_CONTROL, "content-type", HTML, "content-length", String(Buffer.byteLength(text))]);
      res.end(text);
      return;
    }
    res.writeHead(created ? 201 : 200, created ? createdHeaders : okHeaders);
    res.end(created ? "Created" : "OK");
  }

  /** Records the ping of a request whose URL and target are known. */
  function submit(request: PingRequest, url: PingUrl, query: string, target: PingTarget, raw: Buffer): Promise<PingOutcome> {
    const body = limit > 0 && raw.length > limit ? raw.subarray(0, limit) : raw;
    const { rid, valid } = parseRid(lastParam(query, "rid"));
    return acceptPing(deps, target, {
      ridValid: valid,
      input: {
        action: url.action,
        rid,
        exitstatus: url.exitstatus,
        scheme: scheme(request, trustProxy),
        remoteAddr: remoteAddress(request, trustProxy),
        method: request.method ?? "GET",
        ua: userAgent(request),
        body,
      },
    });
  }

  return { answer, submit };
}

export function registerPingRoutes(app: FastifyInstance, deps: MonitorDeps): void {
  const view = pingView(deps);

  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [path, query] = splitUrl(request.url);
    const url = parsePingPath(path);
    if (!url) return notFoundPage(reply);

    let target: PingTarget;
    let created = false;
    if (url.form === "uuid") {
      target = { uuid: url.uuid! };
    } else {
      const found = await slugTarget(url, query, reply);
      if ("reply" in found) return found.reply;
      target = { checkId: found.checkId };
      created = found.created;
    }

    const outcome = await view.submit(request, url, query, target, Buffer.isBuffer(request.body) ? request.body : EMPTY);
    reply.hijack();
    view.answer(reply.raw, outcome, created);
    return reply;
  }

  async function slugTarget(url: PingUrl, query: string, reply: FastifyReply): Promise<{ checkId: number; created: boolean } | { reply: FastifyReply }> {
    const plain = (status: number, text: string) => ({ reply: reply.code(status).header("content-type", HTML).send(text) });
    if (url.slug !== url.slug!.toLowerCase()) return plain(400, "invalid url format");
    const found = await findOrProvisionCheck(deps, url.pingKey!, url.slug!, lastParam(query, "create") === "1");
    if (found.kind === "ambiguous") return plain(409, "ambiguous slug");
    if (found.kind === "not_found") return plain(404, "not found");
    return { checkId: found.checkId, created: found.kind === "created" };
  }

  app.all("/ping/*", handle);
}

/**
 * The commonest ping, `GET /ping/<uuid>[/start|/fail|/log|/<exit status>]` without a body,
 * answered before Fastify sees the request (platform createHttpServer's fastPath): Fastify's
 * routing and request and reply objects cost about a fifth of such a ping. The answer is the
 * route's, byte for byte (test/api/ping_fast_path.test.ts); every other request to /ping/
 * (slug forms, bodies, other methods, unknown URLs) goes through the route above.
 */
export function pingFastPath(deps: MonitorDeps): FastPath {
  const view = pingView(deps);
  const logFault = storageFaultLogger(deps.log);
  return (req, res) => {
    const url = bodilessGet(req, "/ping/");
    if (url === undefined) return false;
    const [path, query] = splitUrl(url);
    const parsed = parsePingPath(path);
    if (parsed?.form !== "uuid") return false;
    view.submit(req, parsed, query, { uuid: parsed.uuid! }, EMPTY).then(
      (outcome) => view.answer(res, outcome, false),
      (error: unknown) => {
        // As the app's error handler answers a failure (main.ts).
        const fault = storageFault(error);
        if (fault) {
          logFault(fault, error);
          const answer = storageFaultResponse(fault);
          res.writeHead(answer.status, { ...answer.headers, "content-length": String(Buffer.byteLength(answer.body)) });
          res.end(answer.body);
          return;
        }
        deps.log.error({ err: error }, "request failed");
        res.writeHead(500, ["content-type", HTML, "content-length", String(SERVER_ERROR.length)]);
        res.end(SERVER_ERROR);
      },
    );
    return true;
  };
}
