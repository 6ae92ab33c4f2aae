// GET /streams/{id}/email_address (Zulip's get_stream_email_address with
// get_channel_email_token): one stored token per channel, requesting user and sender, made on
// first request; the sender is the realm's Email Gateway bot unless the user names themself
// or a bot they administer.
import type { ChatDeps } from "../deps.js";
import { BadRequestError, insufficientPermission } from "../http/errors.js";
import { encodeChannelEmail, newEmailToken } from "../lib/channel-email.js";
import { isAdmin } from "../lib/roles.js";
import { channelEmailToken, ensureChannelEmailToken } from "../store/channel-emails.js";
import type { Stream } from "../store/streams.js";
import { userInRealm, type User } from "../store/users.js";
import { systemBot } from "./notification-bot.js";

export const EMAIL_GATEWAY_BOT_EMAIL = "emailgateway@zulip.com";

/** Zulip's EMAIL_GATEWAY_BOT, one per realm here. */
export function emailGatewayBot(deps: ChatDeps, realmId: number): Promise<User> {
  return systemBot(deps, realmId, EMAIL_GATEWAY_BOT_EMAIL, "Email Gateway", deps.clock.now().getTime());
}

/** The sender a sender_id names: the gateway bot (default), the user, or a bot they may administer (access_bot_by_id). */
export async function accessEmailSender(deps: ChatDeps, user: User, senderId: number | undefined): Promise<User> {
  const gateway = await emailGatewayBot(deps, user.realm_id);
  if (senderId === undefined || senderId === gateway.id) return gateway;
  if (senderId === user.id) return user;
  const bot = await userInRealm(deps.db, user.realm_id, senderId);
  if (!bot || !bot.is_bot) throw new BadRequestError("No such bot");
  if (!isAdmin(user) && bot.bot_owner_id !== user.id) throw insufficientPermission();
  return bot;
}

export async function channelEmailAddress(deps: ChatDeps, stream: Stream, creator: User, sender: User): Promise<string> {
  let token = await channelEmailToken(deps.db, stream.id, creator.id, sender.id);
  token ??= await ensureChannelEmailToken(deps.db, { realm_id: stream.realm_id, stream_id: stream.id, creator_id: creator.id, sender_id: sender.id, email_token: newEmailToken(), date_created: deps.clock.now().getTime() });
  return encodeChannelEmail(deps.config.emailGatewayPattern, stream.name, token, true);
}
