// The realm's Notification Bot, which posts the server's own messages (move notices, message
// reports, reminders, failed scheduled deliveries), and sending as it through the ordinary
// send action with the permission checks an internal sender skips.
import type { ChatDeps } from "../deps.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import { BOT_DEFAULT, ROLE_MEMBER } from "../lib/roles.js";
import { normalizeContent } from "../lib/topics.js";
import type { Realm } from "../store/realms.js";
import { insertUser, userByEmail, type User } from "../store/users.js";
import { messageScope } from "./message-context.js";
import { checkSendMessage, doSendMessage, type SendInput, type SendTarget } from "./send-message.js";

export const NOTIFICATION_BOT_EMAIL = "notification-bot@zulip.com";
export const NOTIFICATION_BOT_NAME = "Notification Bot";

/**
 * Zulip's system bots (Notification Bot, Welcome Bot, Email Gateway) live in a separate
 * internal realm; here each realm gets its own, a bot user with no owner, no API key and no
 * subscriptions, created on first use.
 */
export async function systemBot(deps: ChatDeps, realmId: number, email: string, fullName: string, now: number): Promise<User> {
  const existing = await userByEmail(deps.db, realmId, email);
  if (existing) return existing;
  try {
    await insertUser(deps.db, {
      realm_id: realmId,
      email,
      delivery_email: email,
      email_key: email,
      full_name: fullName,
      role: ROLE_MEMBER,
      is_active: 1,
      is_bot: 1,
      bot_type: BOT_DEFAULT,
      bot_owner_id: null,
      date_joined: now,
      password_hash: null,
      timezone: "",
      avatar_version: 1,
      default_all_public_streams: 0,
      default_sending_stream_id: null,
      default_events_register_stream_id: null,
    });
  } catch (error) {
    // Another request created it at the same moment (the (realm, email) index is unique).
    if (!(await userByEmail(deps.db, realmId, email))) throw error;
  }
  return (await userByEmail(deps.db, realmId, email))!;
}

export function notificationBot(deps: ChatDeps, realmId: number, now: number): Promise<User> {
  return systemBot(deps, realmId, NOTIFICATION_BOT_EMAIL, NOTIFICATION_BOT_NAME, now);
}

export interface InternalMessage {
  realm: Realm;
  target: SendTarget;
  content: string;
  now: number;
  /** mark_as_read_for_acting_user: the user whose action caused the message has it read */
  readBy?: number;
  inTransaction?: SendInput["inTransaction"];
}

/** internal_send_*_message: the Notification Bot sends through the ordinary send action. */
export async function sendInternalMessage(deps: ChatDeps, message: InternalMessage): Promise<number> {
  const bot = await notificationBot(deps, message.realm.id, message.now);
  const scope = await messageScope(deps, message.realm, bot);
  const checked = await checkSendMessage(deps, { scope, target: message.target, content: normalizeContent(message.content), client: "Internal", readBySender: false, now: message.now, internal: true, inTransaction: message.inTransaction });
  const reader = message.readBy;
  if (reader !== undefined && checked.flags.has(reader)) checked.flags.set(reader, checked.flags.get(reader)! | FLAG_BITS.read);
  return (await doSendMessage(deps, checked)).id;
}
