// A chat server per test file: a fresh database (SQLite in memory, or a PostgreSQL schema
// when TEST_DATABASE_URL is set), a FakeClock, and helpers that speak HTTP through inject.
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { createLogger, openDatabase } from "@beacon/platform";
import { FakeClock, freshDatabaseUrl } from "@beacon/testing";
import { buildChatApp, withEvents } from "../src/main.js";
import { loadChatConfig, type ChatConfig } from "../src/config.js";
import type { ChatDeps } from "../src/deps.js";
import { migrateChat } from "../src/migrations/index.js";
import type { ChatDatabase } from "../src/store/schema.js";
import { doCreateRealm } from "../src/actions/realms.js";
import { doCreateUser } from "../src/actions/users.js";
import { ROLE_MEMBER } from "../src/lib/roles.js";
import { ROUTES } from "../src/routes/index.js";
import { API_PREFIX, JSON_PREFIX } from "../src/http/endpoint.js";
import { listsError, operationErrors } from "../src/http/openapi.js";

export interface Account {
  id: number;
  email: string;
  apiKey: string;
  realmId: number;
  /** Host header that names this account's realm */
  host: string;
}

export interface Response {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

export type Params = Record<string, unknown>;

/** Form encoding as Python's client does it: strings as they are, anything else as JSON. */
export function encode(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.append(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return search.toString();
}

export function basic(email: string, key: string): string {
  return `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}`;
}

export interface ChatTest {
  app: FastifyInstance;
  deps: ChatDeps;
  clock: FakeClock;
  close(): Promise<void>;
  /** Creates a realm and returns its owner. */
  realm(options?: { subdomain?: string; name?: string; ownerEmail?: string; password?: string }): Promise<Account>;
  /** Creates a user in the realm of `peer`. */
  user(peer: Account, options?: { email?: string; name?: string; role?: number; password?: string; botType?: number }): Promise<Account>;
  call(who: Account | null, method: string, url: string, params?: Params, options?: { host?: string; headers?: Record<string, string>; query?: Params }): Promise<Response>;
}

let counter = 0;

/** Each served `METHOD /prefix/path` of the URL table, with the errors the API document lists for it. */
const LISTED_ERRORS = new Map<string, ReturnType<typeof operationErrors>>(ROUTES.flatMap((route) => [API_PREFIX, JSON_PREFIX].map((prefix) => [`${route.method} ${prefix}${route.path}`, operationErrors(route)] as const)));

/**
 * Watches every error the app answers for an operation of the URL table: one whose status and
 * code the operation's description (GET /openapi.json) does not list is noted in `unlisted`,
 * which fails the test file when it closes its server.
 */
function watchErrorCodes(app: FastifyInstance, unlisted: string[]): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== "string") return payload;
    const key = `${request.method} ${request.routeOptions.url}`;
    const listed = LISTED_ERRORS.get(key);
    if (!listed) return payload;
    let code: unknown;
    try {
      code = (JSON.parse(payload) as { code?: unknown }).code;
    } catch {
      return payload;
    }
    if (typeof code === "string" && !listsError(listed, reply.statusCode, code)) unlisted.push(`${key} answered ${reply.statusCode} ${code}: ${payload.slice(0, 200)}`);
    return payload;
  });
}

