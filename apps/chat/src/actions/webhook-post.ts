// One POST to an outgoing webhook bot's URL, under the same private-address rule as the image
// proxy (actions/external-fetch.ts): every address the host resolves to is checked before
// connecting, and CHAT_EXTERNAL_CONTENT_ALLOWED_HOSTS lists the private hosts allowed anyway.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { checkedLookup, checkLiteral, OutboundRefusedError } from "@beacon/platform";
import type { ChatConfig } from "../config.js";
import { allowedPrivate } from "./external-fetch.js";

/** Zulip's OUTGOING_WEBHOOK_TIMEOUT_SECONDS default. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
const MAX_RESPONSE_BYTES = 1024 * 1024;

export type WebhookOutcome =
  | { kind: "response"; status: number; text: string }
  | { kind: "timeout" }
  | { kind: "connection" }
  /** the URL names a private or disallowed address (Zulip's Smokescreen answers 407 there) */
  | { kind: "disallowed" }
  | { kind: "error"; name: string; message: string };

export function postWebhook(config: ChatConfig, address: string, body: string, contentType: string, timeoutMs = WEBHOOK_TIMEOUT_SECONDS * 1000): Promise<WebhookOutcome> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.resolve({ kind: "error", name: "InvalidURL", message: `Invalid URL '${address}'` });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.resolve({ kind: "error", name: "InvalidSchema", message: `No connection adapters were found for '${address}'` });
  const allow = allowedPrivate(config);
  try {
    checkLiteral(url, allow);
  } catch {
    return Promise.resolve({ kind: "disallowed" });
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: WebhookOutcome) => {
      if (!settled) resolve(outcome);
      settled = true;
    };
    const req = request(url, {
      method: "POST",
      lookup: checkedLookup(allow),
      headers: { "content-type": contentType, "content-length": Buffer.byteLength(body), "user-agent": "ZulipOutgoingWebhook/Beacon" },
      timeout: timeoutMs,
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
      });
      res.on("end", () => done({ kind: "response", status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", () => done({ kind: "connection" }));
    });
    req.on("timeout", () => {
      done({ kind: "timeout" });
      req.destroy();
    });
    req.on("error", (error) => done(error instanceof OutboundRefusedError ? { kind: "disallowed" } : { kind: "connection" }));
    req.end(body);
  });
}
