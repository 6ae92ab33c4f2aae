// Deciding push notifications, off the send path: the worker reads messages past its cursor,
// and for each recipient who can be pushed to asks Zulip's question (lib/push-triggers.ts)
// against their settings, flags, subscription, topic visibility, muting and activity as they
// are now. Each notification becomes outbox rows (one per kind of registration, retried
// apart), and the message is remembered as notified so reading or deleting it later removes
// the notification from the phones (doScanRemovals).
import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import { withHeartbeat } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { GroupGraph } from "../lib/group-graph.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import { pushTrigger, TRIGGERS, type Trigger } from "../lib/push-triggers.js";
import { removableIds } from "../lib/push-payloads.js";
import { SERVER_LIMITS } from "../lib/server-limits.js";
import { groupSnapshot } from "../store/group-snapshot.js";
import { advanceCursor, claimCursor, renewCursor, forgetNotified, insertOutbox, messagesAfter, recordNotified, renderedContent, staleNotified, unreadForPushable, type ScannedMessage } from "../store/push-outbox.js";
import { mutedPairs, pushRecipients, subscriptionViews, topicVisibilities } from "../store/push-recipients.js";
import type { PushOutboxTable } from "../store/schema.js";

export interface ScanOptions {
  /** messages read per step */
  batch: number;
  /** messages younger than this are left for the next cycle (their transaction may not be alone) */
  settleMs: number;
  /** messages older than this are not news any more (after downtime, say) */
  maxAgeMs: number;
  /** the cursor's lease and its renewal while a scan runs */
  leaseMs: number;
  heartbeatMs: number;
}

/** Personal mentions that notify (silent ones do not), and the groups mentioned. */
function mentionsIn(html: string): { users: Set<number>; groups: number[] } {
  const users = new Set([...html.matchAll(/<span class="user-mention" data-user-id="(\d+)"/g)].map((m) => Number(m[1])));
  const groups = [...new Set([...html.matchAll(/<span class="user-group-mention" data-user-group-id="(\d+)"/g)].map((m) => Number(m[1])))];
  return { users, groups };
}

/** Zulip's get_user_group_mentions_data: of the mentioned groups holding the user, the smallest. */
function smallestGroupOf(graph: GroupGraph, groupIds: number[], userId: number): number | undefined {
  let best: { id: number; size: number } | undefined;
  for (const id of groupIds) {
    const members = graph.members(id);
    if (!members.includes(userId)) continue;
    if (!best || members.length < best.size) best = { id, size: members.length };
  }
  return best?.id;
}

type Decision = { userId: number; message: ScannedMessage; trigger: Trigger; mentionedGroupId?: number; e2ee: boolean; legacy: boolean };

async function decide(deps: ChatDeps, messages: ScannedMessage[], now: number): Promise<Decision[]> {
  const { db } = deps;
  const byId = new Map(messages.map((m) => [m.id, m]));
  const rows = (await unreadForPushable(db, [...byId.keys()])).filter((r) => r.user_id !== byId.get(r.message_id)!.sender_id);
  if (!rows.length) return [];
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const streamIds = [...new Set(messages.filter((m) => m.stream_id !== null).map((m) => m.stream_id!))];
  const [recipients, subs, visibility, muted] = await Promise.all([
    pushRecipients(db, userIds),
    subscriptionViews(db, userIds, streamIds),
    topicVisibilities(db, userIds, streamIds),
    mutedPairs(db, userIds, [...new Set(messages.map((m) => m.sender_id))]),
  ]);
  const idleBefore = now - SERVER_LIMITS.server_presence_offline_threshold_seconds * 1000;
  const graphs = new Map<number, GroupGraph>();
  const decisions: Decision[] = [];
  for (const row of rows) {
    const message = byId.get(row.message_id)!;
    const user = recipients.get(row.user_id);
    if (!user || !user.is_active || user.is_bot) continue;
    const sub = message.stream_id === null ? undefined : subs.get(`${user.id}:${message.stream_id}`);
    const trigger = pushTrigger(message.sender_id, {
      userId: user.id,
      flags: row.flags,
      settings: user.settings,
      direct: message.stream_id === null,
      channelMuted: Boolean(sub?.is_muted),
      channelPush: sub?.push_notifications === null || sub?.push_notifications === undefined ? null : Boolean(sub.push_notifications),
      channelWildcard: sub?.wildcard_mentions_notify === null || sub?.wildcard_mentions_notify === undefined ? null : Boolean(sub.wildcard_mentions_notify),
      topicVisibility: message.stream_id === null ? undefined : visibility.get(`${user.id}:${message.stream_id}:${message.topic_key}`),
      senderMuted: muted.has(`${user.id}:${message.sender_id}`),
      idle: user.lastActive === null || user.lastActive < idleBefore,
    });
    if (!trigger) continue;
    let mentionedGroupId: number | undefined;
    if (trigger === TRIGGERS.mention && row.flags & FLAG_BITS.mentioned) {
      const mentions = mentionsIn(await renderedContent(db, message.id));
      if (!mentions.users.has(user.id) && mentions.groups.length) {
        let graph = graphs.get(message.realm_id);
        if (!graph) graphs.set(message.realm_id, (graph = new GroupGraph(await groupSnapshot(db, message.realm_id))));
        mentionedGroupId = smallestGroupOf(graph, mentions.groups, user.id);
      }
    }
    decisions.push({ userId: user.id, message, trigger, mentionedGroupId, e2ee: user.e2ee, legacy: user.legacy });
  }
  return decisions;
}

