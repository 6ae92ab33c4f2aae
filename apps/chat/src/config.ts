// Every setting of the chat server, its default and its environment variable.
import { ConfigError, loadConfig, parse, setting, type ConfigOf } from "@beacon/platform";

const scheme = (raw: string, env: string): "http" | "https" => {
  if (raw === "http" || raw === "https") return raw;
  throw new ConfigError(`${env} must be http or https, got "${raw}"`);
};

export const chatSettings = {
  databaseUrl: setting("CHAT_DATABASE_URL", "sqlite:./data/chat.db", parse.databaseUrl, "database URL: sqlite:PATH or postgres://…"),
  host: setting("CHAT_HOST", "127.0.0.1", parse.string, "address to listen on"),
  port: setting("CHAT_PORT", 9991, parse.integer(0, 65535), "port to listen on"),
  rootDomain: setting("CHAT_ROOT_DOMAIN", "localhost", (raw) => raw.trim().toLowerCase(), "realms live at <subdomain>.<root domain>"),
  externalHost: setting("CHAT_EXTERNAL_HOST", "", parse.string, "host[:port] clients use to reach the server (default: root domain and port)"),
  externalScheme: setting("CHAT_EXTERNAL_SCHEME", "http" as "http" | "https", scheme, "scheme of the site URL handed to clients"),
  rateLimit: setting("CHAT_RATE_LIMIT", 200, parse.integer(0, 1_000_000), "API requests per minute per user; 0 turns rate limiting off"),
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
