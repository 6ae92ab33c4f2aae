// Real-time events (Zulip's event queues): see system.ts for how actions emit, registry.ts for
// how each event type reaches each client, bus.ts for several processes.
import type { Logger } from "@beacon/platform";
import { ConfigError } from "@beacon/platform";
import type { ChatConfig } from "../config.js";
import type { Dialect } from "../store/schema.js";
import { LocalBus, type EventBus } from "./bus.js";
import { PostgresBus } from "./bus-postgres.js";
import { RedisBus } from "./bus-redis.js";

export { EventSystem } from "./system.js";
export type { CommitStamp } from "./stamp.js";
export type { EventUser, Notice } from "./notice.js";

/** The bus CHAT_EVENT_BUS names; by default PostgreSQL's LISTEN/NOTIFY when the database is. */
export function createEventBus(config: ChatConfig, dialect: Dialect, log: Logger): EventBus {
  const setting = config.eventBus;
  if (setting.startsWith("redis")) return new RedisBus(setting, log);
  if (setting === "postgres" || (setting === "" && dialect === "postgres")) {
    if (dialect !== "postgres") throw new ConfigError("CHAT_EVENT_BUS=postgres needs a PostgreSQL CHAT_DATABASE_URL");
    return new PostgresBus(config.databaseUrl, log);
  }
  return new LocalBus();
}
