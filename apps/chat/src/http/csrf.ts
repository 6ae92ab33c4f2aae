// Django's CSRF check, as Zulip's web app meets it: a `csrftoken` cookie the page's script reads
// and echoes in the X-CSRFToken header of every unsafe request (double submit). A cross-site page
// can make the browser send the cookie but cannot read it, so it cannot forge the header. The
// reasons and their order are Django's (CsrfViewMiddleware); Django's Referer check for HTTPS
// requests without an Origin is left out: browsers send Origin on every unsafe fetch.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChatConfig } from "../config.js";
import { generateCsrfToken, secretsEqual } from "../lib/secrets.js";
import { readCookie, setCookie } from "./cookies.js";
import { CsrfFailedError } from "./errors.js";

export const CSRF_COOKIE = "csrftoken";
// Django's CSRF_COOKIE_AGE: one year.
const CSRF_COOKIE_AGE = 31_449_600;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

/** Django accepts 32 letters and digits (or 64, masked; Beacon never masks). */
function formatProblem(token: string): string | undefined {
  if (token.length !== 32) return "has incorrect length";
  if (!/^[A-Za-z0-9]+$/.test(token)) return "has invalid characters";
  return undefined;
}

/** Throws Django's reason when an unsafe request fails the check. */
export function checkCsrf(req: FastifyRequest, config: ChatConfig): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `${config.externalScheme}://${req.headers.host ?? ""}`) {
    throw new CsrfFailedError(`Origin checking failed - ${origin} does not match any trusted origins.`);
  }
  const secret = readCookie(req, CSRF_COOKIE);
  if (secret === undefined) throw new CsrfFailedError("CSRF cookie not set.");
  const badCookie = formatProblem(secret);
  if (badCookie) throw new CsrfFailedError(`CSRF cookie ${badCookie}.`);
  const header = req.headers["x-csrftoken"];
  const token = Array.isArray(header) ? header[0] : header;
  if (token === undefined) throw new CsrfFailedError("CSRF token missing.");
  const badToken = formatProblem(token);
  if (badToken) throw new CsrfFailedError(`CSRF token from the 'X-Csrftoken' HTTP header ${badToken}.`);
  if (!secretsEqual(token, secret)) throw new CsrfFailedError("CSRF token from the 'X-Csrftoken' HTTP header incorrect.");
}

/** Gives the browser a CSRF cookie unless it already holds a well-formed one. */
export function ensureCsrfCookie(req: FastifyRequest, reply: FastifyReply, config: ChatConfig): void {
  const current = readCookie(req, CSRF_COOKIE);
  if (current !== undefined && formatProblem(current) === undefined) return;
  rotateCsrfCookie(reply, config);
}

/** A new CSRF token for the browser (at sign-in, as Django's login() rotates it). */
export function rotateCsrfCookie(reply: FastifyReply, config: ChatConfig): void {
  setCookie(reply, CSRF_COOKIE, generateCsrfToken(), { httpOnly: false, secure: config.externalScheme === "https", maxAge: CSRF_COOKIE_AGE });
}
