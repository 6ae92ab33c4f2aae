// `beacon monitor …` commands. The monitor's half of `beacon serve` is demo.ts.
import type { Command } from "commander";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase, backupFileName, closeOnSignals, fail, migrateToLatest, openDatabase, printJson, restoreDatabase } from "@beacon/platform";
import { integrationValue, kindOf, KINDS, unavailableReason } from "./integrations/registry.js";
import { MIN_PASSWORD_LENGTH } from "./lib/passwords.js";
import { loadMonitorConfig, type MonitorConfig } from "./config.js";
import { MIGRATION_TABLE, monitorMigrations } from "./migrations/index.js";
import type { Monitor } from "./open.js";

// What a command runs is imported in its action: the HTTP server (main.ts) by `serve`, the
// monitor's deps (open.ts) by the commands that write through them, and so on. Through tsx,
// loading modules is most of a command's start, and `migrate`, `backup` and `restore` need
// none of them.

interface CommonOptions {
  database?: string;
}

function configFrom(options: CommonOptions & { host?: string; port?: string; siteRoot?: string; smtpPort?: string }): MonitorConfig {
  try {
    return loadMonitorConfig({ databaseUrl: options.database, host: options.host, port: options.port, siteRoot: options.siteRoot, smtpdPort: options.smtpPort });
  } catch (error) {
    return fail((error as Error).message);
  }
}

