// PATCH /settings writes: personal settings (each stored where it lives, one user_settings
// event per changed property, to the user's own queues), full name and password changes.
import type { ChatDeps } from "../deps.js";
import { realmEmailDomain } from "../config.js";
import { apiEmail } from "../lib/email-visibility.js";
import { emailVisibilityChangedEvents } from "../events/user-events.js";
import { loadRealmView } from "../events/realm-view.js";
import { getRealm } from "../store/realms.js";
import type { PendingEvent } from "../lib/events.js";
import { hashPassword } from "../lib/secrets.js";
import { LANGUAGES, USER_SETTINGS } from "../lib/settings-spec.js";
import { presentUserSettings } from "../present/settings.js";
import { userSettings } from "../present/user-settings.js";
import { setUserMessageSettings, userMessageSettings, type UserMessageSettings } from "../store/message-settings.js";
import type { ChatDb } from "../store/schema.js";
import { setUserSettingValue, userSettingValues } from "../store/settings.js";
import { deleteDraftsOf } from "../store/drafts.js";
import { markSettingsEdited, realmUserDefaultValues, setRealmUserDefaultValue, usersWhoEditedSetting } from "../store/user-defaults.js";
import { updateUser, type User } from "../store/users.js";
import { humanAdminIds } from "../store/exports.js";
import { activeUserIds, publish } from "./publish.js";
import { doEndUserSessions } from "./sessions.js";
import { doPresenceEnabledChanged } from "./presence.js";

/** Every personal setting of `user` as /register shows it. */
export async function currentUserSettings(db: ChatDb, user: Pick<User, "id" | "timezone" | "email_address_visibility">): Promise<Record<string, unknown>> {
  const message = (await userMessageSettings(db, [user.id])).get(user.id)!;
  return presentUserSettings(user, await userSettingValues(db, user.id), message);
}

/** The domain of the realm's stand-in addresses (config.ts realmEmailDomain). */
export async function emailDomainOf(deps: Pick<ChatDeps, "db" | "config">, realmId: number): Promise<string> {
  return realmEmailDomain(deps.config, (await getRealm(deps.db, realmId))?.string_id ?? "");
}

type SettingsUser = Pick<User, "id" | "realm_id" | "timezone" | "email" | "delivery_email" | "is_bot">;

/**
 * Writes already-changed settings of one user, each where it lives. The e-mail address
 * visibility also sets the API email: the real address for everyone (1), else the stand-in
 * `user<id>@<emailDomain>`, as Zulip stores it in UserProfile.email.
 */
async function writeUserSettings(trx: ChatDb, user: SettingsUser, changed: Record<string, unknown>, emailDomain: string): Promise<void> {
  const message: Partial<Omit<UserMessageSettings, "user_id">> = {};
  for (const [name, value] of Object.entries(changed)) {
    const storage = USER_SETTINGS[name]!.storage;
    if (storage === "timezone") await updateUser(trx, user.id, { timezone: value as string });
    else if (storage === "email_visibility") await updateUser(trx, user.id, { email_address_visibility: value as number, email: apiEmail(user, value as number, emailDomain) });
    else if (storage === "message") (message as Record<string, unknown>)[name] = typeof value === "boolean" ? Number(value) : value;
    else await setUserSettingValue(trx, user.id, name, value);
  }
  if (Object.keys(message).length) await setUserMessageSettings(trx, user.id, message);
  // Turning drafts synchronization off deletes the stored drafts, without drafts events (as Zulip).
  if (changed.enable_drafts_synchronization === false) await deleteDraftsOf(trx, user.id);
}

function settingEvents(user: SettingsUser, changed: Record<string, unknown>, stamp: PendingEvent["stamp"]): PendingEvent[] {
  return Object.entries(changed).map(([property, value]) => {
    const event: Record<string, unknown> = { type: "user_settings", op: "update", property, value };
    if (property === "default_language") event.language_name = LANGUAGES[value as string];
    return { event, users: [user.id], stamp, realmId: user.realm_id };
  });
}

