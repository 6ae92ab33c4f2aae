// POST and DELETE /messages/{message_id}/reactions.
import { handler, raising } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { optional, required, withDefault } from "../http/declare.js";
import { raw } from "../http/params.js";
import { checkAddReaction, checkRemoveReaction } from "../actions/reactions.js";
import { messageScope } from "../actions/message-context.js";
import { emojiByName } from "../lib/emoji.js";
import { realmEmojiIndex } from "../store/realm-emoji.js";
import { pathId } from "./access.js";
import { accessMessage } from "./message-access.js";

export const addReaction = raising(["REACTION_ALREADY_EXISTS"], handler(
  {
    emojiName: required("emoji_name", raw()),
    emojiCode: optional("emoji_code", raw()),
    reactionType: optional("reaction_type", raw()),
  },
  async ({ deps, realm, user, state, path }, { emojiName, emojiCode, reactionType }) => {
    const scope = await messageScope(deps, realm, user, state);
    const { message, received } = await accessMessage(deps, scope, pathId(path.message_id));
    const custom = await realmEmojiIndex(deps.db, scope.state);
    if (emojiCode === undefined || reactionType === undefined) {
      const data = emojiByName(emojiName, custom);
      emojiCode ??= data.emojiCode;
      reactionType ??= data.reactionType;
    }
    await checkAddReaction(deps, { user, message, received, emojiName, emojiCode, reactionType, custom });
    return {};
  },
));

export const removeReaction = raising(["REACTION_DOES_NOT_EXIST"], handler(
  {
    emojiName: optional("emoji_name", raw()),
    emojiCode: optional("emoji_code", raw()),
    reactionType: withDefault("reaction_type", raw(), "unicode_emoji"),
  },
  async ({ deps, realm, user, state, path }, { emojiName, emojiCode, reactionType }) => {
    const scope = await messageScope(deps, realm, user, state);
    const { message } = await accessMessage(deps, scope, pathId(path.message_id));
    if (emojiCode === undefined) {
      if (emojiName === undefined) throw new BadRequestError("At least one of the following arguments must be present: emoji_name, emoji_code");
      // Zulip's remove_reaction takes both the code and the type from the name.
      ({ emojiCode, reactionType } = emojiByName(emojiName, await realmEmojiIndex(deps.db, scope.state)));
    }
    await checkRemoveReaction(deps, { user, message, emojiCode, reactionType });
    return {};
  },
));