async function withMonitor<T>(options: CommonOptions, work: (monitor: Monitor) => Promise<T>): Promise<T> {
  const { openMonitor } = await import("./open.js");
  const monitor = await openMonitor(configFrom(options));
  try {
    return await work(monitor);
  } finally {
    await monitor.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function registerCommands(program: Command): void {
  const monitor = program.command("monitor").description("cron and heartbeat monitoring (Healthchecks-compatible)");
  const database = ["--database <url>", "sqlite:PATH or postgres://… (MONITOR_DATABASE_URL)"] as const;

  monitor
    .command("serve")
    .description("run the monitor's HTTP server")
    .option("--host <host>", "address to listen on (MONITOR_HOST)")
    .option("--port <port>", "port to listen on (MONITOR_PORT)")
    .option(...database)
    .option("--site-root <url>", "public base URL (MONITOR_SITE_ROOT)")
    .option("--smtp-port <port>", "also accept e-mail pings over SMTP on this port (MONITOR_SMTPD_PORT)")
    .action(async (options) => {
      const { startMonitor } = await import("./main.js");
      const { monitor: running, app, address } = await startMonitor(configFrom(options));
      running.deps.log.info(`monitor listening on ${address}`);
      closeOnSignals(async () => {
        await app.close();
        await running.close();
      });
    });

  monitor
    .command("smtpd")
    .description("run the inbound e-mail listener alone: mail to <uuid>@domain or <ping_key>+<slug>@domain is a ping")
    .option("--host <host>", "address to listen on (MONITOR_SMTPD_HOST)")
    .option("--port <port>", "port to listen on", "25")
    .option(...database)
    .action(async (options) => {
      const config = configFrom(options);
      const { openMonitor } = await import("./open.js");
      const { closeSmtp, createSmtpListener, listenSmtp } = await import("./smtpd/listener.js");
      const running = await openMonitor(config);
      const smtp = createSmtpListener(running.deps);
      const port = await listenSmtp(smtp, options.host ?? config.smtpdHost, Number(options.port));
      running.deps.log.info(`inbound e-mail listener on ${options.host ?? config.smtpdHost}:${port}`);
      closeOnSignals(async () => {
        await closeSmtp(smtp);
        await running.close();
      });
    });

  monitor
    .command("sendalerts")
    .description("run the alert worker alone: flip overdue checks, deliver alerts (safe to run several on PostgreSQL)")
    .option(...database)
    .action(async (options) => {
      const { openMonitor } = await import("./open.js");
      const { startAlertWorker } = await import("./actions/alert-worker.js");
      const running = await openMonitor(configFrom(options));
      const worker = startAlertWorker(running.deps);
      running.deps.log.info("sendalerts is now running");
      closeOnSignals(async () => {
        await worker.stop();
        await running.close();
      });
    });

  monitor
    .command("migrate")
    .description("create or upgrade the monitor's tables")
    .option(...database)
    .action(async (options) => {
      const config = configFrom(options);
      const database = openDatabase(config.databaseUrl, { statementTimeoutMs: 0, connectTimeoutMs: config.dbConnectTimeoutMs });
      try {
        printJson({ applied: await migrateToLatest(database.db, monitorMigrations(database.dialect), MIGRATION_TABLE, database.dialect) });
      } finally {
        await database.close();
      }
    });

  monitor
    .command("backup")
    .description("copy the database, consistently while the server runs, into a directory (SQLite: online backup; PostgreSQL: pg_dump); see docs/backups.md")
    .requiredOption("--to <dir>", "directory to write the copy into")
    .option(...database)
    .action(async (options) => {
      const config = configFrom(options);
      mkdirSync(options.to, { recursive: true });
      const open = openDatabase(config.databaseUrl, { statementTimeoutMs: 0, connectTimeoutMs: config.dbConnectTimeoutMs });
      try {
        printJson({ database: await backupDatabase(open, config.databaseUrl, join(options.to, backupFileName("monitor", config.databaseUrl))) });
      } finally {
        await open.close();
      }
    });

  monitor
    .command("restore")
    .description("put a copy made by `backup` back in place of the database; stop the servers first")
    .requiredOption("--from <dir>", "directory `backup --to` wrote")
    .option(...database)
    .action(async (options) => {
      const config = configFrom(options);
      await restoreDatabase(config.databaseUrl, join(options.from, backupFileName("monitor", config.databaseUrl)));
      printJson({ restored: config.databaseUrl });
    });

  monitor
    .command("create-project")
    .description("create a project and print its keys as JSON")
    .requiredOption("--name <name>", "project name")
    .option("--owner <email>", "owner account (created if new)", "owner@beacon.local")
    .option("--check-limit <n>", "the owner's check limit")
    .option(...database)
    .action(async (options) => {
      let checkLimit: number | undefined;
      if (options.checkLimit !== undefined) {
        checkLimit = Number(options.checkLimit);
        if (!Number.isInteger(checkLimit) || checkLimit < 0) fail("--check-limit must be a whole number");
      }
      const { createProject } = await import("./actions/projects.js");
      const keys = await withMonitor(options, (m) => createProject(m.deps, { name: options.name, ownerEmail: options.owner, checkLimit }));
      printJson(keys);
    });

  monitor
    .command("set-password")
    .description("set (or replace) the dashboard password of an account, read from standard input; signs out its sessions")
    .requiredOption("--email <email>", "the account's e-mail address")
    .option(...database)
    .action(async (options) => {
      // From standard input, not an option: a password on the command line ends up in shell history and `ps`.
      const password = (await readStdin()).replace(/\r?\n$/, "");
      const { setPasswordByOperator } = await import("./actions/web-accounts.js");
      const outcome = await withMonitor(options, (m) => setPasswordByOperator(m.deps, options.email, password));
      if (outcome === "unknown") fail(`no account with the address ${options.email}`);
      if (outcome === "short") fail(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
      printJson({ email: options.email, password_set: true });
    });

  monitor
    .command("create-integration")
    .description("add an integration to a project and print it as JSON")
    .requiredOption("--project <uuid>", "project UUID")
    .requiredOption("--kind <kind>", `one of: ${KINDS.map((k) => k.kind).join(", ")}`)
    .requiredOption("--name <name>", "integration name")
    .option("--value <text>", "the kind's configuration (JSON for webhook, zulip, …)", "")
    .option(...database)
    .action(async (options) => {
      const kind = kindOf(options.kind);
      if (!kind) fail(`unknown integration kind "${options.kind}"`);
      const unavailable = unavailableReason(kind, configFrom(options));
      if (unavailable) fail(unavailable);
      const checked = integrationValue(options.kind, options.value);
      if ("error" in checked) fail(`--value: ${checked.error} (see docs/monitor-integrations.md)`);
      const { provisionIntegration } = await import("./actions/integrations.js");
      const { findProjectByUuid } = await import("./store/projects.js");
      const channel = await withMonitor(options, async (m) => {
        const project = await findProjectByUuid(m.deps.db, options.project);
        if (!project) fail(`no project with UUID ${options.project}`);
        return provisionIntegration(m.deps, project, { kind: options.kind, name: options.name, value: checked.value });
      });
      printJson({ id: channel.uuid, name: channel.name, kind: channel.kind });
    });

  for (const kind of KINDS) kind.commands?.(monitor, () => configFrom({}));
}
