// Loading a message the caller may read (has_message_access), with Zulip's single wording
// for missing and forbidden messages alike.
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { HISTORICAL_FLAGS } from "../lib/message-flags.js";
import { canReadChannelHistory, type MessageScope } from "../actions/message-context.js";
import { messageById, userMessageFlags, type Message } from "../store/messages.js";

export const invalidMessage = () => new BadRequestError("Invalid message(s)");

export interface AccessedMessage {
  message: Message;
  /** the caller's flags (historical ones when the caller never received it) */
  flags: number;
  /** whether the caller has a user_messages row */
  received: boolean;
}

export async function accessMessage(deps: ChatDeps, scope: MessageScope, id: number | undefined): Promise<AccessedMessage> {
  if (id === undefined) throw invalidMessage();
  const message = await messageById(deps.db, scope.realm.id, id);
  if (!message) throw invalidMessage();
  const flags = await userMessageFlags(deps.db, scope.user.id, id);
  if (flags !== undefined) return { message, flags, received: true };
  const stream = message.stream_id !== null ? scope.streams.get(message.stream_id) : undefined;
  if (stream && canReadChannelHistory(scope, stream)) return { message, flags: HISTORICAL_FLAGS, received: false };
  throw invalidMessage();
}
