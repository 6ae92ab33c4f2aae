// The monitor half of `beacon serve`: a demo project with a check and, when the chat server's
// demo organization is given, a Zulip integration posting to its #alerts channel. Keys are
// stored hashed, so the caller keeps what the first start printed and hands it back.
import { join } from "node:path";
import { createCheck } from "./actions/checks.js";
import { provisionIntegration } from "./actions/integrations.js";
import { createProjectKey, revokeProjectKey } from "./actions/project-keys.js";
import { createProject, type NewProjectKeys } from "./actions/projects.js";
import { setPasswordByOperator } from "./actions/web-accounts.js";
import { loadMonitorConfig, pingEndpoint, type MonitorConfig } from "./config.js";
import type { MonitorDeps } from "./deps.js";
import { validateCheckSpec } from "./http/check-spec.js";
import { slugify } from "./lib/slugify.js";
import { startMonitor } from "./main.js";
import { setChannelChecks, updateChannelRow } from "./store/channel-assignments.js";
import { listChannels } from "./store/channels.js";
import { listChecks } from "./store/checks.js";
import { findProjectByUuid, firstProject } from "./store/projects.js";
import type { Project } from "./store/schema.js";
import { closeOnSignals } from "@beacon/platform";

export const DEMO_EMAIL = "demo@beacon.local";
export const DEMO_PASSWORD = "beacon-demo";

export interface MonitorDemo {
  siteRoot: string;
  /** The dashboard's sign-in. */
  account: { email: string; password: string };
  project: Pick<NewProjectKeys, "uuid" | "api_key" | "api_key_readonly" | "ping_key">;
  /** The demo check's ping URL. */
  pingUrl: string;
}

export interface DemoZulip {
  site: string;
  bot_email: string;
  api_key: string;
  stream: string;
}

/** The Zulip integration's target server as `host:port`, for MONITOR_INTEGRATIONS_ALLOWED_HOSTS. */
function allowedHostsWith(site: string | undefined): string | undefined {
  if (!site) return undefined;
  const url = new URL(site);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  // Beacon's own chat server, by the name in its site and by the loopback address it listens on.
  const own = [`${url.hostname}:${port}`, `127.0.0.1:${port}`];
  const configured = (process.env.MONITOR_INTEGRATIONS_ALLOWED_HOSTS ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  return [...new Set([...configured, ...own])].join(",");
}

async function demoProject(deps: MonitorDeps, saved: MonitorDemo["project"] | undefined): Promise<{ project: Project; keys: MonitorDemo["project"]; created: boolean }> {
  const existing = await firstProject(deps.db);
  if (!existing) {
    const keys = await createProject(deps, { name: "Demo", ownerEmail: DEMO_EMAIL });
    await setPasswordByOperator(deps, DEMO_EMAIL, DEMO_PASSWORD);
    return { project: (await findProjectByUuid(deps.db, keys.uuid))!, keys, created: true };
  }
  const project = existing;
  if (saved && saved.uuid === project.uuid) return { project, keys: saved, created: false };
  // Data from before the keys were kept: new API keys, once (they are kept from now on).
  const fresh: Record<"api_key" | "api_key_readonly", string> = { api_key: "", api_key_readonly: "" };
  for (const kind of ["api_key", "api_key_readonly"] as const) {
    await revokeProjectKey(deps, project, kind);
    const created = await createProjectKey(deps, project, kind);
    if (created.kind === "created") fresh[kind] = created.key;
  }
  return { project, keys: { uuid: project.uuid, ...fresh, ping_key: project.ping_key ?? "" }, created: false };
}

/** Starts the monitor on SQLite under dataDir with the demo project (and its Zulip integration). */
export async function serveMonitorDemo(dataDir: string, saved: MonitorDemo["project"] | undefined, zulip?: DemoZulip): Promise<MonitorDemo> {
  const config: MonitorConfig = loadMonitorConfig({
    databaseUrl: process.env.MONITOR_DATABASE_URL ?? `sqlite:${join(dataDir, "monitor.db")}`,
    integrationsAllowedHosts: allowedHostsWith(zulip?.site),
  });
  const { monitor, app, address } = await startMonitor(config);
  const { deps } = monitor;
  deps.log.info(`monitor listening on ${address}`);
  closeOnSignals(async () => {
    await app.close();
    await monitor.close();
  });
  const { project, keys, created } = await demoProject(deps, saved);
  const name = `#${zulip?.stream ?? ""} on Beacon chat`;
  const existing = (await listChannels(deps.db, project.id)).find((c) => c.kind === "zulip" && c.name === name);
  const value = zulip && JSON.stringify({ bot_email: zulip.bot_email, api_key: zulip.api_key, mtype: "stream", to: zulip.stream, site: zulip.site, topic: "" });
  // The chat's bot was made anew (a new chat database): point the integration at it.
  if (value && existing && existing.value !== value) await updateChannelRow(deps.db, existing.id, { value, disabled: 0, last_error: "" });
  if (zulip && value && !existing) {
    const channel = await provisionIntegration(deps, project, { kind: "zulip", name, value });
    // Checks of an older demo project alert through it too.
    await setChannelChecks(deps.db, channel.id, (await listChecks(deps.db, project.id)).map((c) => c.id));
  }
  if (created) {
    // As the dashboard's "Add check": a slug from the name and every integration assigned.
    const spec = validateCheckSpec({ name: "Demo backup", slug: slugify("Demo backup"), timeout: 86400, grace: 3600, channels: "*" });
    if ("ok" in spec) await createCheck(deps, project, spec.ok, 3);
  }
  const [check] = await listChecks(deps.db, project.id);
  const pingBase = pingEndpoint(config);
  return {
    siteRoot: config.siteRoot,
    account: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    project: keys,
    pingUrl: check ? `${pingBase}${check.uuid}` : `${pingBase}<check uuid>`,
  };
}