function outboxRows(decisions: Decision[], now: number): Insertable<PushOutboxTable>[] {
  return decisions.flatMap((d) =>
    (["e2ee", "legacy"] as const)
      .filter((channel) => d[channel])
      .map((channel) => ({
        realm_id: d.message.realm_id,
        user_id: d.userId,
        kind: "message",
        channel,
        message_id: d.message.id,
        message_ids: null,
        trigger: d.trigger,
        mentioned_group_id: d.mentionedGroupId ?? null,
        next_attempt: now,
        claimed_until: null,
        last_error: null,
        date_created: now,
      })),
  );
}

/** Decides the notifications of messages sent since the last scan; returns how many were queued. */
export async function doScanNewMessages(deps: ChatDeps, options: ScanOptions): Promise<number> {
  const { db, clock } = deps;
  const now = clock.now().getTime();
  const token = randomUUID();
  const claimed = await claimCursor(db, now, now + options.leaseMs, token);
  if (claimed === undefined) return 0; // another worker is scanning
  let cursor = claimed;
  let queued = 0;
  const renew = () => renewCursor(db, token, clock.now().getTime() + options.leaseMs);
  const onError = (err: unknown) => deps.log.error({ err }, "could not renew the push cursor claim");
  try {
    await withHeartbeat(options.heartbeatMs, renew, async () => {
      for (let step = 0; step < 20; step++) {
        const batch = await messagesAfter(db, cursor, now - options.settleMs, options.batch);
        if (!batch.length) break;
        const decisions = await decide(
          deps,
          batch.filter((m) => m.date_sent >= now - options.maxAgeMs),
          now,
        );
        const last = batch[batch.length - 1]!.id;
        await db.transaction().execute(async (trx) => {
          await recordNotified(trx, decisions.map((d) => ({ user_id: d.userId, message_id: d.message.id, realm_id: d.message.realm_id, date_created: now })));
          await insertOutbox(trx, outboxRows(decisions, now));
          // Losing the lease means another worker took over: undo, it will decide these itself.
          if (!(await advanceCursor(trx, token, last, false))) throw new Error("push cursor lease lost");
        });
        cursor = last;
        queued += decisions.length;
        if (batch.length < options.batch) break;
      }
    }, onError);
  } finally {
    await advanceCursor(db, token, cursor, true);
  }
  return queued;
}

/**
 * Queues remove notifications for notified messages that were since read, here or anywhere,
 * or that are gone (deleted, or moved where the user cannot follow). Every way a message
 * gets read or removed ends up here, so no action has to remember to tell the phones.
 */
export async function doScanRemovals(deps: ChatDeps, limit: number): Promise<number> {
  const { db, clock } = deps;
  const stale = await staleNotified(db, limit);
  if (!stale.length) return 0;
  const now = clock.now().getTime();
  const byUser = new Map<number, { realmId: number; ids: number[] }>();
  for (const row of stale) {
    const entry = byUser.get(row.user_id) ?? { realmId: row.realm_id, ids: [] };
    entry.ids.push(row.message_id);
    byUser.set(row.user_id, entry);
  }
  const recipients = await pushRecipients(db, [...byUser.keys()]);
  let queued = 0;
  await db.transaction().execute(async (trx) => {
    for (const [userId, { realmId, ids }] of byUser) {
      // Another worker may have taken some already; only what this one removed is told.
      const forgotten = await forgetNotified(trx, userId, ids);
      const user = recipients.get(userId);
      if (!forgotten.length || !user) continue;
      const messageIds = JSON.stringify(removableIds(forgotten));
      const rows = (["e2ee", "legacy"] as const)
        .filter((channel) => user[channel])
        .map((channel) => ({ realm_id: realmId, user_id: userId, kind: "remove", channel, message_id: null, message_ids: messageIds, trigger: null, mentioned_group_id: null, next_attempt: now, claimed_until: null, last_error: null, date_created: now }));
      await insertOutbox(trx, rows);
      queued += rows.length;
    }
  });
  return queued;
}
