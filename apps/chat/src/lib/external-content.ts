// External images in messages go through this server, as Zulip sends them through Camo: a URL
// /external_content/<HMAC-SHA1 of the URL, hex>/<the URL, hex> that only this server can sign,
// so the proxy fetches nothing but what a rendered message linked. Fetches go through the
// platform's outbound guard (actions/external-fetch.ts).
import { createHmac, timingSafeEqual } from "node:crypto";

export const EXTERNAL_CONTENT_PREFIX = "/external_content/";

const digest = (key: string, url: string) => createHmac("sha1", key).update(url, "utf8").digest("hex");

/** Zulip's get_camo_url. */
export function camoUrl(key: string, url: string): string {
  return `${EXTERNAL_CONTENT_PREFIX}${digest(key, url)}/${Buffer.from(url, "utf8").toString("hex")}`;
}

/** The URL a proxy path names, when its signature is this server's. */
export function verifiedCamoUrl(key: string, signature: string, hexUrl: string): string | undefined {
  if (!/^[0-9a-f]{40}$/.test(signature) || !/^([0-9a-f]{2})+$/.test(hexUrl)) return undefined;
  const url = Buffer.from(hexUrl, "hex").toString("utf8");
  const expected = Buffer.from(digest(key, url), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex")) ? url : undefined;
}

/** Image types the proxy passes on; SVG is left out, as it can carry script. */
export const PROXIED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon", "image/vnd.microsoft.icon", "image/tiff"];
