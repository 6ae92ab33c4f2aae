// Listeners of new messages as the event queue delivers them (after the stores have taken
// them): the parts of the app that load later (Recent conversations, notifications) follow
// the stream from here instead of api/apply.ts knowing about each of them.
import type { Message } from "./types";

type Listener = (message: Message) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with each new message; returns its removal. */
export function onNewMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceMessage(message: Message): void {
  for (const listener of listeners) listener(message);
}
