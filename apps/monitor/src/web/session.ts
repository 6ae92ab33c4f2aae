// Who is asking: the session cookie, its account, and the CSRF token tied to it.
//
// Every visitor carries a random token in one HttpOnly cookie. Signed-in visitors' tokens
// are stored (hashed) in web_sessions; anonymous ones are not stored at all. The CSRF token
// is an HMAC of the cookie's token under the server secret, so it is tied to the session,
// needs no storage, and even the sign-in form is protected (no login CSRF). Signing in
// issues a new token, so a token planted before sign-in is useless afterwards.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_DAYS, sessionTokenHash } from "../actions/web-accounts.js";
import type { MonitorDeps } from "../deps.js";
import type { Account, Theme } from "../store/schema.js";
import type { Flash } from "./flash.js";
import { findSessionAccount } from "../store/web-accounts.js";

export const SESSION_COOKIE = "beacon_monitor_session";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Visitor {
  account: Account | null;
  token: string;
  csrf: string;
  /** The message a form left for this page (post/redirect/get), shown once. */
  flash?: Flash | null;
  /** The account's light/dark choice ("system" follows the browser). */
  theme?: Theme;
  /** The projects the account can open, for the project switcher. */
  projects?: { uuid: string; name: string }[];
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function csrfToken(deps: MonitorDeps, token: string): string {
  return createHmac("sha256", deps.secretKey).update(`csrf:${token}`).digest("base64url");
}

export function csrfMatches(deps: MonitorDeps, visitor: Visitor, sent: string | null | undefined): boolean {
  if (!sent) return false;
  const expected = Buffer.from(visitor.csrf);
  const actual = Buffer.from(sent);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Sets the cookie; a signed-in session lasts SESSION_DAYS, an anonymous one the browser session. */
export function setSessionCookie(deps: MonitorDeps, reply: FastifyReply, token: string, persistent: boolean): void {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (persistent) parts.push(`Max-Age=${SESSION_DAYS * 86400}`);
  if (deps.config.siteRoot.startsWith("https:")) parts.push("Secure");
  // Fastify appends Set-Cookie values; one response sets this cookie at most once.
  reply.removeHeader("set-cookie");
  reply.header("set-cookie", parts.join("; "));
}

export async function loadVisitor(deps: MonitorDeps, request: FastifyRequest, reply: FastifyReply): Promise<Visitor> {
  const sent = readCookie(request, SESSION_COOKIE);
  if (sent !== undefined && TOKEN.test(sent)) {
    const account = await findSessionAccount(deps.db, sessionTokenHash(sent), deps.clock.now().getTime());
    return { account: account ?? null, token: sent, csrf: csrfToken(deps, sent) };
  }
  const token = newToken();
  setSessionCookie(deps, reply, token, false);
  return { account: null, token, csrf: csrfToken(deps, token) };
}
