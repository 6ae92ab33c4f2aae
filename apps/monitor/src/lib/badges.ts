// Badge URL signatures, as the upstream computes them, so existing badge URLs keep working
// when the same badge key and secret are carried over.
import { createHash, createHmac } from "node:crypto";

export function badgeSignature(badgeKey: string, tag: string, secretKey: string): string {
  const key = createHash("sha1").update(badgeKey + secretKey).digest();
  return createHmac("sha1", key).update(tag).digest("base64url").slice(0, 8);
}

/** compat: Python's urllib.parse.quote with its default safe characters ("/" kept). */
export function pyQuote(value: string): string {
  return encodeURIComponent(value).replace(/%2F/g, "/").replace(/[!'()*]/g, (ch) => "%" + ch.charCodeAt(0).toString(16).toUpperCase());
}

const FORMATS = ["svg", "json", "shields"] as const;

/** The six URLs of one badge: svg, svg3, json, json3, shields, shields3. */
export function badgeUrls(siteRoot: string, badgeKey: string, tag: string, secretKey: string): Record<string, string> {
  const sig = badgeSignature(badgeKey, tag, secretKey);
  // compat: tags are percent-encoded twice in these URLs.
  const tail = tag === "*" ? "" : `/${pyQuote(pyQuote(tag))}`;
  const out: Record<string, string> = {};
  for (const fmt of FORMATS) {
    out[fmt] = `${siteRoot}/badge/${badgeKey}/${sig}-2${tail}.${fmt}`;
    out[`${fmt}3`] = `${siteRoot}/badge/${badgeKey}/${sig}${tail}.${fmt}`;
  }
  return out;
}
