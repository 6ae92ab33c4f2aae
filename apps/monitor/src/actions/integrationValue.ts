// `beacon monitor create-integration --value`: each deliverable kind's configuration,
// checked and stored in the upstream's format (docs/monitor-integrations.md).

export type ValueResult = { value: string } | { error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function httpUrl(v: unknown, what: string, required: boolean): string {
  if (v === undefined || v === "") {
    if (required) throw new Error(`${what} is required`);
    return "";
  }
  if (typeof v !== "string" || v.length > 1000) throw new Error(`${what} must be a URL of at most 1000 characters`);
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw new Error(`${what} must be an absolute http(s) URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error(`${what} must be an absolute http(s) URL`);
  return v;
}

function str(v: unknown, what: string, fallback?: string): string {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== "string" || v === "") throw new Error(`${what} must be a non-empty string`);
  return v;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new Error("--value must be JSON for this kind");
  }
}

function webhook(raw: string): unknown {
  const doc = parseJson(raw);
  if (!isObject(doc)) throw new Error("--value must be a JSON object");
  const out: Record<string, unknown> = {};
  for (const dir of ["down", "up"]) {
    const method = doc[`method_${dir}`] ?? "GET";
    if (method !== "GET" && method !== "POST" && method !== "PUT") throw new Error(`method_${dir} must be GET, POST or PUT`);
    const body = doc[`body_${dir}`] ?? "";
    if (typeof body !== "string" || body.length > 1000) throw new Error(`body_${dir} must be a string of at most 1000 characters`);
    const headers = doc[`headers_${dir}`] ?? {};
    if (!isObject(headers) || !Object.entries(headers).every(([k, v]) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k) && typeof v === "string")) {
      throw new Error(`headers_${dir} must map header names to strings`);
    }
    Object.assign(out, { [`body_${dir}`]: body, [`headers_${dir}`]: headers, [`method_${dir}`]: method, [`url_${dir}`]: httpUrl(doc[`url_${dir}`], `url_${dir}`, false) });
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

function email(raw: string): unknown {
  if (!raw.trim().startsWith("{")) return { value: str(raw.trim(), "the address"), up: true, down: true };
  const doc = parseJson(raw);
  if (!isObject(doc)) throw new Error("--value must be a JSON object");
  const value = str(doc.value, "value");
  if (!/^[^@\s]+@[^@\s]+$/.test(value)) throw new Error("value must be an e-mail address");
  for (const k of ["up", "down"]) if (doc[k] !== undefined && typeof doc[k] !== "boolean") throw new Error(`${k} must be true or false`);
  return { value, up: doc.up ?? true, down: doc.down ?? true };
}

function zulip(raw: string): unknown {
  const doc = parseJson(raw);
  if (!isObject(doc)) throw new Error("--value must be a JSON object");
  const botEmail = str(doc.bot_email, "bot_email");
  if (!botEmail.includes("@")) throw new Error("bot_email must be an e-mail address");
  const mtype = doc.mtype ?? "stream";
  if (mtype !== "stream" && mtype !== "private") throw new Error('mtype must be "stream" or "private"');
  return {
    bot_email: botEmail,
    api_key: str(doc.api_key, "api_key"),
    mtype,
    to: str(doc.to, "to"),
    site: doc.site === undefined ? "" : httpUrl(doc.site, "site", false).replace(/\/+$/, ""),
    topic: doc.topic === undefined ? "" : String(doc.topic),
  };
}

function slack(raw: string): unknown {
  const trimmed = raw.trim();
  if (!trimmed.startsWith("{")) return httpUrl(trimmed, "the webhook URL", true);
  const doc = parseJson(trimmed);
  if (!isObject(doc)) throw new Error("--value must be a JSON object or a URL");
  const nested = isObject(doc.incoming_webhook) ? doc.incoming_webhook.url : undefined;
  return httpUrl(doc.url ?? nested, "url", true);
}

function priority(v: unknown, what: string): number {
  if (v === undefined) return 3;
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 5) throw new Error(`${what} must be a whole number from 0 (off) to 5 (max)`);
  return v as number;
}

function ntfy(raw: string): unknown {
  const doc = parseJson(raw);
  if (!isObject(doc)) throw new Error("--value must be a JSON object");
  const topic = str(doc.topic, "topic");
  if (topic.length > 64) throw new Error("topic must be at most 64 characters");
  const token = doc.token ?? "";
  if (typeof token !== "string") throw new Error("token must be a string");
  return {
    priority: priority(doc.priority, "priority"),
    priority_up: priority(doc.priority_up, "priority_up"),
    token,
    topic,
    url: httpUrl(doc.url ?? "https://ntfy.sh", "url", true).replace(/\/+$/, ""),
  };
}

const NORMALIZERS: Record<string, (raw: string) => unknown> = { webhook, email, zulip, slack, mattermost: slack, ntfy };

/** Checks a kind's --value; kinds Beacon cannot deliver are stored as given. */
export function integrationValue(kind: string, raw: string): ValueResult {
  const normalize = NORMALIZERS[kind];
  // An integration provisioned by name and kind alone is valid: like a webhook with no
  // URL for a direction upstream, it delivers nothing until it is configured.
  if (!normalize || raw.trim() === "") return { value: raw };
  try {
    const value = normalize(raw);
    return { value: typeof value === "string" ? value : JSON.stringify(value) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
