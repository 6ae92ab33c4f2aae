// Serves the URL table (routes/index.ts): each endpoint under /api/v1 (HTTP Basic with an API
// key) and, for the web app, under /json (session cookie and CSRF check), as Zulip's
// rest_dispatch serves both: finds the realm from the Host, authenticates (unless open),
// rate-limits per user, parses the handler's declared parameters (declare.ts), and wraps its
// payload in the success envelope with `ignored_parameters_unsupported`.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { ChatDeps } from "../deps.js";
import type { Realm } from "../store/realms.js";
import { stateCache, type StateGeneration } from "../store/realm-state.js";
import { authenticate, type Caller } from "./auth.js";
import { checkCsrf } from "./csrf.js";
import { successBody, type Payload } from "./envelope.js";
import { InvalidSubdomainError, RateLimitedError } from "./errors.js";
import { subdomainOf } from "./host.js";
import { Params, pathParams, type RawBag } from "./params.js";
import { parseArgs, type Args, type Declaration } from "./declare.js";
import { RateLimiter, SharedRateLimiter, type Limiter } from "./rate-limit.js";
import { authenticateSession } from "./session.js";
import { MethodTable } from "./methods.js";
import type { Returns } from "./api-schemas.js";

export const API_PREFIX = "/api/v1";
export const JSON_PREFIX = "/json";

export interface RequestContext {
  deps: ChatDeps;
  req: FastifyRequest;
  reply: FastifyReply;
  params: Params;
  /** URL path parameters, raw */
  path: Record<string, string>;
}

/** `realm` is the Host's realm, or the default realm when `hostNamesRealm` is false. */
export type PublicContext = RequestContext & { realm: Realm | null; hostNamesRealm: boolean };
export type UserContext = RequestContext & Caller;

export interface EndpointOptions {
  /** false: API clients only, never under /json (endpoints that hand out API keys) */
  json?: boolean;
  /**
   * Requests log through the app's logger itself rather than a child per request (which
   * Fastify makes for the request id): for GET /events, where 10,000 idle clients each poll
   * every 50 s and nothing logs per request anyway.
   */
  sharedLogger?: boolean;
  /** What a success answers, for the API document (api-schemas.ts); the envelope alone unless given. */
  returns?: Returns;
}

/** A handler for callers with an API key or a session, with its declared parameters. */
export interface UserEndpoint<D extends Declaration = Declaration> {
  auth: "user";
  /** checks made before the parameters are read, as Zulip's view decorators (require_realm_admin …) */
  guards?: readonly Guard[];
  params: D;
  /** The errors the handler raises beyond its parameters' and its guards' (`raising`), for the API document. */
  raises?: readonly Raised[];
  handle(ctx: UserContext, args: Args<D>): Promise<Payload>;
}

/** A handler open to anyone (the Host names the realm), with its declared parameters. */
export interface OpenEndpoint<D extends Declaration = Declaration> {
  auth: "open";
  params: D;
  raises?: readonly Raised[];
  handle(ctx: PublicContext, args: Args<D>): Promise<Payload>;
}

export type Endpoint = UserEndpoint | OpenEndpoint;

/**
 * An error an endpoint may answer: its code, whose status is the code's usual one (400 unless
 * `CODE_STATUS` says otherwise), or the status and the code when the code comes with several
 * (Zulip's generic BAD_REQUEST is also a 403 "Access denied" and a 404 "not found").
 */
export type Raised = string | { status: number; code: string };

/** The status each code other than a 400 comes with. */
export const CODE_STATUS: Readonly<Record<string, number>> = {
  UNAUTHORIZED: 401,
  INVALID_API_KEY: 401,
  USER_DEACTIVATED: 401,
  REALM_DEACTIVATED: 401,
  AUTHENTICATION_FAILED: 401,
  PASSWORD_AUTH_DISABLED: 401,
  CSRF_FAILED: 403,
  ADMIN_ACTION_REQUIRED: 403,
  NOT_FOUND: 404,
  NONEXISTENT_SUBDOMAIN: 404,
  CHANNEL_ALREADY_EXISTS: 409,
  RATE_LIMIT_HIT: 429,
  FAILED_TO_CONNECT_BOUNCER: 502,
  INTERNAL_SERVER_ERROR_ON_BOUNCER: 502,
};

