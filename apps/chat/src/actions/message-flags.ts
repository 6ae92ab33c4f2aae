// Changing a user's message flags (read, starred, collapsed), one list of ids at a time.
import type { ChatDeps } from "../deps.js";
import { FLAG_BITS, type FlagName } from "../lib/message-flags.js";
import type { PendingEvent } from "../lib/events.js";
import { changeFlags, createHistoricalRows, markRead } from "../store/message-flags.js";

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
  const changed = await deps.db.transaction().execute(async (trx) => {
    await createHistoricalRows(trx, change.userId, change.historical);
    return changeFlags(trx, change.userId, change.ids, FLAG_BITS[change.flag], change.op === "add");
  });
  const events: PendingEvent[] = [];
  if (changed.length) {
    // Issue 7 adds message_details for "remove read".
    events.push({ event: { type: "update_message_flags", op: change.op, operation: change.op, flag: change.flag, messages: changed, all: false }, users: [change.userId] });
  }
  deps.notify?.(events);
  return { changed, events };
}

export async function doMarkRead(deps: ChatDeps, userId: number, scope: { streamId?: number; topicKey?: string }): Promise<{ changed: number[]; events: PendingEvent[] }> {
  const changed = await deps.db.transaction().execute((trx) => markRead(trx, userId, scope));
  const events: PendingEvent[] = changed.length
    ? [{ event: { type: "update_message_flags", op: "add", operation: "add", flag: "read", messages: changed, all: false }, users: [userId] }]
    : [];
  deps.notify?.(events);
  return { changed, events };
}
