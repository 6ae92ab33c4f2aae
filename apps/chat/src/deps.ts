import type { Clock, Database, Dialect, Logger } from "@beacon/platform";
import type { ChatConfig } from "./config.js";
import type { ChatDatabase, ChatDb } from "./store/schema.js";
import type { MessageRenderer } from "./lib/rendering.js";
import type { EventSystem } from "./events/system.js";

/** Everything a route, action or store function may need, built once in main.ts. */
export interface ChatDeps {
  db: ChatDb;
  dialect: Dialect;
  /** the raw better-sqlite3 handle under db on SQLite: sends are group-committed through it */
  sqlite?: Database<ChatDatabase>["sqlite"];
  log: Logger;
  clock: Clock;
  config: ChatConfig;
  /** Zulip-flavoured Markdown for message content (set by main.ts; tests may inject one) */
  renderMessage?: MessageRenderer;
  /** the event queues this process holds; actions publish to them through actions/publish.ts */
  events: EventSystem;
}
