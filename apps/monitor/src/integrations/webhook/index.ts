// Webhook: a method, URL, body and headers per direction, with $PLACEHOLDERS (transport.ts).
// Stored as the upstream does: {"method_down", "url_down", "body_down", "headers_down", …_up}.
import { defineKind } from "../kind.js";
import { host, parseConfig, str, type FieldDef } from "../form.js";
import { httpUrl, isObject, jsonObject } from "../values.js";
import { webhookSettings } from "./settings.js";
import { webhookTransport } from "./transport.js";

const METHODS: [string, string][] = [["GET", "GET"], ["POST", "POST"], ["PUT", "PUT"]];
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function parseHeaders(text: string): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0 || !HEADER_NAME.test(line.slice(0, colon).trim())) return `Not a header line: ${line.trim()}`;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

const headerText = (h: unknown) => (isObject(h) ? Object.entries(h).map(([k, v]) => `${k}: ${str(v)}`).join("\n") : "");

function eventFields(event: "down" | "up"): FieldDef[] {
  return [
    { name: `url_${event}`, label: `URL when a check goes ${event}`, type: "url", placeholder: "https://example.com/hooks/alert" },
    { name: `method_${event}`, label: "Method", type: "select", options: METHODS, initial: "POST" },
    { name: `body_${event}`, label: "Request body", type: "textarea", help: "Placeholders such as $NAME, $STATUS and $NOW are filled in when sent." },
    { name: `headers_${event}`, label: "Request headers", type: "textarea", placeholder: "X-Token: secret", help: "One “Name: value” per line." },
  ];
}

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  const out: Record<string, unknown> = {};
  for (const dir of ["down", "up"]) {
    const method = doc[`method_${dir}`] ?? "GET";
    if (method !== "GET" && method !== "POST" && method !== "PUT") throw new Error(`method_${dir} must be GET, POST or PUT`);
    const body = doc[`body_${dir}`] ?? "";
    if (typeof body !== "string" || body.length > 1000) throw new Error(`body_${dir} must be a string of at most 1000 characters`);
    const headers = doc[`headers_${dir}`] ?? {};
    if (!isObject(headers) || !Object.entries(headers).every(([k, v]) => HEADER_NAME.test(k) && typeof v === "string")) {
      throw new Error(`headers_${dir} must map header names to strings`);
    }
    Object.assign(out, { [`body_${dir}`]: body, [`headers_${dir}`]: headers, [`method_${dir}`]: method, [`url_${dir}`]: httpUrl(doc[`url_${dir}`], `url_${dir}`, false) });
  }
  return JSON.stringify(Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b))));
}

export const webhook = defineKind({
  kind: "webhook",
  title: "Webhook",
  blurb: "Calls a URL of yours when a check goes down or comes back up.",
  icon: { color: "#7c3aed", glyph: `<path d="M10.2 13.8a3.4 3.4 0 0 0 4.8 0l3-3a3.4 3.4 0 0 0-4.8-4.8l-1 1"/><path d="M13.8 10.2a3.4 3.4 0 0 0-4.8 0l-3 3a3.4 3.4 0 0 0 4.8 4.8l1-1"/>` },
  settings: webhookSettings,
  transport: webhookTransport,
  checkValue,
  summary(channel) {
    const c = parseConfig(channel.value);
    return [c.url_down && `down → ${host(str(c.url_down))}`, c.url_up && `up → ${host(str(c.url_up))}`].filter(Boolean).join(", ");
  },
  setup: {
    form: {
      fields: [...eventFields("down"), ...eventFields("up")],
      build(v) {
        if (!v.url_down && !v.url_up) return { error: "Enter at least one URL." };
        const out: Record<string, unknown> = {};
        for (const event of ["down", "up"]) {
          const headers = parseHeaders(str(v[`headers_${event}`]));
          if (typeof headers === "string") return { error: headers };
          out[`method_${event}`] = str(v[`method_${event}`]) || "POST";
          out[`url_${event}`] = str(v[`url_${event}`]);
          out[`body_${event}`] = str(v[`body_${event}`]);
          out[`headers_${event}`] = headers;
        }
        return { ok: out };
      },
      read(value) {
        const c = parseConfig(value);
        return {
          url_down: str(c.url_down), method_down: str(c.method_down), body_down: str(c.body_down), headers_down: headerText(c.headers_down),
          url_up: str(c.url_up), method_up: str(c.method_up), body_up: str(c.body_up), headers_up: headerText(c.headers_up),
        };
      },
    },
  },
});
