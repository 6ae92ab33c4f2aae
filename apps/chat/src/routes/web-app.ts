// The chat web app (apps/chat-web): its shell at the app's page addresses, at a realm's host
// and at the bare address alike, and its build under /static/webapp/. Pages are always HTML:
// when the app cannot start (no build, no organization, an unknown subdomain) a short page says
// why. The shell carries the CSRF cookie the app echoes on its unsafe requests (http/csrf.ts).
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChatConfig } from "../config.js";
import type { ChatDeps } from "../deps.js";
import { readCookie, setCookie } from "../http/cookies.js";
import { ensureCsrfCookie } from "../http/csrf.js";
import { hostRealm } from "../http/endpoint.js";
import { currentSession } from "../http/session.js";
import { StaticFiles, sendStatic } from "../http/static-files.js";
import { noOrganizationPage, unknownOrganizationPage, webAppNotBuiltPage } from "../present/web-pages.js";
import { stateCache } from "../store/realm-state.js";

export const WEB_APP_PREFIX = "/static/webapp/";

/**
 * Readable by the page's script, unlike the HttpOnly session cookie: "1" when the shell was
 * served to a live session, absent otherwise. The app reads it before its first request, so a
 * signed-out visitor's page goes straight to the sign-in form instead of asking /json for its
 * state and being refused (Zulip's server answers such a visit with the login page itself).
 * It says nothing secret: only that the cookie beside it names a session.
 */
export const SIGNED_IN_HINT_COOKIE = "beacon_chat_signed_in";

/** The client's routes (apps/chat-web): each answers with the shell. */
export const WEB_APP_PAGES = ["/", "/login", "/login/", "/join/:key", "/join/:key/", "/accounts/do_confirm/:key", "/accounts/do_confirm/:key/"];

// 'unsafe-inline' styles only because KaTeX's server-rendered math carries style attributes.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const IMMUTABLE = "public, max-age=31536000, immutable";

/** CHAT_WEB_DIR, or the build of apps/chat-web in this repository. */
export function webAppDir(config: ChatConfig): string {
  return config.webDir || fileURLToPath(new URL("../../../chat-web/dist", import.meta.url));
}

function securityHeaders(reply: FastifyReply): FastifyReply {
  return reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY).header("X-Content-Type-Options", "nosniff").header("Referrer-Policy", "strict-origin-when-cross-origin");
}

const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(body);

export function registerWebApp(app: FastifyInstance, deps: ChatDeps): void {
  const files = new StaticFiles(webAppDir(deps.config));

  const shell = async (req: FastifyRequest, reply: FastifyReply) => {
    securityHeaders(reply);
    const state = await stateCache(deps.db).generation();
    const host = await hostRealm(req, deps, state);
    if (host.realm === "missing") return html(reply, 404, unknownOrganizationPage(req.headers.host ?? ""));
    if (!host.realm && !(await state.defaultRealm())) return html(reply, 404, noOrganizationPage());
    const index = await files.get("index.html");
    if (!index) return html(reply, 503, webAppNotBuiltPage());
    ensureCsrfCookie(req, reply, deps.config);
    await setSignedInHint(req, reply, deps);
    return sendStatic(req, reply, index, "no-cache");
  };
  for (const url of WEB_APP_PAGES) app.get(url, shell);

  // The app's icon: its own SVG (the shell links it); /favicon.ico, which browsers and tools
  // ask for on their own, answers with the same picture.
  const favicon = async (req: FastifyRequest, reply: FastifyReply) => {
    const file = await files.get("favicon.svg");
    if (!file) return reply.code(404).header("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("Not Found");
    return sendStatic(req, reply, file, "public, max-age=86400");
  };
  app.get("/favicon.ico", favicon);

  app.get(`${WEB_APP_PREFIX}*`, async (req, reply) => {
    const path = (req.params as Record<string, string>)["*"] ?? "";
    const file = await files.get(path);
    securityHeaders(reply);
    if (!file) return reply.code(404).header("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("Not Found");
    // Vite names every file under assets/ after its content: a new build makes new names.
    return sendStatic(req, reply, file, path.startsWith("assets/") ? IMMUTABLE : "no-cache");
  });
}

async function setSignedInHint(req: FastifyRequest, reply: FastifyReply, deps: ChatDeps): Promise<void> {
  const live = (await currentSession(req, deps)) !== undefined;
  const secure = deps.config.externalScheme === "https";
  if (live) setCookie(reply, SIGNED_IN_HINT_COOKIE, "1", { httpOnly: false, secure, maxAge: 14 * 24 * 3600 });
  else if (readCookie(req, SIGNED_IN_HINT_COOKIE) !== undefined) setCookie(reply, SIGNED_IN_HINT_COOKIE, "", { httpOnly: false, secure, maxAge: 0 });
}
