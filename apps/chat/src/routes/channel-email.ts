// GET /streams/{stream_id}/email_address: for users who can see the channel and post in it.
import { handler } from "../http/endpoint.js";
import { optional } from "../http/declare.js";
import { json } from "../http/params.js";
import { int } from "../http/validators.js";
import { accessEmailSender, channelEmailAddress } from "../actions/channel-email.js";
import { messageScope } from "../actions/message-context.js";
import { checkChannelSend } from "../actions/send-message.js";
import { pathId } from "./access.js";
import { accessChannelById, channelScope } from "./channel-access.js";

export const channelEmail = handler({ senderId: optional("sender_id", json(int({ min: 0 }))) }, async (ctx, { senderId }) => {
  const { deps, user, realm } = ctx;
  const stream = accessChannelById(await channelScope(deps.db, ctx), ctx, pathId(ctx.path.stream_id));
  // Since feature level 448 the address is only for those who may post in the channel.
  checkChannelSend(await messageScope(deps, realm, user, ctx.state), stream, user);
  const sender = await accessEmailSender(deps, user, senderId);
  return { email: await channelEmailAddress(deps, stream, user, sender) };
});
