// Which emoji a reaction may name: realm (custom) emoji, Unicode emoji by Zulip's names (the
// Markdown renderer's table) and the one Zulip extra emoji; and the rules for custom emoji names.
import { BadRequestError } from "./errors.js";
import { emojiCodepoint, emojiName } from "../markdown/emoji.js";

export type ReactionType = "unicode_emoji" | "realm_emoji" | "zulip_extra_emoji";
export const REACTION_TYPES: readonly ReactionType[] = ["unicode_emoji", "realm_emoji", "zulip_extra_emoji"];

/** What the checks need to know of a realm's custom emoji (store/realm-emoji.ts RealmEmojiIndex). */
export interface CustomEmojiLookup {
  /** every emoji by id, deactivated ones included */
  byId: Map<string, { name: string; deactivated: number }>;
  /** active emoji by name */
  byName: Map<string, { id: number }>;
}

/** get_emoji_data: the code and type a bare emoji name stands for; a realm emoji wins over a Unicode one. */
export function emojiByName(name: string, custom: CustomEmojiLookup): { emojiCode: string; reactionType: ReactionType } {
  const realm = custom.byName.get(name);
  if (realm) return { emojiCode: String(realm.id), reactionType: "realm_emoji" };
  if (name === "zulip") return { emojiCode: "zulip", reactionType: "zulip_extra_emoji" };
  const code = emojiCodepoint(name);
  if (code === undefined) throw new BadRequestError(`Emoji '${name}' does not exist`);
  return { emojiCode: code, reactionType: "unicode_emoji" };
}

/** check_emoji_request: the name, code and type must agree. */
export function checkEmoji(name: string, code: string, type: string, custom: CustomEmojiLookup): void {
  if (type === "realm_emoji") {
    const emoji = custom.byId.get(code);
    if (!emoji) throw new BadRequestError("Invalid custom emoji.");
    if (emoji.name !== name) throw new BadRequestError("Invalid custom emoji name.");
    if (emoji.deactivated) throw new BadRequestError("This custom emoji has been deactivated.");
    return;
  }
  if (type === "zulip_extra_emoji") {
    if (code !== "zulip") throw new BadRequestError("Invalid emoji code.");
    if (name !== code) throw new BadRequestError("Invalid emoji name.");
    return;
  }
  if (type !== "unicode_emoji") throw new BadRequestError("Invalid emoji type.");
  if (emojiName(code) === undefined) throw new BadRequestError("Invalid emoji code.");
  if (emojiCodepoint(name) !== code) throw new BadRequestError("Invalid emoji name.");
}

/** upload_emoji's normalisation of the path name: trimmed, spaces as underscores. */
export const canonicalEmojiName = (raw: string): string => raw.trim().replaceAll(" ", "_");

/** check_valid_emoji_name. */
export function checkValidEmojiName(name: string): void {
  if (!name) throw new BadRequestError("Emoji name is missing");
  if (/^[0-9a-z\-_]+$/.test(name)) {
    if (/[-_]$/.test(name)) throw new BadRequestError("Emoji names must end with either a letter or digit.");
    return;
  }
  throw new BadRequestError("Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.");
}

/** A Unicode emoji of this name exists (uploading over one is for administrators). */
export const isDefaultEmojiName = (name: string): boolean => emojiCodepoint(name) !== undefined;
