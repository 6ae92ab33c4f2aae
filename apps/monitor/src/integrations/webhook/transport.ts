// Webhooks (§15.2): a method, URL, body and headers per direction, with $PLACEHOLDERS.
import type { Channel } from "../../store/schema.js";
import { tagsList } from "../../lib/tags.js";
import { isoSeconds } from "../../lib/dates.js";
import { pythonJson } from "../../http/router.js";
import { send, userUrlAccess } from "../http.js";
import { pingBodyText, pyQuote } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { webhookSettings } from "./settings.js";

export interface WebhookSpec {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string>;
}

export function webhookSpec(channel: Channel, status: string): WebhookSpec {
  const doc = JSON.parse(channel.value || "{}");
  const dir = status === "up" ? "up" : "down";
  return {
    method: doc[`method_${dir}`] ?? "GET",
    url: doc[`url_${dir}`] ?? "",
    body: doc[`body_${dir}`] ?? "",
    headers: doc[`headers_${dir}`] ?? {},
  };
}

/**
 * Replaces placeholders that appear in the template itself: values are never scanned
 * again, and at each "$" the first placeholder (in `ctx` order) that prefixes the text wins.
 */
export function replacePlaceholders(template: string, ctx: [string, string][]): string {
  const [first, ...rest] = template.split("$");
  let out = first;
  for (const piece of rest) {
    let part = "$" + piece;
    for (const [name, value] of ctx) {
      if (part.startsWith(name)) {
        part = value + part.slice(name.length);
        break;
      }
    }
    out += part;
  }
  return out;
}

/** Python's json.dumps of a string: ASCII only. */
const jsonString = (s: string) => pythonJson(s);

export function prepare(template: string, alert: AlertContext, options: { urlencode?: boolean; latin1?: boolean; allowBody?: boolean } = {}): string {
  const safe = (s: string) => (options.urlencode ? pyQuote(s) : s);
  const { check, flip } = alert;
  const ctx: [string, string][] = [
    ["$CODE", check.uuid],
    ["$STATUS", flip.new_status],
    ["$NOW", safe(isoSeconds(flip.created))],
    ["$NAME_JSON", safe(jsonString(check.name))],
    ["$NAME", safe(check.name)],
    ["$SLUG", check.slug],
    ["$TAGS", safe(check.tags)],
    ["$JSON", safe(alert.checkJson())],
  ];
  if (options.allowBody && template.includes("$BODY")) {
    const body = pingBodyText(alert.lastPing) ?? "";
    ctx.push(["$BODY_JSON", jsonString(body)], ["$BODY", body]);
  }
  if (template.includes("$EXITSTATUS")) {
    const status = alert.lastPing?.exitstatus;
    ctx.push(["$EXITSTATUS", status === null || status === undefined ? "-1" : String(status)]);
  }
  tagsList(check.tags).forEach((tag, i) => ctx.push([`$TAG${i + 1}`, safe(tag)]));

  let result = replacePlaceholders(template, ctx);
  // compat: header values are latin-1; other characters become XML character references.
  if (options.latin1) result = Array.from(result, (ch) => (ch.codePointAt(0)! > 0xff ? `&#${ch.codePointAt(0)};` : ch)).join("");
  return result;
}

export const webhookTransport: Transport = {
  isNoop: (channel, status) => !webhookSpec(channel, status).url,

  async notify(alert) {
    if (!webhookSettings.of(alert.config).enabled) throw new TransportError("Webhook notifications are not enabled.");
    const spec = webhookSpec(alert.channel, alert.flip.new_status);
    if (!spec.url) throw new TransportError("Empty webhook URL");
    const method = spec.method.toUpperCase() as "GET" | "POST" | "PUT";
    let body: Buffer | null = null;
    if (spec.body && (method === "POST" || method === "PUT")) body = Buffer.from(prepare(spec.body, alert, { allowBody: true }), "utf8");
    const headers: Record<string, string> = {};
    // Not upstream: a retry after a worker died mid-delivery may repeat a request the receiver
    // already got; the key, stable across attempts, lets it drop the duplicate. A header of the
    // same name the user configured wins.
    if (!Object.keys(spec.headers).some((name) => name.toLowerCase() === "idempotency-key")) headers["Idempotency-Key"] = alert.notificationUuid;
    for (const [name, value] of Object.entries(spec.headers)) headers[name] = prepare(value, alert, { latin1: true });
    await send({ method, url: prepare(spec.url, alert, { urlencode: true }), headers, body, ...userUrlAccess(alert.config) });
  },
};