export async function chatTest(options: { config?: Partial<ChatConfig>; poolSize?: number } = {}): Promise<ChatTest> {
  const testDb = await freshDatabaseUrl();
  const database = openDatabase<ChatDatabase>(testDb.url, { poolSize: options.poolSize ?? 2 });
  await migrateChat(database.db, database.dialect);
  const clock = new FakeClock("2025-01-15T12:00:00Z");
  const config: ChatConfig = { ...loadChatConfig({}, {}), databaseUrl: testDb.url, rateLimit: 0, ...options.config };
  const deps: ChatDeps = withEvents({ db: database.db, dialect: database.dialect, sqlite: database.sqlite, log: createLogger("chat-test", "silent"), clock, config });
  const unlisted: string[] = [];
  const app = await buildChatApp(deps, { beforeReady: (app) => watchErrorCodes(app, unlisted) });
  const hosts = new Map<number, string>();

  const test: ChatTest = {
    app,
    deps,
    clock,
    async close() {
      await app.close();
      await database.close();
      await testDb.release();
      if (unlisted.length > 0) throw new Error(`error codes the API document does not list for their operation (http/openapi.ts operationErrors; declare them with raising()):\n${[...new Set(unlisted)].join("\n")}`);
    },
    async realm(opts = {}) {
      const subdomain = opts.subdomain ?? `r${++counter}`;
      const email = opts.ownerEmail ?? `owner@${subdomain}.example.com`;
      const created = await doCreateRealm(database.db, {
        name: opts.name ?? `Realm ${subdomain}`,
        subdomain,
        ownerEmail: email,
        ownerName: "Olivia Owner",
        ownerPassword: opts.password ?? "owner-password",
        now: clock.now().getTime(),
      });
      const host = subdomain ? `${subdomain}.${config.rootDomain}` : config.rootDomain;
      hosts.set(created.realmId, host);
      return { id: created.userId, email, apiKey: created.apiKey, realmId: created.realmId, host };
    },
    async user(peer, opts = {}) {
      const email = opts.email ?? `user${++counter}@example.com`;
      const created = await doCreateUser(database.db, {
        realmId: peer.realmId,
        email,
        fullName: opts.name ?? `User ${counter}`,
        role: opts.role ?? ROLE_MEMBER,
        password: opts.password ?? null,
        botType: opts.botType ?? null,
        botOwnerId: opts.botType ? peer.id : null,
        now: clock.now().getTime(),
      });
      return { id: created.userId, email, apiKey: created.apiKey, realmId: peer.realmId, host: peer.host };
    },
    call: (who, method, url, params = {}, opts = {}) => callApp(app, who, method, url, params, opts),
  };
  return test;
}

async function callApp(app: FastifyInstance, who: Account | null, method: string, url: string, params: Params = {}, opts: { host?: string; headers?: Record<string, string>; query?: Params } = {}): Promise<Response> {
  const headers: Record<string, string> = { host: opts.host ?? who?.host ?? "127.0.0.1", ...opts.headers };
  if (who && !("authorization" in headers)) headers.authorization = basic(who.email, who.apiKey);
  const path = url.startsWith("/api/") ? url : `/api/v1${url}`;
  const upper = method.toUpperCase();
  const inBody = upper !== "GET" && upper !== "HEAD";
  const query = inBody ? (opts.query ? encode(opts.query) : "") : encode({ ...params, ...opts.query });
  const response = await app.inject({
    method: upper as any,
    url: query ? `${path}?${query}` : path,
    headers: inBody ? { ...headers, "content-type": "application/x-www-form-urlencoded" } : headers,
    payload: inBody ? encode(params) : undefined,
  });
  let body: any;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/**
 * A second server on the test's database with a pool of its own, as another process would be
 * (PostgreSQL; on SQLite the test's own server is returned, SQLite serving one process).
 * Events stay in each server (no shared bus).
 */
export async function peerServer(t: ChatTest): Promise<Pick<ChatTest, "app" | "deps" | "call" | "close">> {
  if (t.deps.dialect !== "postgres") return { app: t.app, deps: t.deps, call: t.call, close: async () => {} };
  const database = openDatabase<ChatDatabase>(t.deps.config.databaseUrl, { poolSize: 4 });
  const deps: ChatDeps = withEvents({ db: database.db, dialect: database.dialect, log: createLogger("chat-test", "silent"), clock: t.clock, config: t.deps.config });
  const app = await buildChatApp(deps);
  return {
    app,
    deps,
    call: (who, method, url, params = {}, opts = {}) => callApp(app, who, method, url, params, opts),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The `{"result":"error",…}` body Zulip sends for a BAD_REQUEST with this message. */
/** Calls `url` as `who` and returns the answer's body; anything but a 200 fails the test, with the body. */
export async function callOk(t: Pick<ChatTest, "call">, who: Account, method: string, url: string, params: Params = {}): Promise<Response["body"]> {
  const res = await t.call(who, method, url, params);
  assert.equal(res.status, 200, `${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export function badRequest(msg: string, extra: Record<string, unknown> = {}) {
  return { result: "error", msg, code: "BAD_REQUEST", ...extra };
}