/** Zulip's "Access denied" (AccessDeniedError) and a missing object (ResourceNotFoundError): BAD_REQUEST under another status. */
export const ACCESS_DENIED: Raised = { status: 403, code: "BAD_REQUEST" };
export const RESOURCE_NOT_FOUND: Raised = { status: 404, code: "BAD_REQUEST" };

/** A check of the caller made before the parameters are read: it throws to refuse, with one of `raises` when given (BAD_REQUEST otherwise). */
export type Guard = ((ctx: UserContext) => Promise<void> | void) & { raises?: readonly Raised[] };

/** The endpoint with a check in front, as a Zulip view decorator: `guarded(requireAdmin, handler(…))`. */
export function guarded(guard: Guard, endpoint: UserEndpoint): UserEndpoint {
  return { ...endpoint, guards: [guard, ...(endpoint.guards ?? [])] };
}

/** The endpoint, saying which errors its handler raises of its own: `raising(["STREAM_DOES_NOT_EXIST"], handler(…))`. */
export function raising<E extends Endpoint>(raises: readonly Raised[], endpoint: E): E {
  return { ...endpoint, raises: [...(endpoint.raises ?? []), ...raises] };
}

export function handler<D extends Declaration>(params: D, handle: (ctx: UserContext, args: Args<D>) => Promise<Payload>): UserEndpoint {
  return { auth: "user", params, handle } as unknown as UserEndpoint;
}

