// Changing a user's message flags (read, starred, collapsed), one list of ids at a time.
import type { ChatDeps } from "../deps.js";
import { FLAG_BITS, type FlagName } from "../lib/message-flags.js";
import type { PendingEvent } from "../lib/events.js";
import { unreadMessageDetails } from "../events/message-events.js";
import { changeFlags, createHistoricalRows, markRead } from "../store/message-flags.js";
import { publish } from "./publish.js";

export interface FlagChange {
  userId: number;
  flag: FlagName;
  op: "add" | "remove";
  /** ids the user may access */
  ids: number[];
  /** of those, the ones without a user_messages row yet */
  historical: number[];
}

export async function doUpdateMessageFlags(deps: ChatDeps, change: FlagChange): Promise<{ changed: number[]; events: PendingEvent[] }> {
  const { value: changed, stamp } = await deps.events.transaction(async (trx) => {
    await createHistoricalRows(trx, change.userId, change.historical);
    return changeFlags(trx, change.userId, change.ids, FLAG_BITS[change.flag], change.op === "add");
  });
  // compat: Zulip sends the event even when nothing changed; "operation" is the old name of "op".
  const event: Record<string, unknown> = { type: "update_message_flags", op: change.op, operation: change.op, flag: change.flag, messages: changed, all: false };
  // Marking unread says where each message lives, so clients can rebuild their unread counts.
  if (change.flag === "read" && change.op === "remove") event.message_details = await unreadMessageDetails(deps.db, change.userId, changed);
  const events: PendingEvent[] = [{ event, users: [change.userId], stamp }];
  publish(deps, events);
  return { changed, events };
}

export async function doMarkRead(deps: ChatDeps, userId: number, scope: { streamId?: number; topicKey?: string }): Promise<{ changed: number[]; events: PendingEvent[] }> {
  const { value: changed, stamp } = await deps.events.transaction((trx) => markRead(trx, userId, scope));
  const all = scope.streamId === undefined && scope.topicKey === undefined;
  // compat: marking everything read reports `all` and no ids ("the client reloads anyway").
  const events: PendingEvent[] = all
    ? [{ event: { type: "update_message_flags", op: "add", operation: "add", flag: "read", messages: [], all: true }, users: [userId], stamp }]
    : changed.length
      ? [{ event: { type: "update_message_flags", op: "add", operation: "add", flag: "read", messages: changed, all: false }, users: [userId], stamp }]
      : [];
  publish(deps, events);
  return { changed, events };
}
