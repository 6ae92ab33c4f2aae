// Deleting a message (Zulip's do_delete_messages): by the realm's and the channel's group
// permissions, one's own within the realm's time limit.
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import type { PendingEvent } from "../lib/events.js";
import { pastLimit } from "../lib/edit-limits.js";
import { messageAudience } from "../events/message-events.js";
import { deleteMessages, type Message } from "../store/messages.js";
import { inGroupSetting, type MessageScope } from "./message-context.js";
import { publish } from "./publish.js";

export function checkDeleteMessage(scope: MessageScope, message: Message, now: number): void {
  const { user, graph } = scope;
  const stream = message.stream_id !== null ? scope.streams.get(message.stream_id) : undefined;
  if (inGroupSetting(scope, user.id, "can_delete_any_message_group") || (stream && graph.isMember(user.id, stream.can_delete_any_message_group))) return;
  const own = message.sender_id === user.id;
  if (own && (inGroupSetting(scope, user.id, "can_delete_own_message_group") || (stream && graph.isMember(user.id, stream.can_delete_own_message_group)))) {
    if (pastLimit(message.date_sent, scope.settings.message_content_delete_limit_seconds, now)) throw new BadRequestError("The time limit for deleting this message has passed");
    return;
  }
  throw new BadRequestError("You don't have permission to delete this message");
}

export async function doDeleteMessage(deps: ChatDeps, scope: MessageScope, message: Message): Promise<{ events: PendingEvent[] }> {
  // Who held it, and (FL 274) whoever deleted it.
  const users = [...new Set([...(await messageAudience(deps.db, [message.id], message.stream_id)), scope.user.id])];
  const { stamp } = await deps.events.transaction((trx) => deleteMessages(trx, deps.dialect, [message.id]));
  const event: Record<string, unknown> = { type: "delete_message", message_ids: [message.id], message_type: message.stream_id === null ? "private" : "stream" };
  if (message.stream_id !== null) Object.assign(event, { stream_id: message.stream_id, topic: message.topic });
  const events: PendingEvent[] = [{ event, users, stamp, realmId: message.realm_id }];
  publish(deps, events);
  return { events };
}
