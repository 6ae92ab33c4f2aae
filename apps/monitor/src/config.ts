// Every monitor setting, its default and its environment variable. Command-line options
// of `beacon monitor …` override the environment.
import { loadConfig, parse, setting, type ConfigOf } from "@beacon/platform";

export const monitorSettings = {
  host: setting("MONITOR_HOST", "127.0.0.1", parse.string, "address to listen on"),
  port: setting("MONITOR_PORT", 8000, parse.integer(0, 65535), "port to listen on"),
  databaseUrl: setting("MONITOR_DATABASE_URL", "sqlite:./data/monitor.db", parse.databaseUrl, "sqlite:PATH or postgres://…"),
  siteRoot: setting("MONITOR_SITE_ROOT", "http://localhost:8000", parse.url, "public base URL, used in every URL the API returns"),
  pingEndpoint: setting("MONITOR_PING_ENDPOINT", "", parse.string, "base of ping URLs; default SITE_ROOT/ping/"),
  siteName: setting("MONITOR_SITE_NAME", "Mychecks", parse.string, "site name; also the label of the all-checks badge"),
  secretKey: setting("MONITOR_SECRET_KEY", "", parse.string, "signs badge URLs; generated and kept in the database when unset"),
  pingBodyLimit: setting("MONITOR_PING_BODY_LIMIT", 10000, parse.integer(0), "bytes of a ping body that are stored; 0 = unlimited"),
  defaultCheckLimit: setting("MONITOR_CHECK_LIMIT", 10000, parse.integer(0), "check limit of a new account"),
  pingLogLimit: setting("MONITOR_PING_LOG_LIMIT", 100, parse.integer(1), "pings kept per check"),
  trustProxy: setting("MONITOR_TRUST_PROXY", false, parse.boolean, "honour X-Forwarded-For / X-Forwarded-Proto on pings"),
  metricsKey: setting("MONITOR_METRICS_KEY", "", parse.string, "X-Metrics-Key that unlocks /api/vN/metrics/"),
};

export type MonitorConfig = ConfigOf<typeof monitorSettings>;

export function loadMonitorConfig(overrides: Partial<Record<keyof typeof monitorSettings, string | undefined>> = {}, env = process.env): MonitorConfig {
  return loadConfig(monitorSettings, overrides, env);
}

export function pingEndpoint(config: MonitorConfig): string {
  return config.pingEndpoint || `${config.siteRoot}/ping/`;
}
