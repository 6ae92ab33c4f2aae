// Creating users and bots, and the writes that change who they are.
import type { Updateable } from "kysely";
import { isUniqueViolation } from "@beacon/platform";
import { BadRequestError } from "../http/errors.js";
import type { ChatDeps } from "../deps.js";
import { publish } from "./publish.js";
import type { ChatDb, UserTable } from "../store/schema.js";
import type { User } from "../store/users.js";
import { userChangedEvents, userCreatedEvents, userDeactivatedEvents, userReactivatedEvents } from "../events/user-events.js";
import { loadRealmView } from "../events/realm-view.js";
import { membersAddedEvents } from "../events/group-events.js";
import { generateApiKey, hashApiKey, hashPassword } from "../lib/secrets.js";
import { deleteApiKeys, insertApiKey, insertUser, updateUser, usersHidingWithoutStandIn } from "../store/users.js";
import { dummyEmail } from "../lib/email-visibility.js";
import { realmEmailDomain } from "../config.js";
import { defaultStreamIds } from "../store/streams.js";
import { addMembers } from "../store/groups.js";
import { doEndUserSessions } from "./sessions.js";
import { applyRealmUserDefaults, emailDomainOf } from "./settings.js";
import { subscribeUsers } from "./subscription-writes.js";

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
  /** channels and user groups an invitation carried */
  streamIds?: number[];
  groupIds?: number[];
  /** the realm's domain for a stand-in address, should its defaults hide new users' (createUser sets it) */
  emailDomain?: string;
  now: number;
}

/** Inserts a user with one fresh API key (returned once, stored hashed) and default channels. */
export async function doCreateUser(db: ChatDb, input: NewUser): Promise<{ userId: number; apiKey: string }> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const { userId, apiKey } = await db.transaction().execute((trx) => insertNewUser(trx, input, passwordHash));
  return { userId, apiKey };
}

async function insertNewUser(trx: ChatDb, input: NewUser, passwordHash: string | null): Promise<{ userId: number; apiKey: string; subscribed: number[] }> {
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
  const created = { id: userId, realm_id: input.realmId, timezone: "", email: input.email, delivery_email: input.email, is_bot: input.botType ? 1 : 0 } as const;
  await applyRealmUserDefaults(trx, input.realmId, created, input.emailDomain ?? "");
  const defaults = input.subscribeDefaults === false ? [] : await defaultStreamIds(trx, input.realmId);
  const streamIds = [...new Set([...(input.streamIds ?? []), ...defaults])];
  const subscribed = streamIds.length ? (await subscribeUsers(trx, [userId], streamIds)).map((a) => a.streamId) : [];
  for (const groupId of input.groupIds ?? []) await addMembers(trx, groupId, [userId]);
  return { userId, apiKey, subscribed };
}

/**
 * doCreateUser, then its events: realm_user/add, role group memberships, realm_bot/add,
 * peer_add, then add_members for each group an invitation carried.
 */
export async function createUser(deps: ChatDeps, input: NewUser, takenMessage = "Email is already in use."): Promise<{ userId: number; apiKey: string }> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  input = { ...input, emailDomain: await emailDomainOf(deps, input.realmId) };
  const before = await loadRealmView(deps.db, input.realmId);
  const { value, stamp } = await deps.events.transaction((trx) => insertNewUser(trx, input, passwordHash)).catch((error: unknown) => {
    // The caller checked the address was free; a concurrent sign-up (another process on
    // PostgreSQL) took it since: the realm's unique e-mail index refused this one.
    if (isUniqueViolation(error)) throw new BadRequestError(takenMessage);
    throw error;
  });
  const after = await loadRealmView(deps.db, input.realmId);
  const events = userCreatedEvents(before, after, after.users.get(value.userId)!, value.apiKey, value.subscribed);
  events.push(...membersAddedEvents(after, input.groupIds ?? [], value.userId));
  publish(deps, events, { realmId: input.realmId, stamp });
  return { userId: value.userId, apiKey: value.apiKey };
}

/**
 * Gives their stand-in API email to users who chose to hide their address before migration 032
 * made the setting take effect (it needs the realm's host, which only the configuration knows).
 * Run at start; nothing to do afterwards, as every change of the setting sets the email too.
 */
export async function doGiveStandInEmails(deps: Pick<ChatDeps, "db" | "config">): Promise<void> {
  for (const user of await usersHidingWithoutStandIn(deps.db)) {
    await updateUser(deps.db, user.id, { email: dummyEmail(user.id, realmEmailDomain(deps.config, user.string_id)) });
  }
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

/** PATCH /users/{id} (name, role, email) and the realm_user events it sends. */
export async function changeUser(deps: ChatDeps, target: User, changes: Updateable<UserTable>): Promise<void> {
  if (!Object.keys(changes).length) return;
  const before = await loadRealmView(deps.db, target.realm_id);
  const { stamp } = await deps.events.transaction((trx) => updateUser(trx, target.id, changes));
  const after = await loadRealmView(deps.db, target.realm_id);
  publish(deps, userChangedEvents(before, after, target), { realmId: target.realm_id, stamp });
}

/**
 * Deactivating or reactivating one user, and the events Zulip sends for it. Deactivating a
 * person first deactivates, one by one, the active bots they own (do_deactivate_user's
 * cascade); reactivating them later leaves those bots deactivated, as in Zulip.
 */
export async function setUserActive(deps: ChatDeps, user: User, active: boolean): Promise<void> {
  const before = await loadRealmView(deps.db, user.realm_id);
  if (!active && !user.is_bot) {
    const bots = [...before.users.values()].filter((u) => u.is_bot && u.is_active && u.bot_owner_id === user.id);
    if (bots.length) {
      for (const bot of bots) await setUserActive(deps, bot, false);
      return setUserActive(deps, user, false);
    }
  }
  const { stamp } = await deps.events.transaction(async (trx) => {
    await updateUser(trx, user.id, { is_active: active ? 1 : 0 });
    // A deactivated user is signed out of the web app everywhere (Zulip's delete_user_sessions).
    if (!active) await doEndUserSessions(trx, [user.id]);
  });
  const after = await loadRealmView(deps.db, user.realm_id);
  const current = after.users.get(user.id)!;
  publish(deps, active ? userReactivatedEvents(after, current) : userDeactivatedEvents(before, after, current), { realmId: user.realm_id, stamp });
}

/** doRegenerateApiKey (no event since feature level 474: bot administrators fetch keys on demand). */
export async function regenerateApiKey(deps: ChatDeps, user: User, now: number): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    await deleteApiKeys(trx, user.id);
    return doIssueApiKey(trx, user.id, now);
  });
}

/** Renames a user (the name already checked): the same write and events as PATCH /users/{id}. */
export async function doChangeFullName(deps: ChatDeps, user: User, fullName: string): Promise<void> {
  if (fullName !== user.full_name) await changeUser(deps, user, { full_name: fullName });
}
