// Outbound HTTP for integrations, with the upstream's transport facts: 30 s timeout, up to
// 3 redirects, "User-Agent: healthchecks.io" unless set, private addresses refused unless
// allowed, and curl-like error messages. One attempt per call: retries and backoff are
// the outbox's job (actions/deliveries.ts), told here whether a failure is worth one: a
// network failure, a timeout, a 5xx, 408 or 429 is transient; another 4xx, an address that is
// not allowed or a URL that cannot work is final.
import http from "node:http";
import https from "node:https";
import { checkedLookup, checkLiteral, OutboundRefusedError } from "@beacon/platform";
import { TransportError } from "./alert.js";

export interface HttpRequest {
  method: "GET" | "POST" | "PUT";
  url: string;
  headers?: Record<string, string>;
  body?: Buffer | string | null;
  /** HTTP Basic credentials. */
  auth?: [string, string];
  allowPrivateIps: boolean;
  /**
   * `host:port` pairs reached even though private (Beacon's own chat server under
   * `beacon serve`): MONITOR_INTEGRATIONS_ALLOWED_HOSTS, without opening every private address.
   */
  allowedPrivateHosts?: readonly string[];
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  body: Buffer;
}

const MAX_REDIRECTS = 3;


// The upstream says only the first sentence; the rest tells the operator which setting lifts it.
export const PRIVATE_REFUSED =
  "Connections to private IP addresses are not allowed (set MONITOR_INTEGRATIONS_ALLOW_PRIVATE_IPS=true, or list this host:port in MONITOR_INTEGRATIONS_ALLOWED_HOSTS)";

/** `host:port` of a URL as the allow-list spells it (lower case, the scheme's default port filled in). */
export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.toLowerCase()}:${port}`;
}

/** The two fields of an HttpRequest for a URL a user gave, from the operator's settings. */
export function userUrlAccess(config: { integrationsAllowPrivateIps: boolean; integrationsAllowedHosts: readonly string[] }): Pick<HttpRequest, "allowPrivateIps" | "allowedPrivateHosts"> {
  return { allowPrivateIps: config.integrationsAllowPrivateIps, allowedPrivateHosts: config.integrationsAllowedHosts };
}

function describe(error: any): string {
  if (error instanceof TransportError) return error.message;
  if (error instanceof OutboundRefusedError) return PRIVATE_REFUSED;
  const code: string = error?.code ?? "";
  if (code === "ETIMEDOUT" || code === "ESOCKETTIMEDOUT") return "Connection timed out";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_FAIL") return "Could not resolve host";
  if (code === "ECONNREFUSED" || code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "EADDRNOTAVAIL") return "Connection failed";
  if (code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code) || code === "EPROTO") return "TLS handshake failed";
  // curl's numbers for what is left: 56 (receive failure), 55 (send failure), 1 (protocol).
  if (code === "ECONNRESET") return "HTTP request failed, code: 56";
  if (code === "EPIPE") return "HTTP request failed, code: 55";
  if (code === "ERR_INVALID_URL" || code === "ERR_INVALID_PROTOCOL") return "HTTP request failed, code: 1";
  return "HTTP request failed, code: 0";
}

/** Failures that the integration's settings cause, which no retry can mend. */
const CONFIG_FAILURES = new Set([PRIVATE_REFUSED, "HTTP request failed, code: 1", "HTTP request failed, code: 3", "Too many redirects"]);

function failure(error: unknown): TransportError {
  const message = describe(error);
  const final = CONFIG_FAILURES.has(message);
  return new TransportError(message, false, final, !final);
}

/** 408 Request Timeout, 429 Too Many Requests and 5xx say "later"; another 4xx says "never". */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function once(req: HttpRequest, url: URL, deadline: number): Promise<HttpResponse & { location?: string }> {
  return new Promise((resolve, reject) => {
    if (url.protocol !== "http:" && url.protocol !== "https:") return reject(new TransportError("HTTP request failed, code: 1"));
    const allowPrivate = req.allowPrivateIps || (req.allowedPrivateHosts?.includes(hostPort(url)) ?? false);
    if (!allowPrivate) {
      try {
        checkLiteral(url);
      } catch (error) {
        return reject(error);
      }
    }

    const headers: Record<string, string> = { ...req.headers };
    if (!Object.keys(headers).some((h) => h.toLowerCase() === "user-agent")) headers["User-Agent"] = "healthchecks.io";
    const body = req.body === null || req.body === undefined ? null : Buffer.from(req.body);
    if (body !== null) headers["Content-Length"] = String(body.length);
    const module = url.protocol === "https:" ? https : http;
    const remaining = Math.max(1, deadline - Date.now());
    const request = module.request(
      url,
      {
        method: req.method,
        headers,
        auth: req.auth ? `${req.auth[0]}:${req.auth[1]}` : undefined,
        lookup: allowPrivate ? undefined : checkedLookup(),
        timeout: remaining,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), location: res.headers.location }));
        res.on("error", reject);
      },
    );
    const timer = setTimeout(() => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })), remaining);
    request.on("close", () => clearTimeout(timer));
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", reject);
    request.end(body ?? undefined);
  });
}

/** One request, following redirects; throws TransportError with the upstream's wording. */
export async function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const deadline = Date.now() + (req.timeoutMs ?? 30_000);
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    throw new TransportError("HTTP request failed, code: 3", false, true);
  }
  try {
    for (let redirects = 0; ; redirects++) {
      const res = await once(req, url, deadline);
      if (![301, 302, 303, 307, 308].includes(res.status) || !res.location) return { status: res.status, body: res.body };
      if (redirects === MAX_REDIRECTS) throw new TransportError("Too many redirects");
      url = new URL(res.location, url);
    }
  } catch (error) {
    throw failure(error);
  }
}

export const SUCCESS_CODES = new Set([200, 201, 202, 204]);

/**
 * Sends and insists on 200/201/202/204; `onError` may word the failure (Zulip, Slack) and
 * make it permanent. Otherwise the status says whether it is transient or final.
 */
export async function send(req: HttpRequest, onError?: (res: HttpResponse) => TransportError): Promise<HttpResponse> {
  const res = await httpRequest(req);
  if (SUCCESS_CODES.has(res.status)) return res;
  const error = onError ? onError(res) : new TransportError(`Received status code ${res.status}`);
  if (error.permanent || error.final) throw error;
  const transient = isTransientStatus(res.status);
  throw new TransportError(error.message, false, !transient, transient);
}