export function openHandler<D extends Declaration>(params: D, handle: (ctx: PublicContext, args: Args<D>) => Promise<Payload>): OpenEndpoint {
  return { auth: "open", params, handle } as unknown as OpenEndpoint;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One line of the URL table. */
export interface Route {
  method: Method;
  /** under /api/v1 and /json; `:name` is a path parameter */
  path: string;
  endpoint: Endpoint;
  options: EndpointOptions;
}

/** An endpoint for authenticated callers. */
export const user = (method: Method, path: string, endpoint: UserEndpoint, options: EndpointOptions = {}): Route => ({ method, path, endpoint, options });
/** An endpoint that needs no authentication. */
export const open = (method: Method, path: string, endpoint: OpenEndpoint, options: EndpointOptions = {}): Route => ({ method, path, endpoint, options });

export interface Api {
  deps: ChatDeps;
  user(method: HTTPMethods | HTTPMethods[], url: string, handler: (ctx: UserContext) => Promise<Payload>, options?: EndpointOptions): void;
  public(method: HTTPMethods | HTTPMethods[], url: string, handler: (ctx: PublicContext) => Promise<Payload>, options?: EndpointOptions): void;
  /** Serves every line of the URL table. */
  serve(routes: readonly Route[]): void;
  /** After the table: every declared path answers the methods it does not serve (methods.ts). */
  refuseOtherMethods(): void;
}

type HostRealm = Realm | null | "missing";

/** One URL prefix and how requests under it prove who they are. */
interface Mount {
  prefix: string;
  /** the web app's mount, which endpoints marked `json: false` stay off */
  webApp: boolean;
  /** refuses a forged cross-site request before anything else (Django's CSRF middleware) */
  guard(req: FastifyRequest): void;
  caller(req: FastifyRequest, reply: FastifyReply, hostRealm: HostRealm, state: StateGeneration): Promise<Caller>;
}

const bag = (value: unknown): RawBag => (value && typeof value === "object" && !Buffer.isBuffer(value) ? (value as RawBag) : {});

/** The realm the Host names: a realm, null (names none), or "missing" (unknown subdomain). */
export async function hostRealm(req: FastifyRequest, deps: ChatDeps, state: StateGeneration): Promise<{ subdomain: string | null; realm: HostRealm }> {
  const subdomain = subdomainOf(req.headers.host, deps.config.rootDomain);
  if (subdomain === null) return { subdomain, realm: null };
  const realm = await state.realmBySubdomain(subdomain);
  if (realm) return { subdomain, realm };
  // The bare root domain without a realm of its own behaves like a host naming none.
  return { subdomain, realm: subdomain === "" ? null : "missing" };
}

export function createApi(app: FastifyInstance, deps: ChatDeps): Api {
  // On PostgreSQL several processes may serve the site: the count is kept where they all see it.
  const limiter: Limiter = deps.dialect === "postgres" ? new SharedRateLimiter(deps.config.rateLimit, deps.clock, deps.db) : new RateLimiter(deps.config.rateLimit, deps.clock);
  const mounts: Mount[] = [
    { prefix: API_PREFIX, webApp: false, guard: () => {}, caller: (req, _reply, realm, state) => authenticate(req, deps, realm, {}, state) },
    { prefix: JSON_PREFIX, webApp: true, guard: (req) => checkCsrf(req, deps.config), caller: (req, reply, realm, state) => authenticateSession(req, reply, deps, realm, state) },
  ];

  // A handler that answered itself (a redirect) is done.
  const respond = (ctx: RequestContext, payload: Payload) => (ctx.reply.sent ? ctx.reply : ctx.reply.send(successBody(payload, ctx.params.ignored())));

  const context = (req: FastifyRequest, reply: FastifyReply): RequestContext => ({
    deps,
    req,
    reply,
    params: new Params(bag(req.body), bag(req.query)),
    path: pathParams(req.params),
  });

  const table = new MethodTable();

  /**
   * Registers the handler under each prefix the endpoint is served at. `admit` runs when the
   * request's headers have arrived, before its body is read (an onRequest hook).
   */
  const route = (
    method: HTTPMethods | HTTPMethods[],
    url: string,
    options: EndpointOptions,
    handle: (mount: Mount, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    admit?: (mount: Mount, req: FastifyRequest, reply: FastifyReply) => Promise<void>,
  ) => {
    for (const mount of mounts) {
      if (mount.webApp && options.json === false) continue;
      const childLoggerFactory = options.sharedLogger ? (logger: FastifyBaseLogger) => logger : undefined;
      const onRequest = admit && ((req: FastifyRequest, reply: FastifyReply) => admit(mount, req, reply));
      app.route({ method, url: mount.prefix + url, childLoggerFactory, onRequest, handler: (req, reply) => handle(mount, req, reply) });
      table.add(mount.prefix + url, method);
    }
  };

  /**
   * Who is calling, settled from the headers alone: a request that fails authentication (or
   * the rate limit) is answered before a byte of its body is read, as Django reads request.POST
   * only when a view first asks for it.
   */
  const callers = new WeakMap<FastifyRequest, Caller>();
  const admitUser = async (mount: Mount, req: FastifyRequest, reply: FastifyReply) => {
    mount.guard(req);
    const state = await stateCache(deps.db).generation();
    const host = await hostRealm(req, deps, state);
    const caller = await mount.caller(req, reply, host.realm, state);
    if (limiter.enabled) {
      const decision = await limiter.hit(`user:${caller.user.id}`);
      if (!decision.allowed) throw new RateLimitedError(decision.retryAfter);
      reply.header("X-RateLimit-Limit", String(decision.limit));
      reply.header("X-RateLimit-Remaining", String(decision.remaining));
      reply.header("X-RateLimit-Reset", String(decision.resetAt));
    }
    callers.set(req, caller);
  };

  const api: Api = {
    deps,
    refuseOtherMethods: () => table.refuseOthers(app),
    serve(routes) {
      for (const { method, path, endpoint, options } of routes) {
        if (endpoint.auth === "user") {
          const guards = endpoint.guards ?? [];
          api.user(
            method,
            path,
            async (ctx) => {
              for (const guard of guards) await guard(ctx);
              return endpoint.handle(ctx, parseArgs(endpoint.params, ctx.params));
            },
            options,
          );
        }
        else api.public(method, path, (ctx) => endpoint.handle(ctx, parseArgs(endpoint.params, ctx.params)), options);
      }
    },
    user(method, url, handler, options = {}) {
      route(
        method,
        url,
        options,
        async (_mount, req, reply) => {
          const ctx = { ...context(req, reply), ...callers.get(req)! };
          return respond(ctx, await handler(ctx));
        },
        admitUser,
      );
    },
    public(method, url, handler, options = {}) {
      route(method, url, options, async (mount, req, reply) => {
        mount.guard(req);
        const state = await stateCache(deps.db).generation();
        const host = await hostRealm(req, deps, state);
        if (host.realm === "missing") throw new InvalidSubdomainError();
        const realm = host.realm ?? (await state.defaultRealm()) ?? null;
        const ctx = { ...context(req, reply), realm, hostNamesRealm: host.realm !== null };
        return respond(ctx, await handler(ctx));
      });
    },
  };
  return api;
}
