// Fetching an external image for /external_content/: http(s) only, every address the host
// resolves to checked before connecting (and the connection made to that checked address, so
// a DNS answer cannot change in between), at most a few redirects, each checked the same way,
// an image content type, a size cap and a time limit.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { checkedLookup, checkLiteral, type OutboundAllow } from "@beacon/platform";
import type { ChatConfig } from "../config.js";
import { PROXIED_IMAGE_TYPES } from "../lib/external-content.js";

export class ExternalFetchError extends Error {}

const MAX_REDIRECTS = 3;

/** CHAT_EXTERNAL_CONTENT_ALLOWED_HOSTS: private hosts (by name or address) reached anyway. */
export function allowedPrivate(config: ChatConfig): OutboundAllow {
  const allowed = new Set(config.externalContentAllowedHosts.map((h) => h.toLowerCase()));
  return (host, address) => allowed.has(host) || allowed.has(address);
}

function get(config: ChatConfig, url: URL): Promise<IncomingMessage> {
  const allow = allowedPrivate(config);
  try {
    checkLiteral(url, allow);
  } catch (error) {
    return Promise.reject(error);
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "GET",
      lookup: checkedLookup(allow),
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
