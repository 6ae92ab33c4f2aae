// What deciding a push notification needs about its candidate recipients, in one query per
// kind for a whole batch of messages: accounts, push settings, where they can be pushed to,
// channel subscriptions, topic visibility, muted senders and recent activity.
import type { ChatDb } from "./schema.js";
import { PUSH_SETTING_DEFAULTS, type PushSettings } from "../lib/push-triggers.js";

export interface PushRecipient {
  id: number;
  is_active: number;
  is_bot: number;
  settings: PushSettings;
  e2ee: boolean;
  legacy: boolean;
  /** epoch ms of the last activity Zulip counts as present, if any */
  lastActive: number | null;
}

export async function pushRecipients(db: ChatDb, userIds: number[]): Promise<Map<number, PushRecipient>> {
  const out = new Map<number, PushRecipient>();
  if (!userIds.length) return out;
  const names = Object.keys(PUSH_SETTING_DEFAULTS);
  const [users, settings, devices, tokens, presence] = await Promise.all([
    db.selectFrom("users").select(["id", "is_active", "is_bot"]).where("id", "in", userIds).execute(),
    db.selectFrom("user_settings").select(["user_id", "name", "value"]).where("user_id", "in", userIds).where("name", "in", names).execute(),
    db.selectFrom("push_devices").select("user_id").distinct().where("user_id", "in", userIds).where("push_token_id", "is not", null).execute(),
    db.selectFrom("push_device_tokens").select("user_id").distinct().where("user_id", "in", userIds).execute(),
    db.selectFrom("user_presence").select(["user_id", "last_active_time"]).where("user_id", "in", userIds).execute(),
  ]);
  const e2ee = new Set(devices.map((d) => d.user_id));
  const legacy = new Set(tokens.map((t) => t.user_id));
  const active = new Map(presence.map((p) => [p.user_id, p.last_active_time === null ? null : Number(p.last_active_time)]));
  for (const u of users) out.set(u.id, { ...u, settings: { ...PUSH_SETTING_DEFAULTS }, e2ee: e2ee.has(u.id), legacy: legacy.has(u.id), lastActive: active.get(u.id) ?? null });
  for (const s of settings) {
    const recipient = out.get(s.user_id);
    if (recipient) (recipient.settings as Record<string, unknown>)[s.name] = JSON.parse(s.value) === true;
  }
  return out;
}

export interface SubscriptionView {
  is_muted: number;
  push_notifications: number | null;
  wildcard_mentions_notify: number | null;
}

/** Active subscriptions of these users to these channels, keyed "user:channel". */
export async function subscriptionViews(db: ChatDb, userIds: number[], streamIds: number[]): Promise<Map<string, SubscriptionView>> {
  if (!userIds.length || !streamIds.length) return new Map();
  const rows = await db
    .selectFrom("subscriptions")
    .select(["user_id", "stream_id", "is_muted", "push_notifications", "wildcard_mentions_notify"])
    .where("user_id", "in", userIds)
    .where("stream_id", "in", streamIds)
    .where("active", "=", 1)
    .execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.stream_id}`, r]));
}

/** Topic visibility policies of these users in these channels, keyed "user:channel:topic key". */
export async function topicVisibilities(db: ChatDb, userIds: number[], streamIds: number[]): Promise<Map<string, number>> {
  if (!userIds.length || !streamIds.length) return new Map();
  const rows = await db.selectFrom("user_topics").select(["user_id", "stream_id", "topic_key", "visibility_policy"]).where("user_id", "in", userIds).where("stream_id", "in", streamIds).execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.stream_id}:${r.topic_key}`, r.visibility_policy]));
}

/** "user:muted user" pairs among these users and senders. */
export async function mutedPairs(db: ChatDb, userIds: number[], senderIds: number[]): Promise<Set<string>> {
  if (!userIds.length || !senderIds.length) return new Set();
  const rows = await db.selectFrom("muted_users").select(["user_id", "muted_user_id"]).where("user_id", "in", userIds).where("muted_user_id", "in", senderIds).execute();
  return new Set(rows.map((r) => `${r.user_id}:${r.muted_user_id}`));
}
