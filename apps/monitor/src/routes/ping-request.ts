// Reading a ping request: which URL form it is, and the facts recorded with it.
import { isIP } from "node:net";
import type { IncomingHttpHeaders } from "node:http";
import type { PingAction } from "../lib/ping-plan.js";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
// Django's <slug> converter.
const SLUG = "[-a-zA-Z0-9_]+";
const SUFFIX = "(?:/(start|fail|log)|/([0-9]+))";

// The upstream's URL table, in its order: UUID forms first (with or without a trailing
// slash), then slug forms (no trailing-slash variant). An uppercase UUID is no UUID.
const UUID_FORM = new RegExp(`^/ping/(${UUID})(?:/|${SUFFIX})?$`);
const SLUG_FORM = new RegExp(`^/ping/(${SLUG})/(${SLUG})${SUFFIX}?$`);
// rid: a canonical UUID, either case.
const RID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PingUrl {
  form: "uuid" | "slug";
  uuid?: string;
  pingKey?: string;
  slug?: string;
  action: PingAction;
  exitstatus: number | null;
}

/** The URL, from its matched parts: the suffix is an action or an exit status (> 0 fails). */
function pingUrl(form: PingUrl["form"], uuid: string | undefined, pingKey: string | undefined, slug: string | undefined, action: string | undefined, code: string | undefined): PingUrl {
  const exitstatus = code === undefined ? null : Number(code);
  const act = exitstatus === null ? ((action as PingAction | undefined) ?? "success") : exitstatus > 0 ? "fail" : "success";
  return { form, uuid, pingKey, slug, action: act, exitstatus };
}

export function parsePingPath(rawPath: string): PingUrl | null {
  let path = rawPath;
  if (path.includes("%")) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return null;
    }
  }
  const u = UUID_FORM.exec(path);
  if (u) return pingUrl("uuid", u[1], undefined, undefined, u[2], u[3]);
  const s = SLUG_FORM.exec(path);
  if (s) return pingUrl("slug", undefined, s[1], s[2], s[3], s[4]);
  return null;
}

/** Django's QueryDict.get: the last value of a repeated parameter. */
export function lastParam(query: string, name: string): string | undefined {
  if (!query) return undefined;
  const values = new URLSearchParams(query).getAll(name);
  return values.length > 0 ? values[values.length - 1] : undefined;
}

/** `rid` is optional; a present one must be a UUID, and is kept in canonical lowercase. */
export function parseRid(value: string | undefined): { rid: string | null; valid: boolean } {
  if (value === undefined) return { rid: null, valid: true };
  return RID.test(value) ? { rid: value.toLowerCase(), valid: true } : { rid: null, valid: false };
}

/** What the facts are read from: a Fastify request or Node's own (the ping fast path). */
export interface PingRequest {
  method?: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

function header(request: PingRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The client's address: the socket's, or with MONITOR_TRUST_PROXY the first entry of
 * X-Forwarded-For. compat: the upstream always trusts that header; we make it a setting.
 */
export function remoteAddress(request: PingRequest, trustProxy: boolean): string | null {
  const forwarded = trustProxy ? header(request, "x-forwarded-for") : undefined;
  // The socket's own address is a bare IP already.
  if (forwarded === undefined) return request.socket.remoteAddress || null;
  let addr = forwarded.split(",")[0];
  // compat: "a.b.c.d:port" (as some proxies report it) loses the port; IPv6 stays as is.
  if (!isIP(addr)) {
    const parts = addr.split(".");
    if (parts.length === 4 && parts[3].includes(":")) addr = addr.split(":")[0];
  }
  return addr === "" ? null : addr;
}

export function scheme(request: PingRequest, trustProxy: boolean): string {
  return (trustProxy ? header(request, "x-forwarded-proto") : undefined) ?? "http";
}

export function userAgent(request: PingRequest): string {
  return header(request, "user-agent") ?? "";
}
