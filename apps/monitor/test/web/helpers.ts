// A browser-like client for the dashboard over Fastify inject: it keeps the session cookie
// and reads the CSRF token from the last page, so tests post forms the way a browser does.
import type { FastifyInstance } from "fastify";
import { claimLink } from "../../src/actions/account-claim.js";
import { findAccountByEmailFolded } from "../../src/store/web-accounts.js";
import type { Harness } from "../helpers.js";

export interface WebResult {
  status: number;
  location: string | undefined;
  setCookie: string[];
  text: string;
}

export class WebClient {
  /** The `name=value` of the session cookie, as the browser would send it. */
  cookie: string | null = null;
  /** The `name=value` of the device cookie a sign-in leaves (sent with the session cookie). */
  device: string | null = null;
  csrf: string | null = null;

  constructor(readonly app: FastifyInstance) {}

  private remember(headers: Record<string, unknown>): string[] {
    const raw = headers["set-cookie"];
    const list = raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [String(raw)];
    for (const c of list) {
      const pair = c.split(";")[0];
      if (pair.startsWith("beacon_monitor_device=")) this.device = pair;
      else this.cookie = pair;
    }
    return list;
  }

  private cookies(): string | undefined {
    const pairs = [this.cookie, this.device].filter((c) => c !== null);
    return pairs.length ? pairs.join("; ") : undefined;
  }

  private result(res: { statusCode: number; headers: Record<string, unknown>; body: string }): WebResult {
    const setCookie = this.remember(res.headers);
    const token = /name="csrf" value="([^"]+)"/.exec(res.body);
    if (token) this.csrf = token[1];
    return { status: res.statusCode, location: res.headers.location as string | undefined, setCookie, text: res.body };
  }

  async get(url: string): Promise<WebResult> {
    const cookie = this.cookies();
    const res = await this.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
    return this.result(res);
  }

  /** Gets a page and follows a redirect as a browser does (an OAuth callback that ends on the list, say). */
  async visit(url: string): Promise<WebResult> {
    const res = await this.get(url);
    return res.status === 303 && res.location ? this.get(res.location) : res;
  }

  /** Posts a form with the page's CSRF token unless `csrf` says otherwise (null: none). */
  async post(url: string, fields: Record<string, string | string[]> = {}, options: { csrf?: string | null } = {}): Promise<WebResult> {
    const body = new URLSearchParams();
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf !== null) body.set("csrf", csrf);
    for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    const cookie = this.cookies();
    if (cookie) headers.cookie = cookie;
    const res = await this.app.inject({ method: "POST", url, headers, payload: body.toString() });
    return this.result(res);
  }

  /**
   * Posts a form and follows its redirect as a browser does (post/redirect/get); a form that
   * answers with a page (a refusal) is returned as is.
   */
  async submit(url: string, fields: Record<string, string | string[]> = {}, options: { csrf?: string | null } = {}): Promise<WebResult & { posted: number }> {
    const res = await this.post(url, fields, options);
    if (res.status !== 303 || !res.location) return { ...res, posted: res.status };
    return { ...(await this.get(res.location)), posted: res.status };
  }
}

export const PASSWORD = "correct horse battery";

/**
 * A new client signed up with `email`; for an account made by the CLI, one that followed the
 * link mailed to claim it (taken here straight from the action that mails it).
 */
export async function signedUp(h: Harness, email: string, password = PASSWORD): Promise<WebClient> {
  const client = new WebClient(h.app);
  const provisioned = await findAccountByEmailFolded(h.deps.db, email);
  if (provisioned) {
    const path = new URL(claimLink(h.deps, provisioned)).pathname;
    await client.get(path);
    const res = await client.post(path, { password });
    if (res.status !== 303) throw new Error(`claim failed: ${res.status} ${res.text.slice(0, 500)}`);
    return client;
  }
  await client.get("/accounts/signup/");
  const res = await client.post("/accounts/signup/", { email, password });
  if (res.status !== 303) throw new Error(`sign-up failed: ${res.status} ${res.text.slice(0, 500)}`);
  return client;
}

/** Creates a project through the dashboard and returns its UUID. */
export async function newProject(client: WebClient, name: string): Promise<{ uuid: string; apiKey: string }> {
  await client.get("/projects/");
  const posted = await client.post("/projects/", { name });
  if (posted.status !== 303) throw new Error(`project creation failed: ${posted.status}`);
  const uuid = /\/projects\/([0-9a-f-]{36})\/settings\//.exec(posted.location!)![1];
  const res = await client.get(posted.location!);
  const apiKey = /<code class="secret" data-copy>(hcw_[A-Za-z0-9]+)<\/code>/.exec(res.text)![1];
  return { uuid, apiKey };
}

/**
 * RFC 4648 base32 text (as an authenticator app reads a TOTP secret, spaces ignored) to bytes:
 * decoded here apart from the server's encoder, so the tests check it.
 */
export function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/\s+/g, "")) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
