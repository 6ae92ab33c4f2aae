// The signed-in user's settings and the organization's, as /register gives them and events keep
// them: `user_settings` (twenty_four_hour_time, enable_desktop_notifications, color_scheme…) and
// the realm's `realm_*` fields under their names without the prefix (name,
// message_content_edit_limit_seconds, can_create_public_channel_group…). Views read one field
// with a computed; a settings screen writes through the API and waits for the event.
import { signal } from "@preact/signals";

export type Settings = Readonly<Record<string, unknown>>;

export const userSettings = signal<Settings>({});
export const realmSettings = signal<Settings>({});

/** From /register: user_settings as sent, and every realm_* field of the state without its prefix. */
export function setSettings(state: Record<string, unknown>): void {
  userSettings.value = { ...((state.user_settings as Settings | undefined) ?? {}) };
  const realm: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) if (key.startsWith("realm_")) realm[key.slice("realm_".length)] = value;
  realmSettings.value = realm;
}

/** A user_settings "update" event. */
export function updateUserSetting(property: string, value: unknown): void {
  userSettings.value = { ...userSettings.value, [property]: value };
}

/** A realm "update" (one property) or "update_dict" (several) event. */
export function updateRealmSettings(change: Settings): void {
  realmSettings.value = { ...realmSettings.value, ...change };
}
