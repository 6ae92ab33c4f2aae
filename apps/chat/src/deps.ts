import type { Clock, Dialect, Logger } from "@beacon/platform";
import type { ChatConfig } from "./config.js";
import type { ChatDb } from "./store/schema.js";

/** Everything a route, action or store function may need, built once in main.ts. */
export interface ChatDeps {
  db: ChatDb;
  dialect: Dialect;
  log: Logger;
  clock: Clock;
  config: ChatConfig;
}
