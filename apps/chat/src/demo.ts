// The chat half of `beacon serve`: a demo organization with an owner who can sign in to the
// web app, and a bot subscribed to #alerts that the monitor's demo project posts through.
// The credentials are handed back to the caller, which keeps them (keys are stored hashed
// here, so a restart could otherwise only hand out new ones).
import { join } from "node:path";
import { createLogger, systemClock } from "@beacon/platform";
import { loadChatConfig, realmUrl, type ChatConfig } from "./config.js";
import { doCreateRealm } from "./actions/realms.js";
import { doIssueApiKey } from "./actions/users.js";
import { startChatServer } from "./main.js";
import { defaultRealm } from "./store/realms.js";
import { userByEmail } from "./store/users.js";

export const DEMO_OWNER = "owner@beacon.local";
export const DEMO_PASSWORD = "beacon-demo";
export const ALERTS_CHANNEL = "alerts";

export interface ChatDemo {
  /** The organization's URL as clients must use it (the port really listened on). */
  site: string;
  owner: { email: string; password: string; api_key: string };
  bot: { email: string; api_key: string };
}

/** What an earlier start handed out, to be shown again instead of new keys. */
export type SavedChatDemo = Partial<Pick<ChatDemo, "owner" | "bot">>;

async function api(site: string, auth: { email: string; api_key: string }, method: string, path: string, form: Record<string, string>): Promise<any> {
  const res = await fetch(`${site}/api/v1${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${auth.email}:${auth.api_key}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  const doc = (await res.json()) as { result: string; msg: string };
  if (doc.result !== "success") throw new Error(`demo setup: ${method} ${path} failed: ${doc.msg}`);
  return doc;
}

/** The site clients use: CHAT_EXTERNAL_HOST when set, else the root domain and the port really bound. */
export function siteFor(config: ChatConfig, address: string, subdomain: string): string {
  if (config.externalHost) return realmUrl(config, subdomain);
  return realmUrl({ ...config, port: Number(new URL(address).port) }, subdomain);
}

/** Starts the chat server on SQLite under dataDir and makes sure the demo organization is wired. */
export async function serveChatDemo(dataDir: string, saved: SavedChatDemo): Promise<ChatDemo> {
  const config = loadChatConfig({ databaseUrl: process.env.CHAT_DATABASE_URL ?? `sqlite:${join(dataDir, "chat.db")}` });
  const running = await startChatServer(config, { log: createLogger("chat"), handleSignals: true });
  running.deps.log.info({ address: running.address }, "chat server listening");
  const { db } = running.deps;
  const now = () => systemClock.now().getTime();

  let realm = await defaultRealm(db);
  let ownerKey = saved.owner?.api_key;
  if (!realm) {
    const created = await doCreateRealm(db, { name: "Beacon demo", subdomain: "", ownerEmail: DEMO_OWNER, ownerName: "Demo Owner", ownerPassword: DEMO_PASSWORD, now: now() });
    ownerKey = created.apiKey;
    realm = (await defaultRealm(db))!;
  }
  const owner = await userByEmail(db, realm.id, DEMO_OWNER);
  if (!owner) throw new Error(`the demo organization has no ${DEMO_OWNER}: remove ${dataDir} to start afresh`);
  // Data from before keys were kept: issue one more key, once (it is kept from now on).
  ownerKey ??= await doIssueApiKey(db, owner.id, now());
  const site = siteFor(config, running.address, realm.string_id);
  // Set up through the chat's own API, as any Zulip client would, over the loopback address.
  const local = running.address;
  const ownerAuth = { email: owner.delivery_email, api_key: ownerKey };
  // A kept bot only counts while it exists (the chat database may have been replaced).
  let bot = saved.bot && (await userByEmail(db, realm.id, saved.bot.email)) ? saved.bot : undefined;
  if (!bot) {
    const created = await api(local, ownerAuth, "POST", "/bots", { full_name: "Beacon alerts", short_name: "beacon-alerts" });
    const row = await db.selectFrom("users").select("delivery_email").where("id", "=", created.user_id).executeTakeFirstOrThrow();
    bot = { email: row.delivery_email, api_key: created.api_key as string };
    const botRow = await userByEmail(db, realm.id, bot.email);
    await api(local, ownerAuth, "POST", "/users/me/subscriptions", {
      subscriptions: JSON.stringify([{ name: ALERTS_CHANNEL, description: "Alerts from the Beacon monitor's demo project" }]),
      principals: JSON.stringify([owner.id, botRow!.id]),
    });
  }
  return { site, owner: { email: owner.delivery_email, password: DEMO_PASSWORD, api_key: ownerKey }, bot };
}
