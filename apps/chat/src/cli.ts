// `beacon chat …` commands. The chat server's half of `beacon serve` is demo.ts.
import type { Command } from "commander";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase, backupFileName, fail, openDatabase, printJson, restoreDatabase, systemClock } from "@beacon/platform";
import { loadChatConfig, realmUrl, type ChatConfig } from "./config.js";
import { migrateChat } from "./migrations/index.js";
import { realmBySubdomain } from "./store/realms.js";
import type { ChatDatabase, ChatDb } from "./store/schema.js";

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
  // Loaded here, as the server is by `serve`: through tsx, the modules a command does not use
  // are most of its start (`migrate`, `backup` and `restore` use neither).
  const { doCreateRealm } = await import("./actions/realms.js");
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
      const { startChatServer } = await import("./main.js");
      const running = await startChatServer(config, { handleSignals: true });
      running.deps.log.info({ address: running.address }, "chat server listening");
    });

  chat
    .command("migrate")
    .description("bring the chat database schema up to date")
    .option("--database <url>", "database URL (CHAT_DATABASE_URL)")
    .action(async (opts) => {
      const config = configFrom(opts);
      const database = openDatabase<ChatDatabase>(config.databaseUrl, { statementTimeoutMs: 0, connectTimeoutMs: config.dbConnectTimeoutMs });
      try {
        printJson({ applied: await migrateChat(database.db, database.dialect) });
      } finally {
        await database.close();
      }
    });

  chat
    .command("backup")
    .description("copy the database (SQLite: online backup; PostgreSQL: pg_dump) and the uploaded files into a directory, while the server runs; see docs/backups.md")
    .requiredOption("--to <dir>", "directory to write the copy into")
    .option("--database <url>", "database URL (CHAT_DATABASE_URL)")
    .action(async (opts) => {
      const config = configFrom(opts);
      mkdirSync(opts.to, { recursive: true });
      const open = openDatabase<ChatDatabase>(config.databaseUrl, { statementTimeoutMs: 0, connectTimeoutMs: config.dbConnectTimeoutMs });
      let file: string;
      try {
        file = await backupDatabase(open, config.databaseUrl, join(opts.to, backupFileName("chat", config.databaseUrl)));
      } finally {
        await open.close();
      }
      // The files after the database: every file a copied row names was written before the row.
      const uploads = join(opts.to, "uploads");
      rmSync(uploads, { recursive: true, force: true });
      if (existsSync(config.uploadsDir)) cpSync(config.uploadsDir, uploads, { recursive: true });
      printJson({ database: file, uploads });
    });

  chat
    .command("restore")
    .description("put a copy made by `backup` (database and uploaded files) back in place; stop the servers first")
    .requiredOption("--from <dir>", "directory `backup --to` wrote")
    .option("--database <url>", "database URL (CHAT_DATABASE_URL)")
    .action(async (opts) => {
      const config = configFrom(opts);
      await restoreDatabase(config.databaseUrl, join(opts.from, backupFileName("chat", config.databaseUrl)));
      const uploads = join(opts.from, "uploads");
      if (existsSync(uploads)) {
        rmSync(config.uploadsDir, { recursive: true, force: true });
        cpSync(uploads, config.uploadsDir, { recursive: true });
      }
      printJson({ restored: config.databaseUrl, uploads: config.uploadsDir });
    });

  chat
    .command("create-realm")
    .description("create an organization and its owner; prints the owner's API key once")
    .requiredOption("--name <name>", "organization name")
    .requiredOption("--owner-email <email>", "owner's email")
    .requiredOption("--owner-name <name>", "owner's full name")
    .option("--owner-password <password>", "owner's password (for fetch_api_key)")
    .option("--subdomain <subdomain>", "subdomain under CHAT_ROOT_DOMAIN (default: the root domain)")
    .option("--port <port>", "the port the server listens on, for the printed site (CHAT_PORT; CHAT_EXTERNAL_HOST wins)")
    .option("--database <url>", "database URL (CHAT_DATABASE_URL)")
    .action(async (opts) => {
      const config = configFrom(opts);
      printJson(await withDatabase(config.databaseUrl, (db) => createRealm(db, config, opts)));
    });
}
