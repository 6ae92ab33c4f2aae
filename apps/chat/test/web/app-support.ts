// What the web app's browser tests share: the real app built by Vite (apps/chat-web, its own
// config) into a temporary directory the server serves, a chat server on a real port, a small
// team with channels and messages, and Debian's chromium through playwright-core. The server
// can be restarted in place (same port, same database), as an operator restarting it would.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { basic, chatTest, encode, type Account, type ChatTest, type Params, type Response } from "../helpers.js";
import { buildChatApp, withEvents } from "../../src/main.js";
import { freePort } from "@beacon/testing";

export const CHROMIUM = "/usr/bin/chromium";
export const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install chromium); CI installs it`;
const APP_SOURCE = new URL("../../../chat-web/", import.meta.url).pathname;
const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
export const PASSWORD = "correct horse battery";

/** Builds the chat web app with its own Vite config into `outDir`. */
export async function buildApp(outDir: string): Promise<void> {
  const { build } = await import("vite");
  await build({ root: APP_SOURCE, configFile: join(APP_SOURCE, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
}

export interface Team {
  owner: Account;
  ada: Account;
  grace: Account;
  alan: Account;
  design: number;
  engineering: number;
  random: number;
}

export interface AppServer {
  t: ChatTest;
  site: string;
  /** The live HTTP app (a new one after restart()). */
  app(): FastifyInstance;
  /** An API call (Basic auth) through the live app, as t.call does through the first one. */
  call(who: Account, method: string, url: string, params?: Params): Promise<Response>;
  /** Stops the server and starts a new one on the same port and database: every event queue is gone. */
  restart(): Promise<void>;
  /** Stops the server; start() brings it back (same port, same database). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startServer(): Promise<AppServer> {
  const built = mkdtempSync(join(tmpdir(), "beacon-chat-web-"));
  await buildApp(built);
  const t = await chatTest({ config: { webDir: built } });
  const port = await freePort();
  let app: FastifyInstance | null = t.app;
  await app.listen({ host: "127.0.0.1", port });
  const { events: _events, ...base } = t.deps;
  const server: AppServer = {
    t,
    site: `http://127.0.0.1:${port}`,
    app: () => app ?? t.app,
    async call(who, method, url, params = {}) {
      const upper = method.toUpperCase();
      const inBody = upper !== "GET";
      const query = inBody ? "" : encode(params);
      const response = await server.app().inject({
        method: upper as any,
        url: `/api/v1${url}${query ? `?${query}` : ""}`,
        headers: { host: who.host, authorization: basic(who.email, who.apiKey), ...(inBody ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        payload: inBody ? encode(params) : undefined,
      });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    },
    async stop() {
      if (!app) return;
      // As a process that exits: open long polls are cut, not waited for.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      app = null;
    },
    async start() {
      const fresh = await buildChatApp(withEvents(base));
      await fresh.listen({ host: "127.0.0.1", port });
      app = fresh;
    },
    async restart() {
      await server.stop();
      await server.start();
    },
    async close() {
      if (app !== t.app) await app?.close();
      await t.close();
      rmSync(built, { recursive: true, force: true });
    },
  };
  return server;
}

export async function seedTeam(t: ChatTest): Promise<Team> {
  const owner = await t.realm({ subdomain: "", name: "Acme Labs", ownerEmail: "olivia@acme.example.com", password: PASSWORD });
  const ada = await t.user(owner, { name: "Ada Lovelace", email: "ada@acme.example.com", password: PASSWORD });
  const grace = await t.user(owner, { name: "Grace Hopper", email: "grace@acme.example.com", password: PASSWORD });
  const alan = await t.user(owner, { name: "Alan Turing", email: "alan@acme.example.com", password: PASSWORD });
  const everyone = [owner, ada, grace, alan].map((a) => a.id);
  const subscribed = await t.call(owner, "POST", "/users/me/subscriptions", {
    subscriptions: [{ name: "design" }, { name: "engineering" }, { name: "random" }],
    principals: everyone,
  });
  assert.equal(subscribed.status, 200, JSON.stringify(subscribed.body));
  const ids = async (name: string) => (await t.call(owner, "GET", "/get_stream_id", { stream: name })).body.stream_id as number;
  return { owner, ada, grace, alan, design: await ids("design"), engineering: await ids("engineering"), random: await ids("random") };
}

export async function send(t: Pick<AppServer, "call">, who: Account, to: string | number[], topic: string | null, content: string): Promise<number> {
  const params = Array.isArray(to) ? { type: "direct", to, content } : { type: "stream", to, topic, content };
  const res = await t.call(who, "POST", "/messages", params);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.id;
}

