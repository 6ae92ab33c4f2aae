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
