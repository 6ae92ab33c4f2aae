// POST and DELETE /messages/{message_id}/reactions.
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { raw } from "../http/params.js";
import { checkAddReaction, checkRemoveReaction } from "../actions/reactions.js";
import { messageScope } from "../actions/message-context.js";
import { emojiByName } from "../lib/emoji.js";
import { realmEmojiIndex } from "../store/realm-emoji.js";
import { pathId } from "./access.js";
import { accessMessage } from "./message-access.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("POST", "/messages/:message_id/reactions", async (ctx) => {
    const emojiName = ctx.params.required("emoji_name", raw());
    let emojiCode = ctx.params.optional("emoji_code", raw());
    let reactionType = ctx.params.optional("reaction_type", raw());
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const { message, received } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
    const custom = await realmEmojiIndex(deps.db, scope.state);
    if (emojiCode === undefined || reactionType === undefined) {
      const data = emojiByName(emojiName, custom);
      emojiCode ??= data.emojiCode;
      reactionType ??= data.reactionType;
    }
    await checkAddReaction(deps, { user: ctx.user, message, received, emojiName, emojiCode, reactionType, custom });
    return {};
  });

  api.user("DELETE", "/messages/:message_id/reactions", async (ctx) => {
    const emojiName = ctx.params.optional("emoji_name", raw());
    let emojiCode = ctx.params.optional("emoji_code", raw());
    let reactionType = ctx.params.withDefault("reaction_type", raw(), "unicode_emoji");
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
    if (emojiCode === undefined) {
      if (emojiName === undefined) throw new BadRequestError("At least one of the following arguments must be present: emoji_name, emoji_code");
      // Zulip's remove_reaction takes both the code and the type from the name.
      ({ emojiCode, reactionType } = emojiByName(emojiName, await realmEmojiIndex(deps.db, scope.state)));
    }
    await checkRemoveReaction(deps, { user: ctx.user, message, emojiCode, reactionType });
    return {};
  });
}
