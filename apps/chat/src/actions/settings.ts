// PATCH /settings writes: personal settings (each stored where it lives, one user_settings
// event per changed property, to the user's own queues), full name and password changes.
import type { ChatDeps } from "../deps.js";
import type { PendingEvent } from "../lib/events.js";
import { hashPassword } from "../lib/secrets.js";
import { LANGUAGES, USER_SETTINGS } from "../lib/settings-spec.js";
import { presentUserSettings } from "../present/settings.js";
import { setUserMessageSettings, userMessageSettings, type UserMessageSettings } from "../store/message-settings.js";
import type { ChatDb } from "../store/schema.js";
import { setUserSettingValue, userSettingValues } from "../store/settings.js";
import { deleteDraftsOf } from "../store/drafts.js";
import { updateUser, type User } from "../store/users.js";
import { activeUserIds, publish } from "./publish.js";
import { doPresenceEnabledChanged } from "./presence.js";
import { changeUser } from "./users.js";

/** Every personal setting of `user` as /register shows it. */
export async function currentUserSettings(db: ChatDb, user: Pick<User, "id" | "timezone">): Promise<Record<string, unknown>> {
  const message = (await userMessageSettings(db, [user.id])).get(user.id)!;
  return presentUserSettings(user.timezone, await userSettingValues(db, user.id), message);
}

/** Applies the settings that differ from the current values and announces them; returns those. */
export async function doChangeUserSettings(deps: ChatDeps, user: User, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = await currentUserSettings(deps.db, user);
  const changed = Object.fromEntries(Object.entries(changes).filter(([name, value]) => current[name] !== value));
  if (!Object.keys(changed).length) return {};
  const { stamp } = await deps.events.transaction(async (trx) => {
    const message: Partial<Omit<UserMessageSettings, "user_id">> = {};
    for (const [name, value] of Object.entries(changed)) {
      const storage = USER_SETTINGS[name]!.storage;
      if (storage === "timezone") await updateUser(trx, user.id, { timezone: value as string });
      else if (storage === "message") (message as Record<string, unknown>)[name] = typeof value === "boolean" ? Number(value) : value;
      else await setUserSettingValue(trx, user.id, name, value);
    }
    if (Object.keys(message).length) await setUserMessageSettings(trx, user.id, message);
    // Turning synchronization off deletes the stored drafts, without drafts events (as Zulip).
    if (changed.enable_drafts_synchronization === false) await deleteDraftsOf(trx, user.id);
  });
  const events: PendingEvent[] = Object.entries(changed).map(([property, value]) => {
    const event: Record<string, unknown> = { type: "user_settings", op: "update", property, value };
    if (property === "default_language") event.language_name = LANGUAGES[value as string];
    return { event, users: [user.id], stamp, realmId: user.realm_id };
  });
  if ("timezone" in changed) {
    // Others see the time zone in the user's profile.
    const person = { email: user.email, user_id: user.id, timezone: changed.timezone };
    events.push({ event: { type: "realm_user", op: "update", person }, users: await activeUserIds(deps.db, user.realm_id), stamp, realmId: user.realm_id });
  }
  publish(deps, events);
  if ("presence_enabled" in changed) await doPresenceEnabledChanged(deps, user, changed.presence_enabled === true);
  return changed;
}

/** Renames a user (the name already checked): the same write and events as PATCH /users/{id}. */
export async function doChangeFullName(deps: ChatDeps, user: User, fullName: string): Promise<void> {
  if (fullName !== user.full_name) await changeUser(deps, user, { full_name: fullName });
}

export async function doChangePassword(deps: ChatDeps, user: User, password: string): Promise<void> {
  await updateUser(deps.db, user.id, { password_hash: await hashPassword(password) });
}
