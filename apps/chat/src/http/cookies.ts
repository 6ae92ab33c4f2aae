// Reading the Cookie header and writing Set-Cookie, for the web app's two cookies: the session
// (HttpOnly) and the CSRF token (readable by the page's script, as Django's csrftoken).
import type { FastifyReply, FastifyRequest } from "fastify";

/** The value of one cookie; the first one wins when a name repeats, as in browsers' order. */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

export interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  /** seconds; 0 deletes the cookie */
  maxAge: number;
}

/** Adds a Set-Cookie (Path=/, SameSite=Lax) to the reply, keeping any set before it. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const parts = [`${name}=${value}`, `Max-Age=${options.maxAge}`, "Path=/", "SameSite=Lax"];
  if (options.maxAge === 0) parts.splice(1, 0, "Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  const previous = reply.getHeader("set-cookie");
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  // Fastify appends to set-cookie, so the old list is removed first (one cookie per name).
  reply.removeHeader("set-cookie");
  reply.header("set-cookie", [...list.filter((c) => !c.startsWith(`${name}=`)), parts.join("; ")]);
}