export interface Chromium {
  context: BrowserContext;
  page: Page;
  screenshots: string;
  /** Uncaught exceptions and console errors of the pages (CSP refusals among them), network refusals left out. */
  errors: string[];
  /** Saves a screenshot as docs/screenshots/chat-web-<name>.png when BEACON_SCREENSHOTS=1. */
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function launch(options: { width?: number; height?: number; colorScheme?: "light" | "dark" } = {}): Promise<Chromium> {
  const { chromium } = await import("playwright-core");
  const profile = mkdtempSync(join(tmpdir(), "beacon-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: options.width ?? 1100, height: options.height ?? 760 },
    locale: "en-US",
    timezoneId: "UTC",
    colorScheme: options.colorScheme ?? "light",
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  page.on("console", (message) => {
    // A 401 before sign-in, or the server down during the restart test, is the network's say.
    if (message.type() === "error" && !/Failed to load resource|net::ERR_/.test(message.text())) errors.push(message.text());
  });
  const screenshots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : join(profile, "screenshots");
  mkdirSync(screenshots, { recursive: true });
  return {
    context,
    page,
    screenshots,
    errors,
    async shot(p, name) {
      await p.mouse.move(0, 0);
      await p.evaluate(() => (globalThis as any).document.fonts.ready);
      await p.screenshot({ path: join(screenshots, `chat-web-${name}.png`) });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the sign-in form (at `path`, a narrow's URL for one) and waits for the app and its first messages. */
export async function signIn(page: Page, site: string, email: string, path = "/", password = PASSWORD): Promise<void> {
  await page.goto(`${site}${path}`);
  await page.locator("form[data-testid=login] input[name=username]").fill(email);
  await page.locator("form[data-testid=login] input[name=password]").fill(password);
  await page.locator("form[data-testid=login] button[type=submit]").click();
  await page.locator("main[data-testid=app]").waitFor();
  await waitReady(page);
}

/**
 * Waits until the current narrow's first messages are shown. With an action (a click, a goto
 * to another fragment), the flag is lowered first so the previous narrow's "1" does not count.
 */
export async function waitReady(page: Page, action?: () => Promise<unknown>): Promise<void> {
  if (action) {
    await page.evaluate(() => ((globalThis as any).document.documentElement.dataset.ready = "0"));
    await action();
  }
  await page.waitForFunction(() => (globalThis as any).document.documentElement.dataset.ready === "1");
}

export interface PersonOptions {
  viewport: { width: number; height: number };
  /** A phone: touch, mobile viewport rules. */
  phone?: boolean;
  colorScheme?: "light" | "dark";
  /** Browser permissions granted on the site (the clipboard, say). */
  permissions?: { names: string[]; origin: string };
}

/**
 * The people of a browser test with several users: each in a browser context of their own
 * (cookies, storage) of one headless chromium, and every script or console error any of their
 * pages met. Set `browser` and `shots` in the test's before().
 */
export class People {
  readonly errors: string[] = [];
  readonly contexts: BrowserContext[] = [];
  browser!: Browser;
  /** Where shot() writes: docs/screenshots with BEACON_SCREENSHOTS=1, else a temporary directory. */
  shots = "";
  private inFront: Page | null = null;

  /** `pointerAway`: shots move the pointer to the corner first (no hover state in the picture). */
  constructor(private readonly options: { pointerAway?: boolean } = {}) {}

  /** A signed-out person in a context of their own. */
  async person(options: PersonOptions): Promise<Page> {
    const context = await this.browser.newContext({
      viewport: options.viewport,
      locale: "en-US",
      timezoneId: "UTC",
      isMobile: options.phone,
      hasTouch: options.phone,
      deviceScaleFactor: 1,
      colorScheme: options.colorScheme,
    });
    if (options.permissions) await context.grantPermissions(options.permissions.names, { origin: options.permissions.origin });
    this.contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (error) => this.errors.push(`${error.name}: ${error.message}`));
    page.on("console", (m) => m.type() === "error" && !/Failed to load resource|net::ERR_/.test(m.text()) && this.errors.push(m.text()));
    return page;
  }

  /**
   * Brings a person's window to the front before acting in it. Of two windows of one headless
   * browser the one behind draws no frames (its DOM still follows the events), and a page
   * without frames never runs what waits for one.
   */
  async front(page: Page): Promise<Page> {
    if (this.inFront !== page) await page.bringToFront();
    this.inFront = page;
    return page;
  }

  /** A screenshot named chat-web-<name>.png, taken in front with the fonts loaded. */
  async shot(page: Page, name: string): Promise<void> {
    await this.front(page);
    if (this.options.pointerAway) await page.mouse.move(0, 0);
    await page.evaluate(() => (globalThis as any).document.fonts.ready);
    await page.screenshot({ path: join(this.shots, `chat-web-${name}.png`) });
  }

  /** Forgets a context the test closed itself. */
  forget(context: BrowserContext): void {
    this.contexts.splice(this.contexts.indexOf(context), 1);
  }

  async close(): Promise<void> {
    for (const context of this.contexts.splice(0)) await context.close();
  }
}
