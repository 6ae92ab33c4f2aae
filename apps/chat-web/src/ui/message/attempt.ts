// Running an action from a menu, a toolbar or a key: a refusal shows as a toast with the
// server's words (nothing is undone by hand: the stores follow the server's events).
import type { Message } from "../../state/types";
import { openEmojiPicker } from "../emoji/open";
import { errorText, toggleReaction } from "./actions";
import { showToast } from "./toast";

/** Runs an action; a refusal shows as a toast with the server's words. */
export function attempt(action: () => Promise<unknown>, done?: string): void {
  action().then(
    () => done && showToast(done),
    (error: unknown) => showToast(errorText(error), true),
  );
}

export function openReactionPicker(anchor: HTMLElement, message: Message): void {
  attempt(() => openEmojiPicker(anchor, "Add a reaction", (emoji) => attempt(() => toggleReaction(message, emoji))));
}
