// The integration kinds the dashboard can set up: their form fields, and how a submitted form
// becomes the JSON stored in channels.value. The shapes follow the upstream's own channel
// values (webhook: url_down/method_down/…, email: value/up/down, zulip: bot_email/api_key/
// mtype/to/site/topic, ntfy: url/topic/priority/priority_up/token) so that transports can
// read one format; slack stores {"url": incoming-webhook URL}.
export type FieldType = "text" | "url" | "email" | "password" | "textarea" | "select" | "checkbox";

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  options?: [string, string][];
  placeholder?: string;
  help?: string;
  initial?: string | boolean;
}

export type FieldValues = Record<string, string | boolean>;
type Built = { ok: Record<string, unknown> } | { error: string };

export interface KindDef {
  kind: string;
  title: string;
  blurb: string;
  fields: FieldDef[];
  build(values: FieldValues): Built;
  /** Form values of a stored config, for the edit form (secrets are left blank). */
  read(config: Record<string, unknown>): FieldValues;
  summary(config: Record<string, unknown>): string;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const METHODS: [string, string][] = [["GET", "GET"], ["POST", "POST"], ["PUT", "PUT"]];

function parseHeaders(text: string): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0 || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(line.slice(0, colon).trim())) return `Not a header line: ${line.trim()}`;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

const headerText = (h: unknown) => (h && typeof h === "object" ? Object.entries(h as Record<string, unknown>).map(([k, v]) => `${k}: ${str(v)}`).join("\n") : "");

const host = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function webhookEvent(event: "down" | "up", label: string): FieldDef[] {
  return [
    { name: `url_${event}`, label: `URL when a check goes ${label}`, type: "url", placeholder: "https://example.com/hooks/alert" },
    { name: `method_${event}`, label: "Method", type: "select", options: METHODS, initial: "POST" },
    { name: `body_${event}`, label: "Request body", type: "textarea", help: "Placeholders such as $NAME, $STATUS and $NOW are filled in when sent." },
    { name: `headers_${event}`, label: "Request headers", type: "textarea", placeholder: "X-Token: secret", help: "One “Name: value” per line." },
  ];
}

const webhook: KindDef = {
  kind: "webhook",
  title: "Webhook",
  blurb: "Calls a URL of yours when a check goes down or comes back up.",
  fields: [...webhookEvent("down", "down"), ...webhookEvent("up", "up")],
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
  read: (c) => ({
    url_down: str(c.url_down), method_down: str(c.method_down), body_down: str(c.body_down), headers_down: headerText(c.headers_down),
    url_up: str(c.url_up), method_up: str(c.method_up), body_up: str(c.body_up), headers_up: headerText(c.headers_up),
  }),
  summary: (c) => [c.url_down && `down → ${host(str(c.url_down))}`, c.url_up && `up → ${host(str(c.url_up))}`].filter(Boolean).join(", "),
};

const email: KindDef = {
  kind: "email",
  title: "Email",
  blurb: "Sends an e-mail to an address when a check changes state.",
  fields: [
    { name: "value", label: "E-mail address", type: "email", required: true, placeholder: "ops@example.com" },
    { name: "down", label: "Notify when a check goes down", type: "checkbox", initial: true },
    { name: "up", label: "Notify when a check comes back up", type: "checkbox", initial: true },
  ],
  build: (v) => ({ ok: { value: str(v.value), up: v.up === true, down: v.down === true } }),
  read: (c) => ({ value: str(c.value), up: c.up === true, down: c.down === true }),
  summary: (c) => str(c.value),
};

const slack: KindDef = {
  kind: "slack",
  title: "Slack",
  blurb: "Posts to a Slack channel through an incoming webhook.",
  fields: [{ name: "url", label: "Incoming webhook URL", type: "url", required: true, placeholder: "https://hooks.slack.com/services/…" }],
  build: (v) => ({ ok: { url: str(v.url) } }),
  read: (c) => ({ url: str(c.url) }),
  summary: (c) => host(str(c.url)),
};

