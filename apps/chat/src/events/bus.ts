// The bus between chat processes. Each process holds its own queues in memory (like Zulip's
// Tornado shards); every notice is delivered to the local queues directly and published on the
// bus, and every process delivers what others publish to the queues it holds.
//
// - local: one process, nothing to publish (the default on SQLite);
// - postgres: LISTEN/NOTIFY on the chat database (the default on PostgreSQL);
// - redis: PUBLISH/SUBSCRIBE (CHAT_EVENT_BUS=redis://host:port[/db][?channel=name]).
import type { Notice, EventUser } from "./notice.js";

export type BusMessage =
  | { kind: "notice"; origin: string; notice: Notice }
  /** DELETE /events reached a process that does not hold the queue: its owner removes it. */
  | { kind: "cleanup"; origin: string; queueId: string; userId: number };

export interface EventBus {
  readonly kind: "local" | "postgres" | "redis";
  /** Starts receiving; `receive` gets every message published by other processes, in order. */
  start(receive: (message: BusMessage) => void): Promise<void>;
  publish(message: BusMessage): void;
  close(): Promise<void>;
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
