// Declares one /api/v1 endpoint: finds the realm from the Host, authenticates (unless
// public), rate-limits per user, hands the handler a parameter bag, and wraps its payload in
// the success envelope with `ignored_parameters_unsupported`.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { ChatDeps } from "../deps.js";
import type { Realm } from "../store/realms.js";
import { stateCache, type StateGeneration } from "../store/realm-state.js";
import { authenticate, type Caller } from "./auth.js";
import { successBody, type Payload } from "./envelope.js";
import { InvalidSubdomainError, RateLimitedError } from "./errors.js";
import { subdomainOf } from "./host.js";
import { Params, pathParams, type RawBag } from "./params.js";
import { RateLimiter } from "./rate-limit.js";

export const API_PREFIX = "/api/v1";

export interface RequestContext {
  req: FastifyRequest;
  reply: FastifyReply;
  params: Params;
  /** URL path parameters, raw */
  path: Record<string, string>;
}

/** `realm` is the Host's realm, or the default realm when `hostNamesRealm` is false. */
export type PublicContext = RequestContext & { realm: Realm | null; hostNamesRealm: boolean };
export type UserContext = RequestContext & Caller;

export interface Api {
  deps: ChatDeps;
  user(method: HTTPMethods | HTTPMethods[], url: string, handler: (ctx: UserContext) => Promise<Payload>): void;
  public(method: HTTPMethods | HTTPMethods[], url: string, handler: (ctx: PublicContext) => Promise<Payload>): void;
}

const bag = (value: unknown): RawBag => (value && typeof value === "object" && !Buffer.isBuffer(value) ? (value as RawBag) : {});

/** The realm the Host names: a realm, null (names none), or "missing" (unknown subdomain). */
async function hostRealm(req: FastifyRequest, deps: ChatDeps, state: StateGeneration): Promise<{ subdomain: string | null; realm: Realm | null | "missing" }> {
  const subdomain = subdomainOf(req.headers.host, deps.config.rootDomain);
  if (subdomain === null) return { subdomain, realm: null };
  const realm = await state.realmBySubdomain(subdomain);
  if (realm) return { subdomain, realm };
  // The bare root domain without a realm of its own behaves like a host naming none.
  return { subdomain, realm: subdomain === "" ? null : "missing" };
}

export function createApi(app: FastifyInstance, deps: ChatDeps): Api {
  const limiter = new RateLimiter(deps.config.rateLimit, deps.clock);

  const respond = (ctx: RequestContext, payload: Payload) => ctx.reply.send(successBody(payload, ctx.params.ignored()));

  const context = (req: FastifyRequest, reply: FastifyReply): RequestContext => ({
    req,
    reply,
    params: new Params(bag(req.body), bag(req.query)),
    path: pathParams(req.params),
  });

  return {
    deps,
    user(method, url, handler) {
      app.route({
        method,
        url: API_PREFIX + url,
        handler: async (req, reply) => {
          const state = await stateCache(deps.db).generation();
          const host = await hostRealm(req, deps, state);
          const caller = await authenticate(req, deps, host.realm, {}, state);
          if (limiter.enabled) {
            const decision = limiter.hit(`user:${caller.user.id}`);
            if (!decision.allowed) throw new RateLimitedError(decision.retryAfter);
            reply.header("X-RateLimit-Limit", String(decision.limit));
            reply.header("X-RateLimit-Remaining", String(decision.remaining));
            reply.header("X-RateLimit-Reset", String(decision.resetAt));
          }
          const ctx = { ...context(req, reply), ...caller };
          return respond(ctx, await handler(ctx));
        },
      });
    },
    public(method, url, handler) {
      app.route({
        method,
        url: API_PREFIX + url,
        handler: async (req, reply) => {
          const state = await stateCache(deps.db).generation();
          const host = await hostRealm(req, deps, state);
          if (host.realm === "missing") throw new InvalidSubdomainError();
          const realm = host.realm ?? (await state.defaultRealm()) ?? null;
          const ctx = { ...context(req, reply), realm, hostNamesRealm: host.realm !== null };
          return respond(ctx, await handler(ctx));
        },
      });
    },
  };
}