/** Applies the settings that differ from the current values and announces them; returns those. */
export async function doChangeUserSettings(deps: ChatDeps, user: User, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = await currentUserSettings(deps.db, user);
  const changed = Object.fromEntries(Object.entries(changes).filter(([name, value]) => current[name] !== value));
  if (!Object.keys(changed).length) return {};
  const emailDomain = await emailDomainOf(deps, user.realm_id);
  const { stamp } = await deps.events.transaction(async (trx) => {
    await writeUserSettings(trx, user, changed, emailDomain);
    // What an administrator's bulk change with skip_if_already_edited must spare.
    await markSettingsEdited(trx, user.id, Object.keys(changed));
  });
  const events = settingEvents(user, changed, stamp);
  if ("timezone" in changed) {
    // Others see the time zone in the user's profile.
    const person = { email: user.email, user_id: user.id, timezone: changed.timezone };
    events.push({ event: { type: "realm_user", op: "update", person }, users: await activeUserIds(deps.db, user.realm_id), stamp, realmId: user.realm_id });
  }
  if ("allow_private_data_export" in changed) {
    // Zulip's do_change_user_setting: administrators see who consents to private data exports.
    const event = { type: "realm_export_consent", user_id: user.id, consented: changed.allow_private_data_export };
    events.push({ event, users: await humanAdminIds(deps.db, user.realm_id), stamp, realmId: user.realm_id });
  }
  publish(deps, events);
  if ("email_address_visibility" in changed) {
    const view = await loadRealmView(deps.db, user.realm_id);
    publish(deps, emailVisibilityChangedEvents(view, user), { realmId: user.realm_id, stamp });
  }
  if ("presence_enabled" in changed) await doPresenceEnabledChanged(deps, user, changed.presence_enabled === true);
  return changed;
}

/**
 * PATCH /settings with target_users: Zulip's bulk_change_user_setting, one setting at a time,
 * for the users whose value differs (and, with skipIfEdited, who never changed it
 * themselves). Each updated user gets their own user_settings event.
 */
export async function doBulkChangeUserSettings(deps: ChatDeps, users: User[], changes: Record<string, unknown>, skipIfEdited: boolean): Promise<void> {
  const currents = new Map<number, Record<string, unknown>>();
  for (const user of users) currents.set(user.id, await currentUserSettings(deps.db, user));
  const perUser = new Map<number, Record<string, unknown>>();
  for (const [name, value] of Object.entries(changes)) {
    const edited = skipIfEdited ? await usersWhoEditedSetting(deps.db, name, users.map((u) => u.id)) : new Set<number>();
    for (const user of users) {
      if (edited.has(user.id) || currents.get(user.id)![name] === value) continue;
      perUser.set(user.id, { ...perUser.get(user.id), [name]: value });
    }
  }
  if (!perUser.size) return;
  const byId = new Map(users.map((u) => [u.id, u]));
  const emailDomain = await emailDomainOf(deps, users[0]!.realm_id);
  const { stamp } = await deps.events.transaction(async (trx) => {
    for (const [userId, changed] of perUser) await writeUserSettings(trx, byId.get(userId)!, changed, emailDomain);
  });
  publish(deps, [...perUser].flatMap(([userId, changed]) => settingEvents(byId.get(userId)!, changed, stamp)));
}

/** The realm's defaults for new users, as /register's realm_user_settings_defaults shows them. */
export async function currentRealmUserDefaults(db: ChatDb, realmId: number): Promise<Record<string, unknown>> {
  const { timezone: _timezone, available_notification_sounds: _sounds, emojiset_choices: _choices, ...defaults } = userSettings("");
  return { ...defaults, ...(await realmUserDefaultValues(db, realmId)) };
}

/** PATCH /realm/user_settings_defaults: stores the changed defaults and tells every user. */
export async function doSetRealmUserDefaults(deps: ChatDeps, realmId: number, changes: Record<string, unknown>): Promise<void> {
  const current = await currentRealmUserDefaults(deps.db, realmId);
  const changed = Object.entries(changes).filter(([name, value]) => current[name] !== value);
  if (!changed.length) return;
  const { stamp } = await deps.events.transaction(async (trx) => {
    for (const [name, value] of changed) await setRealmUserDefaultValue(trx, realmId, name, value);
  });
  const users = await activeUserIds(deps.db, realmId);
  publish(deps, changed.map(([property, value]) => ({ event: { type: "realm_user_settings_defaults", op: "update", property, value }, users, stamp, realmId })));
}

/**
 * A new account starts from the realm's defaults (Zulip's copy_default_settings); a bot's
 * address stays visible to everyone, as Zulip keeps bots'.
 */
export async function applyRealmUserDefaults(trx: ChatDb, realmId: number, user: SettingsUser, emailDomain: string): Promise<void> {
  const defaults = await realmUserDefaultValues(trx, realmId);
  const base = userSettings("");
  const applies = (name: string) => name in USER_SETTINGS && !(user.is_bot && name === "email_address_visibility");
  const differing = Object.fromEntries(Object.entries(defaults).filter(([name, value]) => applies(name) && base[name] !== value));
  if (Object.keys(differing).length) await writeUserSettings(trx, user, differing, emailDomain);
}

/**
 * Sets the password and signs the user out of every other web session, as Django's session
 * hash does for Zulip; the session that asked (`keepSessionId`, none for API clients) stays.
 */
export async function doChangePassword(deps: ChatDeps, user: User, password: string, keepSessionId?: number): Promise<void> {
  const hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: hash });
    await doEndUserSessions(trx, [user.id], keepSessionId);
  });
}
