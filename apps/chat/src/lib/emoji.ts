// Which emoji a reaction may name: Unicode emoji by Zulip's names (the Markdown renderer's
// table), the one Zulip extra emoji, and realm emoji (none can be uploaded yet).
import { BadRequestError } from "../http/errors.js";
import { emojiCodepoint, emojiName } from "../markdown/emoji.js";

export type ReactionType = "unicode_emoji" | "realm_emoji" | "zulip_extra_emoji";
export const REACTION_TYPES: readonly ReactionType[] = ["unicode_emoji", "realm_emoji", "zulip_extra_emoji"];

/** get_emoji_data: the code and type a bare emoji name stands for. */
export function emojiByName(name: string): { emojiCode: string; reactionType: ReactionType } {
  if (name === "zulip") return { emojiCode: "zulip", reactionType: "zulip_extra_emoji" };
  const code = emojiCodepoint(name);
  if (code === undefined) throw new BadRequestError(`Emoji '${name}' does not exist`);
  return { emojiCode: code, reactionType: "unicode_emoji" };
}

/** check_emoji_request: the name, code and type must agree. */
export function checkEmoji(name: string, code: string, type: string): void {
  if (type === "realm_emoji") throw new BadRequestError("Invalid custom emoji.");
  if (type === "zulip_extra_emoji") {
    if (code !== "zulip") throw new BadRequestError("Invalid emoji code.");
    if (name !== code) throw new BadRequestError("Invalid emoji name.");
    return;
  }
  if (type !== "unicode_emoji") throw new BadRequestError("Invalid emoji type.");
  if (emojiName(code) === undefined) throw new BadRequestError("Invalid emoji code.");
  if (emojiCodepoint(name) !== code) throw new BadRequestError("Invalid emoji name.");
}
