// Builds the chat server from plain deps (tests inject a FakeClock and a fresh database) and
// runs it: open the database, migrate, check the settings other processes share, listen.
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { closeOnSignals, createHttpServer, createLogger, databaseDialect, listen, openServingDatabase, registerServingProcess, startWalCheckpoints, systemClock, type AgreedSettings, type Clock, type Logger } from "@beacon/platform";
import { externalHost, type ChatConfig } from "./config.js";
import { derivedKey } from "./store/server-secret.js";
import type { ChatDeps } from "./deps.js";
import { installBodyParsers } from "./http/body.js";
import { compressResponses } from "./http/compress.js";
import { createApi, JSON_PREFIX } from "./http/endpoint.js";
import { installErrorHandling } from "./http/envelope.js";
import { noStoreAnswers } from "./http/session.js";
import { chatMigrations } from "./migrations/index.js";
import { registerOpenApiRoute } from "./http/openapi.js";
import { registerRoutes, ROUTES } from "./routes/index.js";
import { registerBigBlueButtonJoin } from "./routes/video-calls.js";
import { registerEmailChangePages } from "./routes/settings.js";
import { registerWebApp } from "./routes/web-app.js";
import { registerWebAuth } from "./routes/web-auth.js";
import { decoyPasswordHash } from "./actions/login.js";
import { doGiveStandInEmails } from "./actions/users.js";
import { registerUploadFiles } from "./routes/uploads.js";
import { registerAvatarFiles } from "./routes/realm-emoji.js";
import { registerAvatarImages } from "./routes/avatars.js";
import { registerExportFiles } from "./routes/exports.js";
import { registerEmojiData } from "./routes/emoji-data.js";
import { registerEmojiImages } from "./routes/emoji-images.js";
import { registerDefaultRealmIcon } from "./routes/realm-images.js";
import { registerThumbnails } from "./routes/thumbnails.js";
import { registerHealth } from "./routes/health.js";
import type { ChatDatabase } from "./store/schema.js";
import { attachSqliteHandle } from "./store/sqlite-reads.js";
import { ScheduledMessageWorker } from "./workers/scheduled-messages.js";
import { PushNotificationWorker } from "./workers/push-notifications.js";
import { OutgoingWebhookWorker } from "./workers/outgoing-webhooks.js";
import { RetentionWorker } from "./workers/retention.js";
import { createEventBus, EventSystem } from "./events/index.js";

export type { ChatDeps } from "./deps.js";

/** Completes plain deps with this process's event system (bus per CHAT_EVENT_BUS). */
export function withEvents(base: Omit<ChatDeps, "events">): ChatDeps {
  // Hot reads on SQLite use cached statements of the raw handle (store/sqlite-reads.ts).
  attachSqliteHandle(base.db, base.sqlite);
  const events = new EventSystem({ ...base, bus: createEventBus(base.config, base.dialect, base.log) });
  return { ...base, events };
}

/**
 * The HTTP app; starts deps.events, which closes with the app. `beforeReady` adds what a
 * caller wants on top before the app starts (the tests' check of every error code answered).
 */
export async function buildChatApp(deps: ChatDeps, options: { beforeReady?: (app: FastifyInstance) => void } = {}): Promise<FastifyInstance> {
  await deps.events.start();
  const app = createHttpServer({ log: deps.log, bodyLimit: 25 * 1024 * 1024, limits: deps.config });
  // Polls end before the server waits for its connections to close; queues close after.
  app.addHook("preClose", async () => deps.events.endPolls());
  app.addHook("onClose", async () => deps.events.close());
  installErrorHandling(app, deps.log);
  await installBodyParsers(app, { tmpDir: join(deps.config.uploadsDir, "tmp") });
  compressResponses(app, `${JSON_PREFIX}/`);
  noStoreAnswers(app, JSON_PREFIX);
  registerRoutes(createApi(app, deps));
  registerOpenApiRoute(app, deps.config, ROUTES);
  registerEmailChangePages(app, deps);
  registerWebAuth(app, deps);
  registerWebApp(app, deps);
  registerUploadFiles(app, deps);
  registerBigBlueButtonJoin(app, deps);
  registerAvatarFiles(app, deps);
  registerAvatarImages(app, deps);
  registerExportFiles(app, deps);
  registerEmojiData(app);
  registerEmojiImages(app);
  registerDefaultRealmIcon(app);
  registerThumbnails(app, deps);
  registerHealth(app, deps);
  options.beforeReady?.(app);
  await app.ready();
  return app;
}

