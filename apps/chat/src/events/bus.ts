// The bus between chat processes. Each process holds its own queues in memory (like Zulip's
// Tornado shards); every notice is published on the bus as it is emitted (after its commit,
// before the action answers), and every process passes what others publish through the same
// ordered pipeline as its own (events/system.ts) to the queues it holds.
//
// - local: one process, nothing to publish (the default on SQLite);
// - postgres: LISTEN/NOTIFY on the chat database (the default on PostgreSQL);
// - redis: PUBLISH/SUBSCRIBE (CHAT_EVENT_BUS=redis://host:port[/db][?channel=name]).
//
// Neither PostgreSQL nor Redis keeps what was published while a subscriber was disconnected: a
// process whose bus connection dropped may have missed events for the queues it holds. When it
// is back, the bus calls `gap`, and the process expires every queue it holds: their clients get
// BAD_EVENT_QUEUE_ID on the next poll and register again, from the database, instead of staying
// silently stale. What a process publishes while disconnected is kept (up to a limit) and sent
// once it is back; past that limit it sends a "gap" message and every process expires its queues.
import type { ChatDb } from "../store/schema.js";
import type { Notice, EventUser } from "./notice.js";

export type BusMessage =
  | { kind: "notice"; origin: string; notice: Notice }
  /** DELETE /events reached a process that does not hold the queue: its owner removes it. */
  | { kind: "cleanup"; origin: string; queueId: string; userId: number }
  /** The origin dropped notices it should have published: every process expires its queues. */
  | { kind: "gap"; origin: string };

export interface EventBus {
  readonly kind: "local" | "postgres" | "redis";
  /**
   * Starts receiving; `receive` gets every message published by other processes, in order.
   * `gap` is called when the connection is back after a loss: messages may have been missed.
   */
  start(receive: (message: BusMessage) => void, gap?: () => void): Promise<void>;
  publish(message: BusMessage): void;
  /**
   * Publishes as part of the write transaction `trx`, where the bus can: the message leaves at
   * the commit (never if it rolls back), in commit order with every other process's writes.
   * Only the PostgreSQL bus can; without it, events are published after the commit.
   */
  publishWithin?(trx: ChatDb, message: BusMessage): Promise<void>;
  close(): Promise<void>;
}

/** Publishes kept while disconnected, at most this many; beyond, a "gap" replaces them. */
export const MAX_UNSENT = 10_000;

/** What a bus publishes while its connection is down: sent in order once it is back. */
export class Unsent {
  private texts: string[] = [];
  private overflowed = false;

  add(text: string): void {
    if (this.overflowed) return;
    if (this.texts.length >= MAX_UNSENT) {
      this.texts = [];
      this.overflowed = true;
    } else this.texts.push(text);
  }

  /** Everything to send now, in order: the kept texts, or one gap message past the limit. */
  take(origin: string): string[] {
    const out = this.overflowed ? [encodeBusMessage({ kind: "gap", origin })] : this.texts;
    this.texts = [];
    this.overflowed = false;
    return out;
  }
}

export class LocalBus implements EventBus {
  readonly kind = "local" as const;
  async start(): Promise<void> {}
  publish(): void {}
  async close(): Promise<void> {}
}

// Recipients with flags (message events) are grouped by flag set: a channel message to 10,000
// subscribers is mostly one group with no flags, which keeps notices small on the wire.
type WireUsers = { ids: number[] } | { groups: [string[], number[]][] };

function packUsers(users: EventUser[]): WireUsers {
  if (users.every((u) => typeof u === "number")) return { ids: users as number[] };
  const groups = new Map<string, [string[], number[]]>();
  for (const user of users) {
    const flags = typeof user === "number" ? [] : user.flags;
    const key = flags.join(",");
    let group = groups.get(key);
    if (!group) groups.set(key, (group = [flags, []]));
    group[1].push(typeof user === "number" ? user : user.id);
  }
  return { groups: [...groups.values()] };
}

function unpackUsers(wire: WireUsers): EventUser[] {
  if ("ids" in wire) return wire.ids;
  return wire.groups.flatMap(([flags, ids]) => ids.map((id) => ({ id, flags })));
}

export function encodeBusMessage(message: BusMessage): string {
  if (message.kind !== "notice") return JSON.stringify(message);
  const { notice, ...rest } = message;
  return JSON.stringify({ ...rest, notice: { ...notice, users: packUsers(notice.users) } });
}

export function decodeBusMessage(text: string): BusMessage {
  const message = JSON.parse(text);
  if (message.kind === "notice") message.notice.users = unpackUsers(message.notice.users);
  return message as BusMessage;
}