const zulip: KindDef = {
  kind: "zulip",
  title: "Zulip",
  blurb: "Posts to a Zulip stream or sends a direct message, as a bot.",
  fields: [
    { name: "site", label: "Zulip site URL", type: "url", required: true, placeholder: "https://chat.example.com" },
    { name: "bot_email", label: "Bot e-mail", type: "email", required: true },
    { name: "api_key", label: "Bot API key", type: "password", required: true },
    { name: "mtype", label: "Post to", type: "select", options: [["stream", "A stream"], ["private", "A user (direct message)"]], initial: "stream" },
    { name: "to", label: "Stream name or user e-mail", type: "text", required: true },
    { name: "topic", label: "Topic", type: "text", help: "Optional; by default the check's name." },
  ],
  build: (v) => ({ ok: { bot_email: str(v.bot_email), api_key: str(v.api_key), mtype: v.mtype === "private" ? "private" : "stream", to: str(v.to), site: str(v.site), topic: str(v.topic) } }),
  read: (c) => ({ site: str(c.site), bot_email: str(c.bot_email), api_key: "", mtype: str(c.mtype), to: str(c.to), topic: str(c.topic) }),
  summary: (c) => `${c.mtype === "private" ? "to" : "#"}${str(c.to)} on ${host(str(c.site))}`,
};

const PRIORITIES: [string, string][] = [["5", "Max"], ["4", "High"], ["3", "Default"], ["2", "Low"], ["1", "Min"], ["0", "Do not notify"]];

const ntfy: KindDef = {
  kind: "ntfy",
  title: "ntfy",
  blurb: "Pushes to phones and desktops through an ntfy topic.",
  fields: [
    { name: "url", label: "Server URL", type: "url", required: true, initial: "https://ntfy.sh" },
    { name: "topic", label: "Topic", type: "text", required: true },
    { name: "priority", label: "Priority when a check goes down", type: "select", options: PRIORITIES, initial: "5" },
    { name: "priority_up", label: "Priority when a check comes back up", type: "select", options: PRIORITIES, initial: "3" },
    { name: "token", label: "Access token", type: "password", help: "Only for protected topics." },
  ],
  build(v) {
    if (!/^[\w-]{1,64}$/.test(str(v.topic))) return { error: "A topic has 1 to 64 letters, digits, hyphens or underscores." };
    return { ok: { url: str(v.url).replace(/\/+$/, ""), topic: str(v.topic), priority: Number(v.priority), priority_up: Number(v.priority_up), token: str(v.token) } };
  },
  read: (c) => ({ url: str(c.url), topic: str(c.topic), priority: String(c.priority ?? "5"), priority_up: String(c.priority_up ?? "3"), token: "" }),
  summary: (c) => `${str(c.topic)} on ${host(str(c.url))}`,
};

export const KIND_DEFS: KindDef[] = [email, webhook, slack, zulip, ntfy];

export function kindDef(kind: string): KindDef | undefined {
  return KIND_DEFS.find((d) => d.kind === kind);
}

/** A display name for any kind, including kinds made elsewhere (CLI, imports). */
export function kindTitle(kind: string): string {
  return kindDef(kind)?.title ?? kind;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Form -> stored config. Blank secrets keep the previous value, so the edit form never has
 * to send a secret back to the browser.
 */
export function buildConfig(def: KindDef, form: URLSearchParams, previous: Record<string, unknown> | null): { ok: string } | { error: string; values: FieldValues } {
  const values: FieldValues = {};
  for (const field of def.fields) {
    values[field.name] = field.type === "checkbox" ? form.has(field.name) : (form.get(field.name) ?? "").trim();
    if (field.type === "password" && values[field.name] === "" && previous) values[field.name] = str(previous[field.name]);
  }
  for (const field of def.fields) {
    const value = values[field.name];
    if (typeof value !== "string") continue;
    if (field.required && value === "") return { error: `${field.label}: this field is required.`, values };
    if (value !== "" && field.type === "url" && !isHttpUrl(value)) return { error: `${field.label}: enter an http:// or https:// URL.`, values };
    if (value !== "" && field.type === "email" && !EMAIL.test(value)) return { error: `${field.label}: enter a valid e-mail address.`, values };
    if (field.options && value !== "" && !field.options.some(([v]) => v === value)) return { error: `${field.label}: choose one of the options.`, values };
  }
  const built = def.build(values);
  return "error" in built ? { error: built.error, values } : { ok: JSON.stringify(built.ok) };
}

export function parseConfig(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