export interface RunningChat {
  app: FastifyInstance;
  deps: ChatDeps;
  address: string;
  close(): Promise<void>;
}

/**
 * Waits for the database, checks its schema and migrates it; refuses one that accepts no
 * writes unless CHAT_READ_ONLY is set (a StartupError says why).
 */
export function openChatDatabase(config: ChatConfig, log: Logger) {
  return openServingDatabase<ChatDatabase>(config.databaseUrl, {
    log,
    table: "chat",
    migrations: chatMigrations(databaseDialect(config.databaseUrl)),
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    waitMs: config.dbStartWaitS * 1000,
    readOnly: { allowed: config.readOnly, setting: "CHAT_READ_ONLY" },
  });
}

/**
 * The effective values of the settings every process serving one database must share
 * (docs/scaling-chat.md). A read-only database cannot make the server's secret, so there an
 * unset CHAT_CAMO_KEY is left out of the comparison.
 */
async function agreedSettings(config: ChatConfig, database: { db: ChatDeps["db"]; dialect: ChatDeps["dialect"]; readOnly: boolean }): Promise<AgreedSettings> {
  const settings: AgreedSettings = {
    CHAT_EVENT_BUS: config.eventBus || (database.dialect === "postgres" ? "postgres" : "local"),
    CHAT_ROOT_DOMAIN: config.rootDomain,
    CHAT_EXTERNAL_HOST: externalHost(config),
    CHAT_UPLOADS_DIR: resolve(config.uploadsDir),
  };
  if (config.camoKey || !database.readOnly) settings.CHAT_CAMO_KEY = config.camoKey || (await derivedKey(database.db, "camo"));
  return settings;
}

/**
 * Opens and migrates the database named in config, checks that the other processes serving it
 * share the settings that must agree, then listens on config.host:config.port.
 */
export async function startChatServer(config: ChatConfig, options: { log?: Logger; clock?: Clock; handleSignals?: boolean } = {}): Promise<RunningChat> {
  const log = options.log ?? createLogger("chat");
  const clock = options.clock ?? systemClock;
  const database = await openChatDatabase(config, log);
  let serving;
  try {
    serving = await registerServingProcess(database.db, { settings: await agreedSettings(config, database), clock, log, readOnly: database.readOnly });
  } catch (error) {
    await database.close();
    throw error;
  }
  const checkpoints = database.sqlite ? startWalCheckpoints(database.sqlite, log) : undefined;
  const deps = withEvents({ db: database.db, dialect: database.dialect, sqlite: database.sqlite, log, clock, config });
  if (!database.readOnly) await doGiveStandInEmails(deps);
  // Queues survive a stop and start of this process (events/persist.ts).
  deps.events.persistQueues = true;
  const app = await buildChatApp(deps);
  // Made before the first sign-in, so the first unknown address costs what later ones do.
  await decoyPasswordHash();
  const address = await listen(app, config.host, config.port);
  const scheduled = new ScheduledMessageWorker(deps);
  scheduled.start();
  const webhooks = new OutgoingWebhookWorker(deps);
  webhooks.start();
  const retention = new RetentionWorker(deps);
  retention.start();
  const push = config.pushBouncerUrl ? new PushNotificationWorker(deps) : undefined;
  // compat: said once at start, as Zulip's push worker does; server_settings says it too.
  if (push) push.start();
  else log.warn("Mobile push notifications are not configured (CHAT_PUSH_BOUNCER_URL is empty); see docs/chat.md");
  const close = async () => {
    // First, so waiting polls return at once rather than after the workers have stopped.
    deps.events.endPolls();
    await push?.stop();
    await scheduled.stop();
    await webhooks.stop();
    await retention.stop();
    await app.close();
    await serving.stop();
    await checkpoints?.stop();
    await database.close();
  };
  if (options.handleSignals) closeOnSignals(close);
  return { app, deps, address, close };
}
