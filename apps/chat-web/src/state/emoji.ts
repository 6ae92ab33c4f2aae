// The organization's custom emoji (register's realm_emoji, kept by realm_emoji events), by id:
// a reaction names a custom emoji by its id in emoji_code, and shows its picture.
import { signal } from "@preact/signals";

export interface RealmEmoji {
  id: string;
  name: string;
  source_url: string;
  still_url?: string | null;
  deactivated: boolean;
}

export const realmEmoji = signal<ReadonlyMap<string, RealmEmoji>>(new Map());

/** Replaces the whole set: register's realm_emoji, or a realm_emoji "update" event (both id -> emoji). */
export function setRealmEmoji(dict: Record<string, RealmEmoji> | undefined): void {
  realmEmoji.value = new Map(Object.entries(dict ?? {}));
}
