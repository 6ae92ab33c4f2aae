// Every setting of the chat server, its default and its environment variable.
import { ConfigError, connectionSettings, loadConfig, parse, setting, type ConfigOf } from "@beacon/platform";

const scheme = (raw: string, env: string): "http" | "https" => {
  if (raw === "http" || raw === "https") return raw;
  throw new ConfigError(`${env} must be http or https, got "${raw}"`);
};

const eventBus = (raw: string, env: string): string => {
  const value = raw.trim();
  if (value === "local" || value === "postgres" || /^rediss?:\/\//.test(value)) return value;
  throw new ConfigError(`${env} must be local, postgres or redis://…, got "${raw}"`);
};

const processName = (raw: string, env: string): string => {
  const value = raw.trim().toLowerCase();
  if (/^[a-z0-9][a-z0-9-]{0,31}$/.test(value)) return value;
  throw new ConfigError(`${env} must be 1 to 32 characters of a-z, 0-9 and -, got "${raw}"`);
};

const hostList = (raw: string, env: string): string[] => {
  const hosts = raw.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const host of hosts) if (!/^[a-z0-9.:-]+$/.test(host)) throw new ConfigError(`${env} must be host names or IP addresses separated by commas, got "${raw}"`);
  return hosts;
};

const bouncerUrl = (raw: string, env: string): string => {
  const value = raw.trim().replace(/\/+$/, "");
  if (value === "" || /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value)) return value;
  throw new ConfigError(`${env} must be an http(s) URL or empty, got "${raw}"`);
};

