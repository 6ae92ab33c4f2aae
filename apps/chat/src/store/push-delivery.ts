// What delivering a batch of push notifications reads: the people, realms, channels and
// messages it names, the recipients' flags (a message read meanwhile is not pushed), and where
// each recipient can be pushed to.
import { sql } from "kysely";
import type { ChatDb } from "./schema.js";
import type { Message } from "./messages.js";
import type { Realm } from "./realms.js";
import type { Stream } from "./streams.js";
import type { User } from "./users.js";
import type { PushDevice } from "./push.js";

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

export async function usersById(db: ChatDb, ids: number[]): Promise<Map<number, User>> {
  return ids.length ? byId(await db.selectFrom("users").selectAll().where("id", "in", [...new Set(ids)]).execute()) : new Map();
}

export async function realmsById(db: ChatDb, ids: number[]): Promise<Map<number, Realm>> {
  return ids.length ? byId(await db.selectFrom("realms").selectAll().where("id", "in", [...new Set(ids)]).execute()) : new Map();
}

export async function streamsById(db: ChatDb, ids: number[]): Promise<Map<number, Stream>> {
  return ids.length ? byId(await db.selectFrom("streams").selectAll().where("id", "in", [...new Set(ids)]).execute()) : new Map();
}

export async function messagesById(db: ChatDb, ids: number[]): Promise<Map<number, Message>> {
  return ids.length ? byId(await db.selectFrom("messages").selectAll().where("id", "in", [...new Set(ids)]).execute()) : new Map();
}

export async function groupNames(db: ChatDb, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom("user_groups").select(["id", "name"]).where("id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name ?? ""]));
}

/** Flags of (user, message) pairs, keyed "user:message"; a missing key: no row any more. */
export async function pairFlags(db: ChatDb, pairs: { userId: number; messageId: number }[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!pairs.length) return out;
  const rows = await db
    .selectFrom("user_messages")
    .select(["user_id", "message_id", "flags"])
    .where("user_id", "in", [...new Set(pairs.map((p) => p.userId))])
    .where("message_id", "in", [...new Set(pairs.map((p) => p.messageId))])
    .execute();
  for (const r of rows) out.set(`${r.user_id}:${r.message_id}`, r.flags);
  return out;
}

/** Each user's devices registered for E2EE notifications. */
export async function e2eeDevicesOf(db: ChatDb, userIds: number[]): Promise<Map<number, PushDevice[]>> {
  const out = new Map<number, PushDevice[]>();
  if (!userIds.length) return out;
  const rows = await db.selectFrom("push_devices").selectAll().where("user_id", "in", [...new Set(userIds)]).where("push_token_id", "is not", null).where("push_key", "is not", null).orderBy("id").execute();
  for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row]);
  return out;
}

export interface LegacyToken {
  user_id: number;
  kind: number;
  token: string;
}

export async function legacyTokensOf(db: ChatDb, userIds: number[]): Promise<Map<number, LegacyToken[]>> {
  const out = new Map<number, LegacyToken[]>();
  if (!userIds.length) return out;
  const rows = await db.selectFrom("push_device_tokens").select(["user_id", "kind", "token"]).where("user_id", "in", [...new Set(userIds)]).orderBy("id").execute();
  for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row]);
  return out;
}

/** Devices whose bouncer registration is one of these (base64 token ids). */
export function devicesWithTokenIds(db: ChatDb, tokenIds: string[]): Promise<PushDevice[]> {
  if (!tokenIds.length) return Promise.resolve([]);
  return db.selectFrom("push_devices").selectAll().where("push_token_id", "in", tokenIds).execute();
}

/** Legacy tokens the bouncer says are gone (APNs tokens compared without case, as Zulip does). */
export async function deleteLegacyTokens(db: ChatDb, userIds: number[], kind: number, tokens: string[]): Promise<void> {
  if (!tokens.length || !userIds.length) return;
  await db
    .deleteFrom("push_device_tokens")
    .where("user_id", "in", userIds)
    .where("kind", "=", kind)
    .where(sql`lower(token)`, "in", tokens.map((t) => t.toLowerCase()))
    .execute();
}
