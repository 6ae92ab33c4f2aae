// Event queues across a restart (Zulip's Tornado dumps its queues on shutdown and loads them at
// start). A process stopping on SIGTERM saves every queue it holds, with the newest message id
// at that moment; its next start (same CHAT_EVENT_PROCESS) takes them back before it accepts
// requests, and replays the messages sent meanwhile by other processes (or by this one's
// workers after the save) from the database, so a client polling across the restart misses no
// message. Other events of the downtime (reactions, edits…) exist only on the bus and are lost.
// After kill -9 nothing is saved: clients get BAD_EVENT_QUEUE_ID and register again.
import type { Logger } from "@beacon/platform";
import type { ChatDb } from "../store/schema.js";
import { claimSavedQueues, insertSavedQueues, messageIdsAfter, newestMessageId, receiptsOf } from "../store/event-queues.js";
import { flagNames } from "../lib/message-flags.js";
import { ClientDescriptor, type SavedClient } from "./client.js";
import { loadMessageTemplate } from "./message-template.js";
import type { QueueRegistry } from "./registry.js";

/** More messages than this since the save: the queues are dropped and their clients re-register. */
const REPLAY_LIMIT = 2000;
const DAY_MS = 24 * 3600 * 1000;

export interface PersistContext {
  db: ChatDb;
  log: Logger;
  /** CHAT_EVENT_PROCESS ("" for an unnamed process) */
  process: string;
  now: number;
}

/** Saves every settled queue of `registry`; returns how many. */
export async function saveQueues(ctx: PersistContext, registry: QueueRegistry): Promise<number> {
  const lastMessageId = await newestMessageId(ctx.db);
  const rows = [];
  for (const client of registry.clients.values()) {
    const saved = client.save();
    if (!saved) continue;
    rows.push({ queue_id: client.id, process: ctx.process, user_id: client.userId, realm_id: client.realmId, state: JSON.stringify(saved), last_message_id: lastMessageId, saved_at: ctx.now });
  }
  await insertSavedQueues(ctx.db, rows);
  return rows.length;
}

/**
 * Restores the queues this process saved into `registry` and replays the messages sent since;
 * returns the ids of the replayed messages (their bus notices, if they also arrive, are
 * duplicates).
 */
export async function restoreQueues(ctx: PersistContext, registry: QueueRegistry): Promise<{ restored: number; replayed: Set<number> }> {
  const rows = await claimSavedQueues(ctx.db, ctx.process, ctx.now - DAY_MS);
  const replayed = new Set<number>();
  if (rows.length === 0) return { restored: 0, replayed };
  const clients: ClientDescriptor[] = [];
  for (const row of rows) {
    try {
      clients.push(ClientDescriptor.restore(row.queue_id, JSON.parse(row.state) as SavedClient, ctx.now));
    } catch (error) {
      ctx.log.warn({ err: error, queueId: row.queue_id }, "a saved event queue could not be read; its client will register again");
    }
  }
  const since = Math.min(...rows.map((row) => row.last_message_id));
  const realmIds = [...new Set(clients.map((c) => c.realmId))];
  const ids = await messageIdsAfter(ctx.db, since, realmIds, REPLAY_LIMIT + 1);
  if (ids.length > REPLAY_LIMIT) {
    ctx.log.warn({ queues: clients.length, messages: ids.length }, "too many messages since the event queues were saved: clients will register again");
    return { restored: 0, replayed };
  }
  for (const client of clients) registry.add(client);
  const userIds = [...new Set(clients.map((c) => c.userId))];
  const receipts = new Map<number, { id: number; flags: string[] }[]>();
  for (const r of await receiptsOf(ctx.db, ids, userIds)) {
    let list = receipts.get(r.message_id);
    if (!list) receipts.set(r.message_id, (list = []));
    list.push({ id: r.user_id, flags: flagNames(r.flags) });
  }
  // Called before the process accepts requests: the registry holds only the restored queues,
  // all saved at one moment (one last_message_id).
  for (const id of ids) {
    const loaded = await loadMessageTemplate(ctx.db, id);
    if (!loaded) continue;
    registry.deliver({ realmId: loaded.realmId, users: receipts.get(id) ?? [], event: loaded.template as unknown as Record<string, unknown> });
    replayed.add(id);
  }
  return { restored: clients.length, replayed };
}
