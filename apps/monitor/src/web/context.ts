// Route wrappers of the dashboard: load the visitor, parse the form, enforce CSRF on every
// POST and sign-in where needed, and render what the handler returns or throws.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { MonitorDeps } from "../deps.js";
import type { Account } from "../store/schema.js";
import { listAccessibleProjects } from "../store/memberships.js";
import { findProfile } from "../store/web-profiles.js";
import { errorPage } from "./views/layout.js";
import { loadFlash, redirectWithFlash, type Flash } from "./flash.js";
import { redirectTo, sendWeb, WebError, type WebResponse } from "./respond.js";
import { csrfMatches, loadVisitor, type Visitor } from "./session.js";

export interface PageContext {
  deps: MonitorDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  visitor: Visitor;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The urlencoded body of a POST; empty for GET. */
  form: URLSearchParams;
}

export interface SignedInContext extends PageContext {
  account: Account;
}

type Handler<C> = (ctx: C) => Promise<WebResponse> | WebResponse;

const utf8 = new TextDecoder("utf-8", { fatal: false });

function parseForm(request: FastifyRequest): URLSearchParams {
  // Bodies arrive raw (main.ts); the dashboard only ever posts urlencoded forms.
  return Buffer.isBuffer(request.body) ? new URLSearchParams(utf8.decode(request.body)) : new URLSearchParams();
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const q = request.url.indexOf("?");
  return new URLSearchParams(q === -1 ? "" : request.url.slice(q + 1));
}

// Django's forms refuse NUL in every text field with this message (ProhibitNullCharactersValidator);
// checked here once for every form and query string of the dashboard.
const NUL_REFUSED = "Null characters are not allowed.";

function hasNul(params: URLSearchParams): boolean {
  for (const [name, value] of params) if (name.includes("\u0000") || value.includes("\u0000")) return true;
  return false;
}

const SAME_SITE = "http://same-site.invalid";

/**
 * A path on this site to return to after signing in, or null. The value is resolved as a
 * browser would resolve it (which drops tabs and newlines and reads `\` as `/`, so `/\t/evil`
 * and `/\\evil` name another host) and kept only when it stays on this site; control
 * characters are refused outright (Django's url_has_allowed_host_and_scheme). What comes back
 * is the resolved path, query and fragment, safe in a Location header.
 */
export function safeNext(value: string | null): string | null {
  if (value === null || !value.startsWith("/") || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return null;
  }
  return url.origin === SAME_SITE ? url.pathname + url.search + url.hash : null;
}

/** A form that changed something answers with a redirect, and the next page says what it did. */
export function redirectAfter(ctx: PageContext, location: string, flash: Flash): Promise<WebResponse> {
  return redirectWithFlash(ctx.deps, ctx.visitor.token, location, flash);
}

interface RouteOptions {
  csrf: boolean;
  /** A page (not a script's JSON or fragment): it shows the message a form left. */
  page: boolean;
}

async function run<C extends PageContext>(deps: MonitorDeps, request: FastifyRequest, reply: FastifyReply, requireAccount: boolean, handler: Handler<C>, options: RouteOptions): Promise<FastifyReply> {
  const { csrf } = options;
  const visitor = await loadVisitor(deps, request, reply);
  if (options.page && request.method === "GET" && (visitor.account || request.headers.cookie)) visitor.flash = await loadFlash(deps, visitor.token);
  if (options.page && visitor.account) {
    visitor.theme = (await findProfile(deps.db, visitor.account.id)).theme;
    visitor.projects = (await listAccessibleProjects(deps.db, visitor.account.id)).map(({ project }) => ({ uuid: project.uuid, name: project.name }));
  }
  const form = request.method === "POST" ? parseForm(request) : new URLSearchParams();
  const ctx: PageContext = { deps, request, reply, visitor, params: (request.params ?? {}) as Record<string, string>, query: queryOf(request), form };
  try {
    if (csrf && request.method === "POST" && !csrfMatches(deps, visitor, form.get("csrf") ?? (request.headers["x-csrf-token"] as string | undefined))) {
      throw new WebError(403, "The form was stale or did not come from this site (CSRF check failed). Go back, reload the page and try again.");
    }
    if (hasNul(form) || hasNul(ctx.query)) throw new WebError(400, NUL_REFUSED);
    if (requireAccount && !visitor.account) {
      // compat: Django's redirect_to_login keeps the slashes of `next` unescaped.
      const next = request.method === "GET" ? `?next=${encodeURIComponent(request.url).replace(/%2F/g, "/")}` : "";
      return sendWeb(reply, redirectTo(`/accounts/login/${next}`));
    }
    const extra = requireAccount ? { account: visitor.account } : {};
    return sendWeb(reply, await handler({ ...ctx, ...extra } as C));
  } catch (error) {
    if (!(error instanceof WebError)) throw error;
    return sendWeb(reply, { kind: "page", status: error.status, html: errorPage(deps, visitor, error.status, error.message) });
  }
}

export interface WebRouter {
  get(path: string, handler: Handler<SignedInContext>): void;
  /** JSON or an HTML fragment for the page script: leaves the page's message alone. */
  getData(path: string, handler: Handler<SignedInContext>): void;
  post(path: string, handler: Handler<SignedInContext>): void;
  /** Pages open to visitors who are not signed in (sign-in, sign-up). */
  publicGet(path: string, handler: Handler<PageContext>): void;
  publicPost(path: string, handler: Handler<PageContext>): void;
  /**
   * A POST that needs no CSRF token: a mail client's one-click unsubscribe (RFC 8058) posts
   * straight to the link, and the link's own signature is the authority.
   */
  signedLinkPost(path: string, handler: Handler<PageContext>): void;
  /** A POST from another service (a chat bot's webhook): no CSRF token; the handler trusts no one. */
  servicePost(path: string, handler: Handler<PageContext>): void;
}

export function webRouter(app: FastifyInstance, deps: MonitorDeps): WebRouter {
  const add = (method: "GET" | "POST", path: string, requireAccount: boolean, handler: Handler<any>, csrf = true, page = true) =>
    app.route({ method, url: path, handler: (request, reply) => run(deps, request, reply, requireAccount, handler, { csrf, page }) });
  return {
    get: (path, handler) => add("GET", path, true, handler),
    getData: (path, handler) => add("GET", path, true, handler, true, false),
    post: (path, handler) => add("POST", path, true, handler),
    publicGet: (path, handler) => add("GET", path, false, handler),
    publicPost: (path, handler) => add("POST", path, false, handler),
    signedLinkPost: (path, handler) => add("POST", path, false, handler, false),
    servicePost: (path, handler) => add("POST", path, false, handler, false),
  };
}
