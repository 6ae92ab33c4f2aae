// Which realm a request's Host names: `<subdomain>.<root domain>`, or the root domain itself
// (subdomain ""). Anything else (an IP address, another name) names no realm.

/** The subdomain named by a Host header, or null when the host names no realm. */
export function subdomainOf(host: string | undefined, rootDomain: string): string | null {
  if (!host) return null;
  const name = host.startsWith("[") ? host : host.replace(/:\d+$/, "");
  const lower = name.toLowerCase();
  if (lower === rootDomain) return "";
  if (lower.endsWith(`.${rootDomain}`)) return lower.slice(0, -(rootDomain.length + 1));
  return null;
}

/**
 * The client's address, for per-address rate limits. Behind a proxy (CHAT_TRUST_PROXY) it is
 * the last X-Forwarded-For entry: the one the proxy added, which a client cannot forge (the
 * entries before it are whatever the client sent).
 */
export function clientAddress(req: { ip: string; headers: Record<string, string | string[] | undefined> }, trustProxy: boolean): string {
  const header = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  const forwarded = (Array.isArray(header) ? header.join(",") : header)?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
  return forwarded ?? req.ip;
}
