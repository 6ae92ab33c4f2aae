// `beacon chat …` commands and the chat half of `beacon serve`.
import type { Command } from "commander";
import { createLogger, fail, openDatabase, printJson, systemClock } from "@beacon/platform";
import { join } from "node:path";
import { loadChatConfig, realmUrl, type ChatConfig } from "./config.js";
import { doCreateRealm } from "./actions/realms.js";
import { doIssueApiKey } from "./actions/users.js";
import { startChatServer } from "./main.js";
import { migrateChat } from "./migrations/index.js";
import { defaultRealm, realmBySubdomain } from "./store/realms.js";
import type { ChatDatabase, ChatDb } from "./store/schema.js";
import { userByEmail } from "./store/users.js";

function configFrom(opts: { host?: string; port?: string; database?: string }): ChatConfig {
  try {
    return loadChatConfig({ host: opts.host, port: opts.port, databaseUrl: opts.database });
  } catch (error) {
    return fail((error as Error).message);
  }
}

async function withDatabase<T>(url: string, run: (db: ChatDb) => Promise<T>): Promise<T> {
  const database = openDatabase<ChatDatabase>(url);
  try {
    await migrateChat(database.db, database.dialect);
    return await run(database.db);
  } finally {
    await database.close();
  }
}

interface RealmOptions {
  name: string;
  ownerEmail: string;
  ownerName: string;
  ownerPassword?: string;
  subdomain?: string;
}

async function createRealm(db: ChatDb, config: ChatConfig, opts: RealmOptions) {
  const subdomain = (opts.subdomain ?? "").toLowerCase();
  if (subdomain && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(subdomain)) fail(`invalid subdomain "${subdomain}"`);
  if (await realmBySubdomain(db, subdomain)) fail(`a realm already uses the subdomain "${subdomain}"`);
  const created = await doCreateRealm(db, {
    name: opts.name,
    subdomain,
    ownerEmail: opts.ownerEmail,
    ownerName: opts.ownerName,
    ownerPassword: opts.ownerPassword ?? null,
    now: systemClock.now().getTime(),
  });
  return { realm_id: created.realmId, site: realmUrl(config, subdomain), user_id: created.userId, email: opts.ownerEmail, api_key: created.apiKey };
}

export function registerCommands(program: Command): void {
  const chat = program.command("chat").description("the Zulip-compatible chat server");

  chat
    .command("serve")
    .description("run the chat server")
    .option("--host <host>", "address to listen on (CHAT_HOST)")
    .option("--port <port>", "port to listen on (CHAT_PORT)")
    .option("--database <url>", "database URL (CHAT_DATABASE_URL)")
    .action(async (opts) => {
      const config = configFrom(opts);
      const running = await startChatServer(config, { handleSignals: true });
      running.deps.log.info({ address: running.address }, "chat server listening");
    });

  chat
    .command("migrate")
    .description("bring the chat database schema up to date")
    .option("--database <url>", "database URL (CHAT_DATABASE_URL)")
    .action(async (opts) => {
      const config = configFrom(opts);
      const database = openDatabase<ChatDatabase>(config.databaseUrl);
      const applied = await migrateChat(database.db, database.dialect);
      await database.close();
      printJson({ applied });
    });

  chat
    .command("create-realm")
    .description("create an organization and its owner; prints the owner's API key once")
    .requiredOption("--name <name>", "organization name")
    .requiredOption("--owner-email <email>", "owner's email")
    .requiredOption("--owner-name <name>", "owner's full name")
    .option("--owner-password <password>", "owner's password (for fetch_api_key)")
    .option("--subdomain <subdomain>", "subdomain under CHAT_ROOT_DOMAIN (default: the root domain)")
    .option("--database <url>", "database URL (CHAT_DATABASE_URL)")
    .action(async (opts) => {
      const config = configFrom(opts);
      printJson(await withDatabase(config.databaseUrl, (db) => createRealm(db, config, opts)));
    });
}

/** `beacon serve`: SQLite under dataDir, a demo realm on first start, a zuliprc for its owner. */
export async function serveDemo(dataDir: string): Promise<void> {
  const config = loadChatConfig({ databaseUrl: `sqlite:${join(dataDir, "chat.db")}` });
  const owner = await withDatabase(config.databaseUrl, async (db) => {
    const realm = await defaultRealm(db);
    if (!realm) return createRealm(db, config, { name: "Beacon demo", ownerEmail: DEMO_OWNER, ownerName: "Demo Owner", ownerPassword: DEMO_PASSWORD });
    // Keys are stored hashed, so a restart can only hand out a fresh (additional) key.
    const user = await userByEmail(db, realm.id, DEMO_OWNER);
    if (!user) return null;
    const apiKey = await doIssueApiKey(db, user.id, systemClock.now().getTime());
    return { site: realmUrl(config, realm.string_id), email: user.delivery_email, api_key: apiKey };
  });
  if (owner) {
    process.stdout.write(`Chat demo owner (password "${DEMO_PASSWORD}"), as a zuliprc:\n\n[api]\nemail=${owner.email}\nkey=${owner.api_key}\nsite=${owner.site}\n\n`);
    process.stdout.write(`Chat web app: http://${config.host}:${config.port}/ (sign in as ${owner.email}, password "${DEMO_PASSWORD}")\n\n`);
  }
  const running = await startChatServer(config, { log: createLogger("chat"), handleSignals: true });
  running.deps.log.info({ address: running.address }, "chat server listening");
}

const DEMO_OWNER = "owner@beacon.local";
const DEMO_PASSWORD = "beacon-demo";
