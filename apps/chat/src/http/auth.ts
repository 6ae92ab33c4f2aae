// HTTP Basic authentication for /api/v1, with every failure answered as Zulip's REST wrapper
// does: it turns any API-key validation error into 401 UNAUTHORIZED carrying the specific
// message and a WWW-Authenticate header (api-notes §2.2).
import type { FastifyRequest } from "fastify";
import type { ChatDeps } from "../deps.js";
import { BOT_INCOMING_WEBHOOK } from "../lib/roles.js";
import { hasApiKeyFormat, hashApiKey } from "../lib/secrets.js";
import type { Realm } from "../store/realms.js";
import { stateCache, type StateGeneration } from "../store/realm-state.js";
import type { User } from "../store/users.js";
import { BadRequestError, UnauthorizedError } from "./errors.js";

export interface Caller {
  user: User;
  realm: Realm;
  /** the cached realm state this request was authenticated against (store/realm-state.ts) */
  state: StateGeneration;
  /** the web app session that authenticated a /json request (http/session.ts) */
  sessionId?: number;
}

/** Email and key from an Authorization header, or the matching Zulip error. */
export function basicCredentials(header: string | undefined): { email: string; key: string } {
  if (!header) throw new UnauthorizedError();
  const space = header.indexOf(" ");
  const scheme = space < 0 ? header : header.slice(0, space);
  if (scheme.toLowerCase() !== "basic") throw new BadRequestError("This endpoint requires HTTP basic authentication.");
  const encoded = header.slice(space + 1).trim();
  const decoded = /^[A-Za-z0-9+/]*={0,2}$/.test(encoded) && encoded.length % 4 === 0 ? Buffer.from(encoded, "base64").toString("utf8") : undefined;
  // compat: Zulip splits on every colon and wants exactly two parts.
  const parts = decoded?.split(":");
  if (!parts || parts.length !== 2) throw new UnauthorizedError("Invalid authorization header for basic auth");
  return { email: parts[0], key: parts[1] };
}

/**
 * Authenticates the request. `hostRealm` is the realm the Host names, null when it names
 * none (then the key owner's realm is used), or "missing" for an unknown subdomain.
 */
export async function authenticate(
  req: FastifyRequest,
  deps: ChatDeps,
  hostRealm: Realm | null | "missing",
  options: { allowIncomingWebhook?: boolean } = {},
  state?: StateGeneration,
): Promise<Caller> {
  const { email, key: rawKey } = basicCredentials(req.headers.authorization);
  const key = rawKey.trim();
  if (!hasApiKeyFormat(key)) throw new UnauthorizedError("Malformed API key");
  // Key regeneration, deactivation and email changes write the tables behind the state
  // version, so a cached key owner is never stale.
  state ??= await stateCache(deps.db).generation();
  const owner = await state.userByKeyHash(hashApiKey(key));
  const user = owner?.user;
  const wanted = email.trim().toLowerCase();
  if (!user || (wanted !== user.delivery_email.toLowerCase() && wanted !== user.email.toLowerCase())) {
    throw new UnauthorizedError("Invalid API key");
  }
  const realm = owner.state.realm;
  if (realm.deactivated) throw new UnauthorizedError("This organization has been deactivated");
  if (!user.is_active) throw new UnauthorizedError("Account is deactivated");
  if (hostRealm === "missing" || (hostRealm && hostRealm.id !== realm.id)) {
    throw new UnauthorizedError("Account is not associated with this subdomain");
  }
  if (user.bot_type === BOT_INCOMING_WEBHOOK && !options.allowIncomingWebhook) {
    throw new UnauthorizedError("This API is not available to incoming webhook bots.");
  }
  return { user, realm, state };
}
