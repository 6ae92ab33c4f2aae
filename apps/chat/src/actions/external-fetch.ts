// Fetching an external image for /external_content/: http(s) only, every address the host
// resolves to checked before connecting (and the connection made to that checked address, so
// a DNS answer cannot change in between), at most a few redirects, each checked the same way,
// an image content type, a size cap and a time limit.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { ChatConfig } from "../config.js";
import { isPrivateAddress, PROXIED_IMAGE_TYPES } from "../lib/external-content.js";

export class ExternalFetchError extends Error {}

const MAX_REDIRECTS = 3;

function allowedHosts(config: ChatConfig): Set<string> {
  return new Set(config.externalContentAllowedHosts);
}

export function checkAddress(config: ChatConfig, host: string, address: string): boolean {
  const allowed = allowedHosts(config);
  return allowed.has(host.toLowerCase()) || allowed.has(address) || !isPrivateAddress(address);
}

/** A DNS lookup that only ever answers addresses the proxy may connect to. */
export function guardedLookup(config: ChatConfig): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const usable = addresses.filter((a) => checkAddress(config, hostname, a.address));
      if (!usable.length) return callback(new ExternalFetchError(`${hostname} resolves to a private address`), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

function get(config: ChatConfig, url: URL): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Connections to an address literal skip DNS: check the literal itself.
  if (isIP(host) && !checkAddress(config, host, host)) return Promise.reject(new ExternalFetchError(`${host} is a private address`));
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "GET",
      lookup: guardedLookup(config),
      headers: { "user-agent": "Beacon external content proxy", accept: "image/*" },
      timeout: config.externalContentTimeoutMs,
    });
    req.on("response", resolve);
    req.on("timeout", () => req.destroy(new ExternalFetchError("timed out")));
    req.on("error", reject);
    req.end();
  });
}

export async function fetchExternalImage(config: ChatConfig, address: string): Promise<{ data: Buffer; contentType: string }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ExternalFetchError("not a URL");
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new ExternalFetchError("only http and https are proxied");
    if (url.username || url.password) throw new ExternalFetchError("URLs with credentials are not proxied");
    const response = await get(config, url);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location && redirects < MAX_REDIRECTS) {
      response.resume();
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new ExternalFetchError(`answered ${status}`);
    }
    const contentType = (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (!PROXIED_IMAGE_TYPES.includes(contentType)) {
      response.resume();
      throw new ExternalFetchError(`not an image (${contentType || "no type"})`);
    }
    const limit = config.externalContentMaxMib * 1024 * 1024;
    if (Number(response.headers["content-length"] ?? 0) > limit) {
      response.destroy();
      throw new ExternalFetchError("too large");
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        response.destroy();
        throw new ExternalFetchError("too large");
      }
      chunks.push(chunk);
    }
    return { data: Buffer.concat(chunks), contentType };
  }
}
