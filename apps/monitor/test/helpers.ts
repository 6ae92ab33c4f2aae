// Test fixtures: a monitor on a fresh database with a fake clock, driven over HTTP
// through Fastify's inject, plus a project to own things.
import { connect } from "node:net";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createLogger } from "@beacon/platform";
import { FakeClock, freshDatabaseUrl } from "@beacon/testing";
import { createProject, type NewProjectKeys } from "../src/actions/projects.js";
import { createIntegration } from "../src/actions/integrations.js";
import { loadMonitorConfig, type MonitorConfig } from "../src/config.js";
import type { MonitorDeps } from "../src/deps.js";
import { buildMonitorApp, openMonitor } from "../src/main.js";
import { findProjectByUuid } from "../src/store/projects.js";
import type { Check, Project } from "../src/store/schema.js";
import { recordPing, type PingInput } from "../src/actions/record-ping.js";

export interface Harness {
  app: FastifyInstance;
  deps: MonitorDeps;
  clock: FakeClock;
  keys: NewProjectKeys;
  project: Project;
  close(): Promise<void>;
}

/** `env` sets what is read from the environment only: the integration kinds' settings. */
export async function startHarness(overrides: Partial<Record<keyof MonitorConfig, string>> = {}, env: Record<string, string> = {}): Promise<Harness> {
  const database = await freshDatabaseUrl();
  const clock = new FakeClock("2020-01-01T00:00:00Z");
  const config = loadMonitorConfig({ databaseUrl: database.url, secretKey: "test-secret", ...overrides }, env);
  const monitor = await openMonitor(config, { clock, log: createLogger("test", "silent") });
  const app = buildMonitorApp(monitor.deps);
  const keys = await createProject(monitor.deps, { name: "Alices", ownerEmail: "alice@example.org" });
  const project = (await findProjectByUuid(monitor.deps.db, keys.uuid))!;
  return {
    app,
    deps: monitor.deps,
    clock,
    keys,
    project,
    async close() {
      await app.close();
      await monitor.close();
      await database.release();
    },
  };
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: LightMyRequestResponse["headers"];
  text: string;
  json: any;
}

export async function call(app: FastifyInstance, method: string, url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers["x-api-key"] = options.key;
  let payload: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) payload = JSON.stringify(options.body);
  const res = await app.inject({ method: method as any, url, headers, payload });
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text: res.body, json };
}

export async function createCheckVia(h: Harness, body: Record<string, unknown> = {}, version = 3): Promise<any> {
  const res = await call(h.app, "POST", `/api/v${version}/checks/`, { key: h.keys.api_key, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json;
}

export async function checkRow(h: Harness, uuid: string): Promise<Check> {
  return h.deps.db.selectFrom("checks").selectAll().where("uuid", "=", uuid).executeTakeFirstOrThrow();
}

export async function ping(h: Harness, uuid: string, input: Partial<PingInput> = {}): Promise<Check | undefined> {
  const check = await checkRow(h, uuid);
  return recordPing(h.deps.db, check.id, {
    action: "success",
    now: h.clock.now().getTime(),
    rid: null,
    exitstatus: null,
    scheme: "http",
    remoteAddr: "127.0.0.1",
    method: "GET",
    ua: "curl/8.0",
    body: null,
    ...input,
  });
}

export async function secondProject(h: Harness, email = "bob@example.org"): Promise<NewProjectKeys> {
  return createProject(h.deps, { name: "Bobs", ownerEmail: email });
}

export async function integration(h: Harness, name: string, kind = "email", project: Project = h.project) {
  return createIntegration(h.deps, project, { kind, name, value: "" });
}

/**
 * The raw answer to `GET path` on a new connection to a listening server (`Connection: close`),
 * without its Date line: for comparing two answers byte for byte.
 */
export function rawGet(port: number, path: string, headers: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => resolve(text.replace(/^date: .*\r\n/im, "")));
    socket.on("error", reject);
    socket.write([`GET ${path} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...headers, "", ""].join("\r\n"));
  });
}
