// Typing notifications (Zulip's zerver/actions/typing.py): nothing is stored; the event goes to
// the conversation's participants (the sender included), or to a channel's subscribers unless
// the channel is too large for typing notifications to be worth their cost.
import { usersWithSettingOff } from "../store/settings.js";
import type { ChatDeps } from "../deps.js";
import { publish } from "./publish.js";
import type { Stream } from "../store/streams.js";
import { subscribersByStream } from "../store/subscriptions.js";
import type { User } from "../store/users.js";

/** settings.MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS */
export const MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS = 100;


export async function doSendDirectTyping(deps: ChatDeps, sender: User, recipients: User[], op: "start" | "stop"): Promise<void> {
  const event = {
    type: "typing",
    message_type: "direct",
    op,
    sender: { user_id: sender.id, email: sender.email },
    recipients: recipients.map((u) => ({ user_id: u.id, email: u.email })),
  };
  const muted = await usersWithSettingOff(deps.db, "receives_typing_notifications", recipients.map((u) => u.id));
  publish(deps, [{ event, users: recipients.filter((u) => u.is_active && !muted.has(u.id)).map((u) => u.id) }], { realmId: sender.realm_id });
}

export async function doSendChannelTyping(deps: ChatDeps, sender: User, stream: Stream, topic: string, op: "start" | "stop"): Promise<void> {
  const subscribers = (await subscribersByStream(deps.db, [stream.id])).get(stream.id) ?? [];
  if (subscribers.length > MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS) return;
  const event = { type: "typing", message_type: "stream", op, sender: { user_id: sender.id, email: sender.email }, stream_id: stream.id, topic };
  const muted = await usersWithSettingOff(deps.db, "receives_typing_notifications", subscribers);
  publish(deps, [{ event, users: subscribers.filter((id) => !muted.has(id)) }], { realmId: sender.realm_id });
}

/**
 * typing_edit_message for a channel message (Zulip's
 * do_send_stream_message_edit_typing_notification): to the channel's subscribers who receive
 * typing notifications, with the same size limit as channel typing.
 */
export async function doSendChannelEditTyping(deps: ChatDeps, sender: User, streamId: number, topic: string, messageId: number, op: "start" | "stop"): Promise<void> {
  const subscribers = (await subscribersByStream(deps.db, [streamId])).get(streamId) ?? [];
  if (subscribers.length > MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS) return;
  const muted = await usersWithSettingOff(deps.db, "receives_typing_notifications", subscribers);
  const event = { type: "typing_edit_message", op, sender_id: sender.id, message_id: messageId, recipient: { type: "channel", channel_id: streamId, topic } };
  publish(deps, [{ event, users: subscribers.filter((id) => !muted.has(id)) }], { realmId: sender.realm_id });
}

/**
 * typing_edit_message for a direct message: `members` are the conversation's users in Zulip's
 * order (the editor first for a one-to-one conversation); the event names, and goes to, those
 * of them who are active and receive typing notifications.
 */
export async function doSendDirectEditTyping(deps: ChatDeps, sender: User, members: User[], messageId: number, op: "start" | "stop"): Promise<void> {
  const muted = await usersWithSettingOff(deps.db, "receives_typing_notifications", members.map((u) => u.id));
  const notify = members.filter((u) => u.is_active && !muted.has(u.id)).map((u) => u.id);
  // compat: a conversation with oneself lists the user twice in user_ids, as Zulip does; the
  // event still reaches each queue once.
  const event = { type: "typing_edit_message", op, sender_id: sender.id, message_id: messageId, recipient: { type: "direct", user_ids: notify } };
  publish(deps, [{ event, users: [...new Set(notify)] }], { realmId: sender.realm_id });
}