export const chatSettings = {
  databaseUrl: setting("CHAT_DATABASE_URL", "sqlite:./data/chat.db", parse.databaseUrl, "database URL: sqlite:PATH or postgres://…"),
  dbConnectTimeoutMs: setting("CHAT_DB_CONNECT_TIMEOUT_MS", 5_000, parse.integer(0, 600_000), "PostgreSQL: longest wait to open a connection or get a free one from the pool before a request gets 503; 0 = no limit"),
  dbStatementTimeoutMs: setting("CHAT_DB_STATEMENT_TIMEOUT_MS", 30_000, parse.integer(0, 3_600_000), "PostgreSQL: a statement running longer is cancelled (statement_timeout), one unanswered for a second more drops its connection; migrations have no limit; 0 = no limit"),
  dbStartWaitS: setting("CHAT_DB_START_WAIT_S", 600, parse.integer(0, 86_400), "how long a starting process waits for its database, retrying with backoff (0.5 s doubling to 30 s) and logging each attempt; 0 = for ever"),
  readOnly: setting("CHAT_READ_ONLY", false, parse.boolean, "serve a database that accepts no writes (a read-only file, a PostgreSQL standby): reads work, changes get 503; without it such a database is refused at start"),
  uploadsDir: setting("CHAT_UPLOADS_DIR", "./data/uploads", (raw) => raw.trim() || "./data/uploads", "directory for uploaded files (custom emoji, avatars and realm exports under avatars/), served at /user_avatars/"),
  maxEmojiFileSizeMib: setting("CHAT_MAX_EMOJI_FILE_SIZE_MIB", 5, parse.integer(0, 25), "largest custom emoji image accepted, in MiB (Zulip's MAX_EMOJI_FILE_SIZE_MIB)"),
  host: setting("CHAT_HOST", "127.0.0.1", parse.string, "address to listen on"),
  port: setting("CHAT_PORT", 9991, parse.integer(0, 65535), "port to listen on"),
  // Each open long poll holds a connection: the cap leaves room for 10,000 idle clients.
  ...connectionSettings("CHAT", { maxConnections: 20_000 }),
  rootDomain: setting("CHAT_ROOT_DOMAIN", "localhost", (raw) => raw.trim().toLowerCase(), "realms live at <subdomain>.<root domain>"),
  externalHost: setting("CHAT_EXTERNAL_HOST", "", parse.string, "host[:port] clients use to reach the server (default: root domain and port)"),
  externalScheme: setting("CHAT_EXTERNAL_SCHEME", "http" as "http" | "https", scheme, "scheme of the site URL handed to clients"),
  rateLimit: setting("CHAT_RATE_LIMIT", 200, parse.integer(0, 1_000_000), "API requests per minute per user; 0 turns rate limiting off"),
  loginRateLimit: setting("CHAT_LOGIN_RATE_LIMIT", 5, parse.integer(0, 1_000_000), "failed password sign-ins at one e-mail address heard at once; after them each further failure doubles the wait before the next attempt is heard (2 s, 4 s… up to 15 minutes), a success clearing the count; a browser the account signed in from before is counted apart; 0 turns it off"),
  loginRateLimitPerIp: setting("CHAT_LOGIN_RATE_LIMIT_PER_IP", 100, parse.integer(0, 1_000_000), "password sign-in attempts per client address per minute (Zulip's api_by_ip), counted for the whole site in the database; 0 turns it off"),
  signUpRateLimitPerIp: setting("CHAT_SIGNUP_RATE_LIMIT_PER_IP", 20, parse.integer(0, 1_000_000), "sign-ups (invitation links used) per client address per hour; 0 turns it off"),
  trustProxy: setting("CHAT_TRUST_PROXY", false, parse.boolean, "behind a reverse proxy: take the client address from the last X-Forwarded-For entry (the one the proxy added)"),
  webDir: setting("CHAT_WEB_DIR", "", parse.string, "the chat web app's build, served at / and /static/webapp/ (empty: apps/chat-web/dist of this repository, built by npm ci)"),
  sessionDays: setting("CHAT_SESSION_DAYS", 14, parse.integer(1, 3650), "a web app sign-in ends after this many days without use"),
  eventBus: setting("CHAT_EVENT_BUS", "", eventBus, "bus between chat processes: local, postgres or redis://host:port[/db][?channel=name]; default postgres on PostgreSQL, local otherwise"),
  eventProcess: setting("CHAT_EVENT_PROCESS", "", processName, "this process's name in queue ids, for proxies routing long polls ([a-z0-9-], default random)"),
  heartbeatMs: setting("CHAT_EVENT_HEARTBEAT_MS", 45_000, parse.integer(10, 3_600_000), "an idle long poll gets a heartbeat event after this many ms"),
  heartbeatJitterMs: setting("CHAT_EVENT_HEARTBEAT_JITTER_MS", 10_000, parse.integer(0, 3_600_000), "plus a random 0..N ms, so polls do not return in step"),
  eventQueueGcSeconds: setting("CHAT_EVENT_QUEUE_GC_SECONDS", 60, parse.integer(1, 86_400), "how often idle event queues are garbage-collected"),
  pushBouncerUrl: setting("CHAT_PUSH_BOUNCER_URL", "", bouncerUrl, "mobile push notification service (Zulip's bouncer protocol), e.g. https://push.zulipchat.com; empty: push notifications are not configured"),
  pushOrgId: setting("CHAT_PUSH_ORG_ID", "", parse.string, "this server's registration id (UUID) at the push bouncer, sent as the Basic auth user"),
  pushOrgKey: setting("CHAT_PUSH_ORG_KEY", "", parse.string, "this server's secret key at the push bouncer, sent as the Basic auth password"),
  passwordMinLength: setting("CHAT_PASSWORD_MIN_LENGTH", 6, parse.integer(0, 1000), "shortest password accepted (Zulip's PASSWORD_MIN_LENGTH)"),
  passwordMaxLength: setting("CHAT_PASSWORD_MAX_LENGTH", 100, parse.integer(1, 10_000), "longest password accepted (Zulip's PASSWORD_MAX_LENGTH)"),
  passwordMinGuesses: setting("CHAT_PASSWORD_MIN_GUESSES", 10_000, parse.integer(0, 1e15), "fewest guesses zxcvbn must estimate for a password (Zulip's PASSWORD_MIN_GUESSES); 0 turns the estimate off"),
  smtpHost: setting("CHAT_SMTP_HOST", "", parse.string, "SMTP server for the chat server's e-mail (address change confirmations, invitations); when unset, e-mail address changes are refused and invitations are recorded without mail"),
  smtpPort: setting("CHAT_SMTP_PORT", 587, parse.integer(1, 65535), "SMTP port"),
  smtpUser: setting("CHAT_SMTP_USER", "", parse.string, "SMTP user name (no authentication when unset)"),
  smtpPassword: setting("CHAT_SMTP_PASSWORD", "", parse.string, "SMTP password"),
  smtpFrom: setting("CHAT_SMTP_FROM", "noreply@localhost", parse.string, "From address of the chat server's e-mail"),
  smtpUseTls: setting("CHAT_SMTP_USE_TLS", true, parse.boolean, "require STARTTLS on the SMTP connection"),
  smtpUseSsl: setting("CHAT_SMTP_USE_SSL", false, parse.boolean, "connect to the SMTP server over TLS from the start (port 465)"),
  emailGatewayPattern: setting("CHAT_EMAIL_GATEWAY_PATTERN", "", parse.string, "incoming e-mail address pattern with %s for a channel's token part, e.g. %s@chat.example.com (Zulip's EMAIL_GATEWAY_PATTERN); empty: channels have no e-mail address"),
  supportEmail: setting("CHAT_SUPPORT_EMAIL", "zulip-admin@example.com", parse.string, "address users are told to contact when an export is too large for the API (Zulip's ZULIP_ADMINISTRATOR)"),
  camoKey: setting("CHAT_CAMO_KEY", "", parse.string, "secret that signs /external_content/ image proxy URLs (Zulip's CAMO_KEY); empty: derived from the server's own secret, made once and kept in the database, so every process serving the site signs alike"),
  externalContentAllowedHosts: setting("CHAT_EXTERNAL_CONTENT_ALLOWED_HOSTS", [] as string[], hostList, "host names or IP addresses the image proxy and outgoing webhook bots may reach although they are private (loopback, LAN), separated by commas; empty: public addresses only"),
  externalContentMaxMib: setting("CHAT_EXTERNAL_CONTENT_MAX_MIB", 10, parse.integer(1, 100), "largest external image the proxy passes on, in MiB"),
  externalContentTimeoutMs: setting("CHAT_EXTERNAL_CONTENT_TIMEOUT_MS", 10_000, parse.integer(100, 120_000), "give up on an external image after this many ms"),
  jitsiServerUrl: setting("CHAT_JITSI_SERVER_URL", "https://meet.jit.si", bouncerUrl, "Jitsi Meet server of video calls (Zulip's JITSI_SERVER_URL), sent to clients as server_jitsi_server_url"),
  bigBlueButtonUrl: setting("CHAT_BIG_BLUE_BUTTON_URL", "", bouncerUrl, "BigBlueButton server, e.g. https://bbb.example.com/bigbluebutton (Zulip's BIG_BLUE_BUTTON_URL); with the secret it makes BigBlueButton a video call provider"),
  bigBlueButtonSecret: setting("CHAT_BIG_BLUE_BUTTON_SECRET", "", parse.string, "BigBlueButton's shared secret (Zulip's BIG_BLUE_BUTTON_SECRET): signs the API calls and this server's join links"),
  pushBouncerTimeoutMs: setting("CHAT_PUSH_BOUNCER_TIMEOUT_MS", 10_000, parse.integer(100, 120_000), "give up on a push bouncer request after this many ms"),
};

export type ChatConfig = ConfigOf<typeof chatSettings>;

export function loadChatConfig(overrides: Partial<Record<keyof ChatConfig, string | undefined>> = {}, env: NodeJS.ProcessEnv = process.env): ChatConfig {
  return loadConfig(chatSettings, overrides, env);
}

/** host[:port] of the root domain as clients see it. */
export function externalHost(config: ChatConfig): string {
  return config.externalHost || `${config.rootDomain}:${config.port}`;
}

/** The site URL of a realm: `<scheme>://<subdomain>.<external host>`. */
export function realmUrl(config: ChatConfig, subdomain: string): string {
  const host = externalHost(config);
  return `${config.externalScheme}://${subdomain ? `${subdomain}.${host}` : host}`;
}

/**
 * The domain of the addresses the server makes up for a realm (bots' `<name>-bot@…`, the
 * stand-in `user<id>@…` of hidden addresses): the realm's host without its port, which an
 * address cannot carry.
 */
export function realmEmailDomain(config: ChatConfig, subdomain: string): string {
  return (subdomain ? `${subdomain}.` : "") + externalHost(config).replace(/:\d+$/, "");
}
