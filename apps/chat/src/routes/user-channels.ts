// GET /users/{user_id}/channels: the channels a user is subscribed to, limited to those whose
// metadata the caller may see (all of them for administrators).
import { handler } from "../http/endpoint.js";
import { activeSubscriptionIds } from "../store/subscriptions.js";
import { accessUserById, pathId } from "./access.js";
import { channelScope, visible } from "./channel-access.js";

export const userChannels = handler({}, async (ctx) => {
  const { db } = ctx.deps;
  const target = await accessUserById(db, ctx, pathId(ctx.path.user_id) ?? -1, { allowBots: true });
  const subscribed = await activeSubscriptionIds(db, target.id);
  const scope = await channelScope(db, ctx);
  const ids = scope.streams.filter((s) => subscribed.has(s.id) && visible(scope, ctx, s)).map((s) => s.id);
  return { subscribed_channel_ids: ids.sort((a, b) => a - b) };
});
