// Realm settings for sending, editing and moving messages, and each user's automatic topic
// visibility settings. A missing row means Zulip's defaults.
import type { Selectable } from "kysely";
import type { ChatDb, RealmMessageSettingsTable, UserMessageSettingsTable } from "./schema.js";
import { directStatement } from "./sqlite-reads.js";

export type RealmMessageSettings = Selectable<RealmMessageSettingsTable>;
export type UserMessageSettings = Selectable<UserMessageSettingsTable>;

export const AUTO_POLICY_PARTICIPATION = 1;
export const AUTO_POLICY_SEND = 2;
export const AUTO_POLICY_INITIATION = 3;
export const AUTO_POLICY_NEVER = 4;

export function defaultRealmMessageSettings(realmId: number): RealmMessageSettings {
  return {
    realm_id: realmId,
    allow_message_editing: 1,
    message_content_edit_limit_seconds: 600,
    message_content_delete_limit_seconds: null,
    move_messages_within_stream_limit_seconds: 604800,
    move_messages_between_streams_limit_seconds: 604800,
    message_edit_history_visibility_policy: "all",
    topics_policy: "allow_empty_topic",
    moderation_request_channel_id: null,
  };
}

export async function realmMessageSettings(db: ChatDb, realmId: number): Promise<RealmMessageSettings> {
  const row = await db.selectFrom("realm_message_settings").selectAll().where("realm_id", "=", realmId).executeTakeFirst();
  return row ?? defaultRealmMessageSettings(realmId);
}

export async function setRealmMessageSettings(db: ChatDb, realmId: number, changes: Partial<Omit<RealmMessageSettings, "realm_id">>): Promise<void> {
  // One upsert of the changed columns: concurrent changes neither collide on the key nor undo
  // each other's other columns.
  if (Object.keys(changes).length === 0) return;
  const current = await realmMessageSettings(db, realmId);
  await db.insertInto("realm_message_settings").values({ ...current, ...changes, realm_id: realmId }).onConflict((oc) => oc.column("realm_id").doUpdateSet(changes)).execute();
}

export async function userMessageSettings(db: ChatDb, userIds: number[]): Promise<Map<number, UserMessageSettings>> {
  const out = new Map<number, UserMessageSettings>();
  for (const id of userIds) {
    out.set(id, {
      user_id: id,
      automatically_follow_topics_policy: AUTO_POLICY_INITIATION,
      automatically_unmute_topics_in_muted_streams_policy: AUTO_POLICY_SEND,
      automatically_follow_topics_where_mentioned: 1,
    });
  }
  if (!userIds.length) return out;
  // Every send reads this: one cached statement on SQLite (store/sqlite-reads.ts).
  const direct = directStatement(db, "select * from user_message_settings where user_id in (select value from json_each(?))");
  const rows = direct
    ? (direct.all(JSON.stringify(userIds)) as UserMessageSettings[])
    : await db.selectFrom("user_message_settings").selectAll().where("user_id", "in", userIds).execute();
  for (const row of rows) out.set(row.user_id, row);
  return out;
}

export async function setUserMessageSettings(db: ChatDb, userId: number, changes: Partial<Omit<UserMessageSettings, "user_id">>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  const current = (await userMessageSettings(db, [userId])).get(userId)!;
  await db.insertInto("user_message_settings").values({ ...current, ...changes, user_id: userId }).onConflict((oc) => oc.column("user_id").doUpdateSet(changes)).execute();
}
