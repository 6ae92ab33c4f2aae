// External images in messages go through this server, as Zulip sends them through Camo: a URL
// /external_content/<HMAC-SHA1 of the URL, hex>/<the URL, hex> that only this server can sign,
// so the proxy fetches nothing but what a rendered message linked. Fetches never reach
// private, loopback or link-local addresses unless an operator allowed them by name.
import { createHmac, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";

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

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** Whether an address is private, loopback, link-local, reserved or multicast. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? blocked.check(mapped[1]!, "ipv4") : blocked.check(address, "ipv6");
  }
  return true;
}

/** Image types the proxy passes on; SVG is left out, as it can carry script. */
export const PROXIED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon", "image/vnd.microsoft.icon", "image/tiff"];
