// The ping API (/ping/…): registered as its own Fastify route, outside the API's
// dispatcher, because it is the hot path. Any method is a ping, OPTIONS included.
import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bodilessGet, storageFault, storageFaultLogger, type FastPath } from "@beacon/platform";
import type { ErrorResponse } from "@beacon/platform";
import type { FastifyOperation, OperationDoc, ParamDoc } from "../http/api-doc.js";
import { storageFaultResponse } from "../http/responses.js";
import { acceptPing } from "../actions/accept-ping.js";
import type { PingOutcome, PingTarget } from "../actions/record-ping.js";
import { findOrProvisionCheck } from "../actions/auto-provision.js";
import type { MonitorDeps } from "../deps.js";
import { notFoundPage, splitUrl } from "../http/router.js";
import { lastParam, parsePingPath, parseRid, remoteAddress, scheme, userAgent, type PingRequest, type PingUrl } from "./ping-request.js";

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
 * route's, byte for byte (test/api/ping-fast-path.test.ts); every other request to /ping/
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

const PING_TEXT = (example: string) => ({ contentType: "text/html; charset=utf-8", schema: { type: "string", examples: [example] } });
const UUID_PARAM = { uuid: { schema: { type: "string", format: "uuid" }, description: "The check's UUID (lowercase)." } };
const SLUG_PARAMS = {
  ping_key: { schema: { type: "string", pattern: "^[-a-zA-Z0-9_]+$" }, description: "The project's ping key." },
  slug: { schema: { type: "string", pattern: "^[-a-z0-9_]+$" }, description: "The check's slug (lowercase)." },
};
const EXIT_STATUS = { exitstatus: { schema: { type: "integer", minimum: 0, maximum: 255 }, description: "The job's exit status: 0 is a success, anything else a failure." } };
const RID: ParamDoc = { name: "rid", schema: { type: "string", format: "uuid" }, description: "A run id, pairing a start with its end." };
const CREATE: ParamDoc = { name: "create", schema: { enum: ["0", "1"] }, description: "1: create the check when the project has none of this slug." };

/** Any bytes under any content type: the log shows them, and keywords and body_regex read them. */
const PING_BODY = { contentTypes: ["*/*"], schema: { type: "string" }, description: "Stored with the ping, its first MONITOR_PING_BODY_LIMIT bytes (10,000 unless set; 0 keeps all)." };
const BODY_LIMIT_HEADER = { "Ping-Body-Limit": { description: "How many bytes of a body are stored, when there is a limit.", schema: { type: "integer", minimum: 1 } } };

/** The URL forms ping-request.ts parsePingPath accepts, in its order, and what each reports. */
const PING_FORMS: { suffix: string; id: string; summary: string }[] = [
  { suffix: "", id: "ping", summary: "Report a success" },
  { suffix: "/start", id: "pingStart", summary: "Report that a run has started" },
  { suffix: "/fail", id: "pingFail", summary: "Report a failure" },
  { suffix: "/log", id: "pingLog", summary: "Log an event without changing the check's status" },
  { suffix: "/:exitstatus", id: "pingExitStatus", summary: "Report a run's exit status" },
];

/**
 * The ping API for the OpenAPI document. Any method is a ping; HEAD, GET and POST are the
 * ones Healthchecks documents (docs/http_api.md), so the ones described here. A body (POST)
 * is stored as the ping's, up to MONITOR_PING_BODY_LIMIT bytes.
 */
export function pingOperations(): FastifyOperation[] {
  const byUuid = PING_FORMS.flatMap(({ suffix, id, summary }) => {
    const forms = suffix === "" ? ["", "/"] : [suffix];
    return forms.map((tail) => ({ path: `/ping/:uuid${tail}`, id: tail === "/" ? `${id}Slash` : id, summary, slugForm: false }));
  });
  const bySlug = PING_FORMS.map(({ suffix, id, summary }) => ({ path: `/ping/:ping_key/:slug${suffix}`, id: `${id}BySlug`, summary: `${summary}, the check named by its slug`, slugForm: true }));
  return [...byUuid, ...bySlug].flatMap(({ path, id, summary, slugForm }) =>
    (["HEAD", "GET", "POST"] as const).map((method) => {
      const doc = pingDoc(method === "GET" ? id : `${id}_${method.toLowerCase()}`, summary, path, slugForm);
      return { method, path, doc: method === "POST" ? { ...doc, rawBody: PING_BODY } : doc };
    }),
  );
}

function pingDoc(id: string, summary: string, path: string, slugForm: boolean): OperationDoc {
  const errors: ErrorResponse[] = [
    { status: 400, description: "An exit status above 255, a rid that is not a UUID, or (slug forms) a slug with capitals.", body: PING_TEXT("invalid url format") },
    { status: 404, description: "No such check.", body: PING_TEXT("not found") },
  ];
  if (slugForm) errors.unshift({ status: 201, description: "The check was created (create=1) and pinged.", body: PING_TEXT("Created"), headers: BODY_LIMIT_HEADER });
  if (slugForm) errors.push({ status: 409, description: "Several checks of the project have this slug.", body: PING_TEXT("ambiguous slug") });
  return {
    id,
    summary,
    tag: "ping",
    auth: "none",
    path: { ...(slugForm ? SLUG_PARAMS : UUID_PARAM), ...(path.endsWith(":exitstatus") ? EXIT_STATUS : {}) },
    query: slugForm ? [RID, CREATE] : [RID],
    success: { description: "Recorded.", body: PING_TEXT("OK"), headers: BODY_LIMIT_HEADER },
    errors,
  };
}
