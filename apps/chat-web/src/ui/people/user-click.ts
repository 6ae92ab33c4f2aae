// What a click on a person (in the people list) does: by default, open the direct conversation
// with them (one's own name: the notes to self). Another part of the app (a profile card) may
// take the click over with onUserClick.
import { go } from "../../narrow/router";
import { session } from "../../state/session";

export type UserClickHandler = (userId: number, anchor: HTMLElement) => void;

const openConversation: UserClickHandler = (userId) => go({ dm: userId === session.peek()?.userId ? [] : [userId] });
let handler: UserClickHandler = openConversation;

/** Replaces what a click on a person does; returns the restoring of the default. */
export function onUserClick(next: UserClickHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = openConversation;
  };
}

export function userClicked(userId: number, anchor: HTMLElement): void {
  handler(userId, anchor);
}
