// Listeners of the message stream as the event queue delivers it (after the stores have taken
// each change): the parts of the app that load later (Recent conversations, notifications)
// follow new messages, moves and deletions from here instead of api/apply.ts knowing about
// each of them.
import type { Message } from "./types";

/** Messages moved to another topic or channel (an update_message with a new topic or channel). */
export interface MessagesMoved {
  ids: readonly number[];
  fromChannel: number;
  fromTopic: string;
  toChannel: number;
  toTopic: string;
  /** the whole topic moved (change_all): its old name has no messages left */
  whole: boolean;
}

function listeners<T>() {
  const set = new Set<(value: T) => void>();
  return {
    /** Calls `listener` with each one; returns its removal. */
    listen(listener: (value: T) => void): () => void {
      set.add(listener);
      return () => set.delete(listener);
    },
    announce(value: T): void {
      for (const listener of set) listener(value);
    },
  };
}

const added = listeners<Message>();
const moved = listeners<MessagesMoved>();
const deleted = listeners<readonly number[]>();

export const onNewMessage = added.listen;
export const announceMessage = added.announce;
export const onMessagesMoved = moved.listen;
export const announceMove = moved.announce;
export const onMessagesDeleted = deleted.listen;
export const announceDeletion = deleted.announce;
