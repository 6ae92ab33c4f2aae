// Creating users and bots, and the writes that change who they are.
import type { ChatDb } from "../store/schema.js";
import { generateApiKey, hashApiKey, hashPassword } from "../lib/secrets.js";
import { deleteApiKeys, insertApiKey, insertUser, updateUser } from "../store/users.js";
import { defaultStreamIds } from "../store/streams.js";
import { subscribeUsers } from "./subscriptions.js";

export interface NewUser {
  realmId: number;
  email: string;
  fullName: string;
  role: number;
  password?: string | null;
  botType?: number | null;
  botOwnerId?: number | null;
  /** Zulip grants this server-level permission only from the command line */
  canCreateUsers?: boolean;
  /** false: an invitation chose not to include the realm's default channels */
  subscribeDefaults?: boolean;
  now: number;
}

/** Inserts a user with one fresh API key (returned once, stored hashed) and default channels. */
export async function doCreateUser(db: ChatDb, input: NewUser): Promise<{ userId: number; apiKey: string }> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      realm_id: input.realmId,
      email: input.email,
      delivery_email: input.email,
      email_key: input.email.toLowerCase(),
      full_name: input.fullName,
      role: input.role,
      is_active: 1,
      is_bot: input.botType ? 1 : 0,
      bot_type: input.botType ?? null,
      bot_owner_id: input.botOwnerId ?? null,
      date_joined: input.now,
      password_hash: passwordHash,
      timezone: "",
      avatar_version: 1,
      default_all_public_streams: 0,
      default_sending_stream_id: null,
      default_events_register_stream_id: null,
      can_create_users: input.canCreateUsers ? 1 : 0,
    });
    const apiKey = generateApiKey();
    await insertApiKey(trx, userId, hashApiKey(apiKey), input.now);
    const defaults = input.subscribeDefaults === false ? [] : await defaultStreamIds(trx, input.realmId);
    if (defaults.length) await subscribeUsers(trx, [userId], defaults);
    return { userId, apiKey };
  });
}

/** Issues one more key for a user; earlier keys keep working (they are only stored hashed). */
export async function doIssueApiKey(db: ChatDb, userId: number, now: number): Promise<string> {
  const apiKey = generateApiKey();
  await insertApiKey(db, userId, hashApiKey(apiKey), now);
  return apiKey;
}

/** Revokes every key of the user and issues a single new one. */
export async function doRegenerateApiKey(db: ChatDb, userId: number, now: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await deleteApiKeys(trx, userId);
    return doIssueApiKey(trx, userId, now);
  });
}

export async function doSetActive(db: ChatDb, userIds: number[], active: boolean): Promise<void> {
  for (const id of userIds) await updateUser(db, id, { is_active: active ? 1 : 0 });
}
