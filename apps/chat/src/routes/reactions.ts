// POST and DELETE /messages/{message_id}/reactions.
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { raw } from "../http/params.js";
import { checkAddReaction, checkRemoveReaction } from "../actions/reactions.js";
import { messageScope } from "../actions/message-context.js";
import { emojiByName } from "../lib/emoji.js";
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
    if (emojiCode === undefined || reactionType === undefined) {
      const data = emojiByName(emojiName);
      emojiCode ??= data.emojiCode;
      reactionType ??= data.reactionType;
    }
    await checkAddReaction(deps, { userId: ctx.user.id, message, received, emojiName, emojiCode, reactionType });
    return {};
  });

  api.user("DELETE", "/messages/:message_id/reactions", async (ctx) => {
    const emojiName = ctx.params.optional("emoji_name", raw());
    let emojiCode = ctx.params.optional("emoji_code", raw());
    const reactionType = ctx.params.withDefault("reaction_type", raw(), "unicode_emoji");
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
    if (emojiCode === undefined) {
      if (emojiName === undefined) throw new BadRequestError("At least one of the following arguments must be present: emoji_name, emoji_code");
      emojiCode = emojiByName(emojiName).emojiCode;
    }
    await checkRemoveReaction(deps, { userId: ctx.user.id, message, emojiCode, reactionType });
    return {};
  });
}
