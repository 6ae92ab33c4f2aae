// Zulip's validate_domain, in its order, and the realm-domain rule for sign-up emails.
export function domainError(domain: string): string | null {
  if (domain.length === 0) return "Domain can't be empty.";
  if (!domain.includes(".")) return "Domain must have at least one dot (.)";
  if (domain.length > 255) return "Domain is too long";
  if (domain.startsWith(".") || domain.endsWith(".")) return "Domain cannot start or end with a dot (.)";
  for (const part of domain.split(".")) {
    if (!part) return "Consecutive '.' are not allowed.";
    if (part.startsWith("-") || part.endsWith("-")) return "Subdomains cannot start or end with a '-'.";
    if (!/^[a-z0-9-]*$/.test(part)) return "Domain can only have letters, numbers, '.' and '-'s.";
  }
  return null;
}

/** Whether an email's domain is one of the realm's (or below one that allows subdomains). */
export function emailInDomains(email: string, domains: { domain: string; allow_subdomains: number }[]): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return domains.some((d) => d.domain === domain || (Boolean(d.allow_subdomains) && domain.endsWith(`.${d.domain}`)));
}
