// The ping API (/ping/…): registered as its own Fastify route, outside the API's
// dispatcher, because it is the hot path. Any method is a ping, OPTIONS included.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { acceptPing, type PingOutcome, type PingTarget } from "../actions/recordPing.js";
import { findOrProvisionCheck } from "../actions/autoProvision.js";
import type { MonitorDeps } from "../deps.js";
import { notFoundPage, splitUrl } from "../http/router.js";
import { lastParam, parsePingPath, parseRid, remoteAddress, scheme, userAgent, type PingUrl } from "./pingRequest.js";

const HTML = "text/html; charset=utf-8";
const EMPTY = Buffer.alloc(0);

const OUTCOME_TEXT: Record<Exclude<PingOutcome, "ok">, [number, string]> = {
  not_found: [404, "not found"],
  bad_exit_status: [400, "invalid url format"],
  bad_rid: [400, "invalid uuid format"],
};

export function registerPingRoutes(app: FastifyInstance, deps: MonitorDeps): void {
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

  function answer(reply: FastifyReply, outcome: PingOutcome, created: boolean): FastifyReply {
    refreshExpires();
    if (outcome !== "ok") {
      const [status, text] = OUTCOME_TEXT[outcome];
      return reply.code(status).header("expires", expires).header("cache-control", CACHE_CONTROL).header("content-type", HTML).send(text);
    }
    reply.hijack();
    reply.raw.writeHead(created ? 201 : 200, created ? createdHeaders : okHeaders);
    reply.raw.end(created ? "Created" : "OK");
    return reply;
  }

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

    const raw = Buffer.isBuffer(request.body) ? request.body : EMPTY;
    const body = limit > 0 && raw.length > limit ? raw.subarray(0, limit) : raw;
    const { rid, valid } = parseRid(lastParam(query, "rid"));
    const outcome = await acceptPing(deps, target, {
      ridValid: valid,
      input: {
        action: url.action,
        rid,
        exitstatus: url.exitstatus,
        scheme: scheme(request, trustProxy),
        remoteAddr: remoteAddress(request, trustProxy),
        method: request.method,
        ua: userAgent(request),
        body,
      },
    });
    return answer(reply, outcome, created);
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
