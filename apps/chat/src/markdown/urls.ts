// URL handling as Zulip does it: Python's urlsplit/urlunsplit round trip, a scheme
// allow-list, http:// for scheme-less links, and realm links made relative.
import { readFileSync } from "node:fs";

const HTML_SAFELISTED_SCHEMES = [
  "bitcoin", "geo", "im", "irc", "ircs", "magnet", "mailto", "matrix", "mms", "news", "nntp",
  "openpgp4fpr", "sip", "sms", "smsto", "ssh", "tel", "urn", "webcal", "wtai", "xmpp",
];
const ALLOWED_SCHEMES = new Set(["http", "https", "ftp", "file", ...HTML_SAFELISTED_SCHEMES]);
const USES_NETLOC = new Set([
  "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
  "snews", "prospero", "rtsp", "rtsps", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
]);
const SCHEME_RE = /^[a-zA-Z][a-zA-Z0-9+.-]*$/;

export interface SplitUrl {
  scheme: string;
  netloc: string;
  path: string;
  query: string;
  fragment: string;
}

/** Python's urllib.parse.urlsplit, for the subset of behaviour that affects links. */
export function urlsplit(url: string): SplitUrl {
  // Python strips leading C0/space and removes tabs and newlines anywhere.
  url = url.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\r\n]/g, "");
  let scheme = "";
  let netloc = "";
  const colon = url.indexOf(":");
  if (colon > 0 && SCHEME_RE.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  if (url.startsWith("//")) {
    let end = url.length;
    for (const c of "/?#") {
      const i = url.indexOf(c, 2);
      if (i >= 0 && i < end) end = i;
    }
    netloc = url.slice(2, end);
    url = url.slice(end);
  }
  let fragment = "";
  let query = "";
  const hash = url.indexOf("#");
  if (hash >= 0) {
    fragment = url.slice(hash + 1);
    url = url.slice(0, hash);
  }
  const q = url.indexOf("?");
  if (q >= 0) {
    query = url.slice(q + 1);
    url = url.slice(0, q);
  }
  return { scheme, netloc, path: url, query, fragment };
}

export function urlunsplit({ scheme, netloc, path, query, fragment }: SplitUrl): string {
  let url = path;
  if (netloc || (scheme && USES_NETLOC.has(scheme) && !url.startsWith("//"))) {
    if (url && !url.startsWith("/")) url = "/" + url;
    url = "//" + netloc + url;
  }
  if (scheme) url = scheme + ":" + url;
  if (query) url += "?" + query;
  if (fragment) url += "#" + fragment;
  return url;
}

/**
 * Zulip's sanitize_url: null means "do not link" (unknown or dangerous scheme such as
 * javascript:, data:, vbscript:), otherwise the normalised URL.
 */
export function sanitizeUrl(url: string, depth = 0): string | null {
  const parts = urlsplit(url.replaceAll(" ", "%20"));
  // Python rejects a netloc with unbalanced IPv6 brackets; Zulip then links to "".
  if (parts.netloc.includes("[") !== parts.netloc.includes("]")) return "";
  let { scheme } = parts;
  const { netloc, path, query, fragment } = parts;
  if (scheme === "" && netloc === "" && path.includes("@")) {
    scheme = "mailto";
  } else if (scheme === "" && netloc === "" && path.startsWith("/")) {
    return urlunsplit({ scheme: "", netloc: "", path, query, fragment });
  } else if (scheme === "" && netloc === "" && path === "" && query === "" && fragment.length > 0) {
    return urlunsplit({ scheme: "", netloc: "", path: "", query: "", fragment });
  }
  if (!scheme) return depth > 0 ? null : sanitizeUrl("http://" + url, depth + 1);
  if (!ALLOWED_SCHEMES.has(scheme)) return null;
  return urlunsplit({ scheme, netloc, path, query, fragment });
}

/** Links into the realm itself become relative so they open in the current window. */
export function rewriteLocalLink(realmUrl: string | null, link: string): string {
  if (realmUrl) {
    const prefix = realmUrl.replace(/\/+$/, "") + "/";
    if (link.startsWith(prefix + "#") || link.startsWith(prefix + "user_uploads/")) return link.slice(prefix.length);
  }
  return link;
}

/** Python's quote(s, safe=""): UTF-8 percent-encoding of everything but [A-Za-z0-9_.~-]. */
export function pyQuote(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/** Python's urlencode value encoding (quote_plus). */
export function pyQuotePlus(text: string): string {
  return pyQuote(text).replaceAll("%20", "+");
}

/** Zulip's hash_util_encode: narrow-URL component encoding with "." in place of "%". */
export function hashUtilEncode(text: string): string {
  return pyQuote(text).replaceAll(".", "%2E").replaceAll("%", ".");
}

export function encodeStream(streamId: number, name: string): string {
  return `${streamId}-${hashUtilEncode(name.replaceAll(" ", "-"))}`;
}

// --- the autolink regex ---------------------------------------------------------------

const W = "\\p{L}\\p{N}_";

function tldAlternation(): string {
  const data = JSON.parse(readFileSync(new URL("./data/tlds.json", import.meta.url), "utf8")) as { tlds: string[] };
  // compat: common file extensions are not treated as domains (readme.md, views.py).
  const falsePositives = new Set(["java", "md", "mov", "py", "zip"]);
  return data.tlds
    .filter((t) => !falsePositives.has(t))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .join("|");
}

function nestedParens(): string {
  const inner = `[^\\s()"]*`;
  const group = `[^\\s()"]*?(?:\\(%s\\)[^\\s()"]*?)*`;
  let chunk = group;
  for (let i = 0; i < 6; i++) chunk = chunk.replace("%s", group);
  return chunk.replace("%s", inner);
}

/**
 * Zulip's web link regex: a URL with a scheme, a bare domain ending in a known TLD, an
 * e-mail address or a bitcoin address; it must start after whitespace or one of '"(,:<
 * and end before optional punctuation and then whitespace or the end of the text.
 */
export const WEB_LINK_RE = new RegExp(
  `(?<![^\\s'"(,:<])` +
    `(?<url>` +
    `(?:(?:https?://[${W}.:@-]+?|(?:(?:[${W}-]+\\.)+(?:${tldAlternation()})))(?:/${nestedParens()})?)` +
    `|(?:[${W}.-]+@[${W}.-]+\\.[${W}]+)` +
    `|(?:bitcoin:[13][a-km-zA-HJ-NP-Z1-9]{25,34})` +
    `)` +
    `(?=[!:;?),.'">]*(?:$|\\s))`,
  "gu",
);
