// Adding and removing emoji reactions. A reaction with an emoji code someone already used on
// the message counts as a vote for it and takes that reaction's name.
import { isUniqueViolation } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { ZulipError } from "../http/errors.js";
import { checkEmoji, type CustomEmojiLookup } from "../lib/emoji.js";
import type { PendingEvent } from "../lib/events.js";
import { messageAudience } from "../events/message-events.js";
import { createHistoricalRows } from "../store/message-flags.js";
import type { Message } from "../store/messages.js";
import type { User } from "../store/users.js";
import { deleteReaction, findReaction, insertReaction, reactionWithCode } from "../store/reactions.js";
import { publish } from "./publish.js";

export class ReactionExistsError extends ZulipError {
  constructor() {
    super("Reaction already exists.", { code: "REACTION_ALREADY_EXISTS" });
  }
}

export class ReactionDoesNotExistError extends ZulipError {
  constructor() {
    super("Reaction doesn't exist.", { code: "REACTION_DOES_NOT_EXIST" });
  }
}

/** Who reacts: the event names them by id and, for older clients, in the deprecated `user` object. */
export type Reactor = Pick<User, "id" | "email" | "full_name">;

export interface ReactionRequest {
  user: Reactor;
  message: Message;
  received: boolean;
  emojiName: string;
  emojiCode: string;
  reactionType: string;
  /** the realm's custom emoji */
  custom: CustomEmojiLookup;
}

/** Everyone holding the message, and the subscribers of a channel whose history they may read. */
const audience = (deps: ChatDeps, message: Message) => messageAudience(deps.db, [message.id], message.stream_id);

interface ReactionFacts {
  user: Reactor;
  messageId: number;
  emojiName: string;
  emojiCode: string;
  reactionType: string;
}

// compat: Zulip's notify_reaction_update (zerver/actions/reactions.py) still sends the `user`
// object it deprecated at feature level 2, and zulip-terminal reads the reactor from it alone.
function reactionEvent(op: "add" | "remove", r: ReactionFacts, users: number[]): PendingEvent {
  const user = { user_id: r.user.id, email: r.user.email, full_name: r.user.full_name };
  return {
    event: { type: "reaction", op, user_id: r.user.id, user, message_id: r.messageId, emoji_name: r.emojiName, emoji_code: r.emojiCode, reaction_type: r.reactionType },
    users,
  };
}

export async function checkAddReaction(deps: ChatDeps, request: ReactionRequest): Promise<{ events: PendingEvent[] }> {
  const key = { message_id: request.message.id, user_id: request.user.id, reaction_type: request.reactionType, emoji_code: request.emojiCode };
  if (await findReaction(deps.db, key)) throw new ReactionExistsError();
  const existing = await reactionWithCode(deps.db, request.message.id, request.reactionType, request.emojiCode);
  const emojiName = existing ? existing.emoji_name : request.emojiName;
  if (!existing) checkEmoji(request.emojiName, request.emojiCode, request.reactionType, request.custom);
  const { stamp } = await deps.events.transaction(async (trx) => {
    if (!request.received) await createHistoricalRows(trx, request.user.id, [request.message.id]);
    await insertReaction(trx, { ...key, emoji_name: emojiName });
  }).catch((error: unknown) => {
    // The same reaction added twice at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw new ReactionExistsError();
    throw error;
  });
  const events = [{ ...reactionEvent("add", { ...request, messageId: request.message.id, emojiName }, await audience(deps, request.message)), stamp, realmId: request.message.realm_id }];
  publish(deps, events);
  return { events };
}

export async function checkRemoveReaction(deps: ChatDeps, request: Omit<ReactionRequest, "emojiName" | "received" | "custom">): Promise<{ events: PendingEvent[] }> {
  const found = await findReaction(deps.db, { message_id: request.message.id, user_id: request.user.id, reaction_type: request.reactionType, emoji_code: request.emojiCode });
  if (!found) throw new ReactionDoesNotExistError();
  const { stamp } = await deps.events.transaction((trx) => deleteReaction(trx, found.id));
  const events = [{ ...reactionEvent("remove", { ...request, messageId: request.message.id, emojiName: found.emoji_name }, await audience(deps, request.message)), stamp, realmId: request.message.realm_id }];
  publish(deps, events);
  return { events };
}
