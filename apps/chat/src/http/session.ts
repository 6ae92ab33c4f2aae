// Session authentication for /json and the web app's pages, as Zulip's web client meets it:
// an HttpOnly cookie naming a server-side session. The cookie holds a random token; the
// database holds its digest (store/sessions.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChatConfig } from "../config.js";
import type { ChatDeps } from "../deps.js";
import { doTouchSession, sessionLifetimeMs } from "../actions/sessions.js";
import { hashSessionToken } from "../lib/secrets.js";
import type { Realm } from "../store/realms.js";
import { stateCache, type StateGeneration } from "../store/realm-state.js";
import { sessionByTokenHash, type WebSession } from "../store/sessions.js";
import { authenticate, type Caller } from "./auth.js";
import { readCookie, setCookie } from "./cookies.js";
import { UnauthorizedError } from "./errors.js";
import { subdomainOf } from "./host.js";

export const SESSION_COOKIE = "beacon_chat_session";

export function setSessionCookie(reply: FastifyReply, config: ChatConfig, token: string, maxAgeSeconds: number): void {
  setCookie(reply, SESSION_COOKIE, token, { httpOnly: true, secure: config.externalScheme === "https", maxAge: maxAgeSeconds });
}

export function clearSessionCookie(reply: FastifyReply, config: ChatConfig): void {
  setCookie(reply, SESSION_COOKIE, "", { httpOnly: true, secure: config.externalScheme === "https", maxAge: 0 });
}

/** Zulip's answer to a /json request without a valid session. */
export const notLoggedIn = () => new UnauthorizedError(undefined, "session");

/** The live session the request's cookie names, and its token. */
export async function currentSession(req: FastifyRequest, deps: ChatDeps): Promise<{ session: WebSession; token: string } | undefined> {
  const token = readCookie(req, SESSION_COOKIE);
  // Tokens are 32 bytes in base64url; anything else is not worth a query.
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const session = await sessionByTokenHash(deps.db, hashSessionToken(token));
  if (!session || session.expires_at <= deps.clock.now().getTime()) return undefined;
  return { session, token };
}

/**
 * The caller behind the session cookie, refused (401, as Zulip) when there is none, when it
 * ended, or when the Host is not the address the session was made at.
 */
export async function authenticateSession(req: FastifyRequest, reply: FastifyReply, deps: ChatDeps, hostRealm: Realm | null | "missing", state?: StateGeneration): Promise<Caller> {
  const found = await currentSession(req, deps);
  if (!found) throw notLoggedIn();
  const { session, token } = found;
  state ??= await stateCache(deps.db).generation();
  const realmState = await state.realm(session.realm_id);
  const user = realmState?.usersById.get(session.user_id);
  // Deactivation ends sessions (actions/sessions.ts); this also covers rows written meanwhile.
  if (!realmState || !user || realmState.realm.deactivated || !user.is_active) throw notLoggedIn();
  // A session is good only at the address that made it: a realm's own address, or the bare
  // server address (which finds accounts of every realm at sign-in, and nothing else).
  if (hostRealm === "missing" || (hostRealm?.id ?? null) !== session.host_realm_id) throw notLoggedIn();
  if (hostRealm && hostRealm.id !== realmState.realm.id) throw notLoggedIn();
  if (await doTouchSession(deps, session)) setSessionCookie(reply, deps.config, token, sessionLifetimeMs(deps) / 1000);
  return { user, realm: realmState.realm, state, sessionId: session.id };
}

/**
 * Files outside /api/v1 (uploads, exports) accept API credentials or the web app's session,
 * as Zulip's do: Basic auth when the request carries an Authorization header, else the cookie.
 */
export async function authenticateApiOrSession(req: FastifyRequest, reply: FastifyReply, deps: ChatDeps, hostRealm: Realm | null | "missing"): Promise<Caller> {
  if (req.headers.authorization === undefined && readCookie(req, SESSION_COOKIE) !== undefined) {
    // A session is checked against the address it was made at, whatever the caller passed.
    const state = await stateCache(deps.db).generation();
    return authenticateSession(req, reply, deps, await realmOfHost(req, deps, state), state);
  }
  return authenticate(req, deps, hostRealm);
}

/** The realm the request's Host names, null when it names none, "missing" for an unknown subdomain. */
async function realmOfHost(req: FastifyRequest, deps: ChatDeps, state: StateGeneration): Promise<Realm | null | "missing"> {
  const subdomain = subdomainOf(req.headers.host, deps.config.rootDomain);
  if (subdomain === null) return null;
  const realm = await state.realmBySubdomain(subdomain);
  // The bare root domain without a realm of its own names none (as http/endpoint.ts's hostRealm).
  return realm ?? (subdomain === "" ? null : "missing");
}

/**
 * Every answer under the prefix (/json: the signed-in person's own data) says `Cache-Control:
 * no-store`, errors included, so neither the browser's cache nor a shared proxy keeps a copy
 * for the next person at the same computer (Zulip's /json views are never cacheable either).
 */
export function noStoreAnswers(app: FastifyInstance, prefix: string): void {
  app.addHook("onSend", (req, reply, payload, done) => {
    if (req.url === prefix || req.url.startsWith(`${prefix}/`) || req.url.startsWith(`${prefix}?`)) reply.header("Cache-Control", "no-store");
    done(null, payload);
  });
}
