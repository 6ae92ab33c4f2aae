// Every monitor setting, its default and its environment variable. Command-line options
// of `beacon monitor …` override the environment. Each integration kind declares its own
// settings in its folder (integrations/<kind>/); they are loaded here with the rest.
import { ConfigError, connectionSettings, loadConfig, parse, setting, type ConfigOf } from "@beacon/platform";
import { loadIntegrationSettings } from "./integrations/all-settings.js";
import type { IntegrationSettings } from "./integrations/settings.js";

const hostPorts = (raw: string, env: string): string[] => {
  const list = raw.split(",").map((item) => item.trim().toLowerCase()).filter(Boolean);
  for (const item of list) if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(item)) throw new ConfigError(`${env} must be host:port pairs separated by commas, got "${raw}"`);
  return list;
};

export const monitorSettings = {
  host: setting("MONITOR_HOST", "127.0.0.1", parse.string, "address to listen on"),
  port: setting("MONITOR_PORT", 8000, parse.integer(0, 65535), "port to listen on"),
  databaseUrl: setting("MONITOR_DATABASE_URL", "sqlite:./data/monitor.db", parse.databaseUrl, "sqlite:PATH or postgres://…"),
  dbConnectTimeoutMs: setting("MONITOR_DB_CONNECT_TIMEOUT_MS", 5_000, parse.integer(0, 600_000), "PostgreSQL: longest wait to open a connection or get a free one from the pool before a request gets 503; 0 = no limit"),
  dbStatementTimeoutMs: setting("MONITOR_DB_STATEMENT_TIMEOUT_MS", 30_000, parse.integer(0, 3_600_000), "PostgreSQL: a statement running longer is cancelled (statement_timeout), one unanswered for a second more drops its connection; migrations have no limit; 0 = no limit"),
  dbStartWaitS: setting("MONITOR_DB_START_WAIT_S", 600, parse.integer(0, 86_400), "how long a starting process waits for its database, retrying with backoff (0.5 s doubling to 30 s) and logging each attempt; 0 = for ever"),
  siteRoot: setting("MONITOR_SITE_ROOT", "http://localhost:8000", parse.url, "public base URL, used in every URL the API returns"),
  pingEndpoint: setting("MONITOR_PING_ENDPOINT", "", parse.string, "base of ping URLs; default SITE_ROOT/ping/"),
  siteName: setting("MONITOR_SITE_NAME", "Mychecks", parse.string, "site name; also the label of the all-checks badge"),
  secretKey: setting("MONITOR_SECRET_KEY", "", parse.string, "signs badge URLs; generated and kept in the database when unset"),
  pingBodyLimit: setting("MONITOR_PING_BODY_LIMIT", 10000, parse.integer(0), "bytes of a ping body that are stored; 0 = unlimited"),
  projectLimit: setting("MONITOR_PROJECT_LIMIT", 100, parse.integer(1), "projects one account may create on the dashboard (the CLI's create-project is not limited)"),
  defaultCheckLimit: setting("MONITOR_CHECK_LIMIT", 10000, parse.integer(0), "check limit of a new account"),
  pingLogLimit: setting("MONITOR_PING_LOG_LIMIT", 100, parse.integer(1), "pings kept per check"),
  ...connectionSettings("MONITOR", { maxConnections: 10_000 }),
  trustProxy: setting("MONITOR_TRUST_PROXY", false, parse.boolean, "behind a reverse proxy: sign-in and sign-up throttles take the client address from the last X-Forwarded-For entry (the one the proxy added); pings record the first entry and X-Forwarded-Proto, as upstream"),
  metricsKey: setting("MONITOR_METRICS_KEY", "", parse.string, "X-Metrics-Key that unlocks /api/vN/metrics/"),
  alertWorker: setting("MONITOR_ALERT_WORKER", true, parse.boolean, "run the alert worker inside `serve` (see `beacon monitor sendalerts`)"),
  integrationsAllowPrivateIps: setting("MONITOR_INTEGRATIONS_ALLOW_PRIVATE_IPS", false, parse.boolean, "let webhooks and other HTTP integrations reach private addresses"),
  integrationsAllowedHosts: setting("MONITOR_INTEGRATIONS_ALLOWED_HOSTS", [] as string[], hostPorts, "host:port pairs, separated by commas, that integrations may reach although private (`beacon serve` lists its own chat server's)"),
  smtpHost: setting("MONITOR_SMTP_HOST", "", parse.string, "SMTP server for e-mail integrations; e-mail alerts are off when unset"),
  smtpPort: setting("MONITOR_SMTP_PORT", 587, parse.integer(1, 65535), "SMTP port"),
  smtpUser: setting("MONITOR_SMTP_USER", "", parse.string, "SMTP user name (no authentication when unset)"),
  smtpPassword: setting("MONITOR_SMTP_PASSWORD", "", parse.string, "SMTP password"),
  smtpFrom: setting("MONITOR_SMTP_FROM", "beacon@localhost", parse.string, "From address of alert e-mails"),
  smtpUseTls: setting("MONITOR_SMTP_USE_TLS", true, parse.boolean, "require STARTTLS on the SMTP connection"),
  smtpUseSsl: setting("MONITOR_SMTP_USE_SSL", false, parse.boolean, "connect to the SMTP server over TLS from the start (port 465)"),
  emailUseVerification: setting("MONITOR_EMAIL_USE_VERIFICATION", true, parse.boolean, "e-mail integrations to addresses other than the user's own wait until the address is verified by a link"),
  registrationOpen: setting("MONITOR_REGISTRATION_OPEN", true, parse.boolean, "dashboard sign-up of new e-mail addresses (existing password-less accounts can always claim theirs)"),
  smtpdHost: setting("MONITOR_SMTPD_HOST", "127.0.0.1", parse.string, "address the inbound e-mail (ping) listener binds to"),
  smtpdPort: setting("MONITOR_SMTPD_PORT", 0, parse.integer(0, 65535), "port of the inbound e-mail listener inside `monitor serve`; 0 = off"),
  pingEmailDomain: setting("MONITOR_PING_EMAIL_DOMAIN", "localhost", parse.string, "domain of ping addresses (<uuid>@domain, <ping_key>+<slug>@domain)"),
};

export type MonitorConfig = ConfigOf<typeof monitorSettings> & {
  /** Each kind reads its own with `<kind>Settings.of(config)`. */
  integrations: IntegrationSettings;
};

export function loadMonitorConfig(overrides: Partial<Record<keyof typeof monitorSettings, string | undefined>> = {}, env = process.env): MonitorConfig {
  return { ...loadConfig(monitorSettings, overrides, env), integrations: loadIntegrationSettings(env) };
}

export function pingEndpoint(config: MonitorConfig): string {
  return config.pingEndpoint || `${config.siteRoot}/ping/`;
}
