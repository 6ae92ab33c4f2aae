// RealmEmoji objects, and the /user_avatars/ paths Zulip's local upload backend serves them at.
import type { RealmEmoji } from "../store/realm-emoji.js";

export const emojiPath = (realmId: number, fileName: string) => `${realmId}/emoji/images/${fileName}`;
/** The still first frame of an animated emoji: Zulip names it after the image, as .png. */
export const stillEmojiPath = (realmId: number, fileName: string) => `${realmId}/emoji/images/still/${fileName.replace(/\.[^.]*$/, "")}.png`;

export function presentRealmEmoji(row: RealmEmoji): Record<string, unknown> {
  return {
    id: String(row.id),
    name: row.name,
    source_url: `/user_avatars/${emojiPath(row.realm_id, row.file_name!)}`,
    still_url: row.is_animated ? `/user_avatars/${stillEmojiPath(row.realm_id, row.file_name!)}` : null,
    deactivated: Boolean(row.deactivated),
    author_id: row.author_id,
  };
}

/** The realm_emoji dict of /register, GET /realm/emoji and the realm_emoji event: id -> RealmEmoji. */
export function presentRealmEmojiDict(rows: Iterable<RealmEmoji>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const row of rows) out[String(row.id)] = presentRealmEmoji(row);
  return out;
}
