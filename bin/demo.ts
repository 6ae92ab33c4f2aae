// `beacon serve`: both servers on SQLite under one directory, wired together (the demo
// project alerts into the demo organization's #alerts through a bot), and a banner with
// everything needed to try them. Keys are stored hashed by both servers, so what the first
// start handed out is kept in <data>/demo-credentials.json (readable by its owner only) and
// the same banner is printed on every start. The banner goes to standard output, the JSON
// log lines to standard error.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ChatDemo, SavedChatDemo } from "@beacon/chat/demo";
import type { MonitorDemo } from "@beacon/monitor/demo";
import * as chat from "@beacon/chat/demo";
import * as monitor from "@beacon/monitor/demo";

interface Saved {
  monitor?: MonitorDemo["project"];
  chat?: SavedChatDemo;
}

export const CREDENTIALS_FILE = "demo-credentials.json";

function load(path: string): Saved {
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Saved;
  } catch {
    return {};
  }
}

function save(path: string, saved: Saved): void {
  writeFileSync(path, JSON.stringify(saved, null, 2) + "\n", { mode: 0o600 });
  chmodSync(path, 0o600);
}

export function banner(m: MonitorDemo, c: ChatDemo, file: string): string {
  return [
    "",
    "Beacon is running. (JSON log lines go to standard error.)",
    "",
    "Monitor, Healthchecks-compatible:",
    `  dashboard        ${m.siteRoot}/  (sign in as ${m.account.email}, password "${m.account.password}")`,
    `  project          ${m.project.uuid}`,
    `  API key          ${m.project.api_key}`,
    `  read-only key    ${m.project.api_key_readonly}`,
    `  ping key         ${m.project.ping_key}`,
    `  API              ${m.siteRoot}/api/v3/checks/`,
    `  try an alert     curl -fsS ${m.pingUrl}/fail   (it reaches #alerts in the chat within a minute)`,
    `  Prometheus       ${m.siteRoot}/projects/${m.project.uuid}/metrics/${m.project.api_key_readonly}`,
    "",
    "Chat, Zulip-compatible:",
    `  web app          ${c.site}/  (sign in as ${c.owner.email}, password "${c.owner.password}")`,
    `  #alerts          the monitor's demo project posts here as ${c.bot.email}`,
    "  zuliprc of the owner (for python-zulip-api, the terminal client, …):",
    "",
    "[api]",
    `email=${c.owner.email}`,
    `key=${c.owner.api_key}`,
    `site=${c.site}`,
    "",
    `These credentials stay the same on every start; they are kept in ${file}.`,
    "",
  ].join("\n");
}

export async function serveDemo(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, CREDENTIALS_FILE);
  const saved = load(file);
  const chatDemo = await chat.serveChatDemo(dataDir, saved.chat ?? {});
  const zulip = { site: chatDemo.site, bot_email: chatDemo.bot.email, api_key: chatDemo.bot.api_key, stream: chat.ALERTS_CHANNEL };
  const monitorDemo = await monitor.serveMonitorDemo(dataDir, saved.monitor, zulip);
  save(file, { monitor: monitorDemo.project, chat: { owner: chatDemo.owner, bot: chatDemo.bot } });
  process.stdout.write(banner(monitorDemo, chatDemo, file));
}
