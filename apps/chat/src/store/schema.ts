// Table types for Kysely, one file per subject under schema/. Timestamps are epoch
// milliseconds; booleans are 0/1 integers (Flag) so every query runs unchanged on SQLite and
// PostgreSQL.
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";
import type { RealmsTables } from "./schema/realms.js";
import type { UsersTables } from "./schema/users.js";
import type { ChannelsTables } from "./schema/channels.js";
import type { GroupsTables } from "./schema/groups.js";
import type { MessagesTables } from "./schema/messages.js";
import type { EventsTables } from "./schema/events.js";
import type { PushTables } from "./schema/push.js";

export type { Flag } from "./schema/flag.js";
export * from "./schema/realms.js";
export * from "./schema/users.js";
export * from "./schema/channels.js";
export * from "./schema/groups.js";
export * from "./schema/messages.js";
export * from "./schema/events.js";
export * from "./schema/push.js";

export interface ChatDatabase extends RealmsTables, UsersTables, ChannelsTables, GroupsTables, MessagesTables, EventsTables, PushTables {}

export type ChatDb = Kysely<ChatDatabase>;
export type { Dialect };
