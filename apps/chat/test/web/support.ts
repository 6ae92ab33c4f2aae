// What the web app tests share: a tiny stand-in for the chat web app's build (never the real
// one), and a browser-like client that keeps cookies and sends the CSRF header as the app does.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { encode, type Params } from "../helpers.js";

export const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Beacon chat</title><script type="module" crossorigin src="/static/webapp/assets/index-AbC123xy.js"></script><link rel="stylesheet" href="/static/webapp/assets/index-Zz9Yy8Xx.css"></head><body><div id="app"></div></body></html>\n`;
export const SCRIPT = `${"export const greeting = 'hello from the fixture build';\n".repeat(200)}`;
export const STYLE = `${"body { margin: 0; font-family: system-ui, sans-serif; }\n".repeat(100)}`;

/** A build directory like Vite's: index.html, hashed files under assets/, a favicon. */
export function webFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), "beacon-chat-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), SHELL);
  writeFileSync(join(dir, "assets", "index-AbC123xy.js"), SCRIPT);
  writeFileSync(join(dir, "assets", "index-Zz9Yy8Xx.css"), STYLE);
  writeFileSync(join(dir, "assets", "logo-Qq1Ww2Ee.png"), Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"));
  writeFileSync(join(dir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>`);
  writeFileSync(join(dir, ".env"), "SECRET=1");
  return dir;
}

export interface Page {
  status: number;
  body: any;
  text: string;
  headers: Record<string, any>;
  /** the Set-Cookie lines of this response */
  cookies: string[];
}

const setCookies = (headers: Record<string, any>): string[] => {
  const value = headers["set-cookie"];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/** One browser: a cookie jar for one host, the CSRF header on unsafe requests. */
export class Browser {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
  ) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async request(method: string, url: string, options: { form?: Params; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<Page> {
    const headers: Record<string, string> = { host: this.host };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const unsafe = !["GET", "HEAD"].includes(method);
    const csrf = this.jar.get("csrftoken");
    if (unsafe && options.csrf !== false && csrf) headers["x-csrftoken"] = csrf;
    if (options.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await this.app.inject({ method: method as any, url, headers: { ...headers, ...options.headers }, payload: options.form ? encode(options.form) : undefined });
    const cookies = setCookies(response.headers);
    for (const line of cookies) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      if (/Max-Age=0\b/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, pair!.slice(eq + 1));
    }
    let body: any;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body, text: response.body, headers: response.headers, cookies };
  }

  /** Opens the shell, as a person arriving at the site: the CSRF cookie comes with it. */
  open(path = "/"): Promise<Page> {
    return this.request("GET", path);
  }

  post(url: string, form: Params = {}, options: { headers?: Record<string, string>; csrf?: boolean } = {}): Promise<Page> {
    return this.request("POST", url, { form, ...options });
  }

  /** A call of the app's API: /json<path>, GET parameters in the query string. */
  json(method: string, path: string, params: Params = {}, options: { headers?: Record<string, string>; csrf?: boolean } = {}): Promise<Page> {
    const upper = method.toUpperCase();
    if (upper === "GET") {
      const query = encode(params);
      return this.request(upper, `/json${path}${query ? `?${query}` : ""}`, options);
    }
    return this.request(upper, `/json${path}`, { form: params, ...options });
  }

  async signIn(username: string, password: string): Promise<Page> {
    if (!this.jar.has("csrftoken")) await this.open();
    return this.post("/accounts/login/", { username, password });
  }
}
