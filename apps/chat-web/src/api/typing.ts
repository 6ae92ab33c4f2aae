// The compose box's typing notifications: its draft changes with every keystroke (and empties on
// a send), and each change goes through the TypingNotifier (typing-notifier.ts).
import { effect } from "@preact/signals";
import { api } from "./client";
import { TypingNotifier, type TypingTarget } from "./typing-notifier";
import { draft, type Draft } from "../state/compose";
import { session } from "../state/session";
import { userSettings } from "../state/settings";
import { findUser } from "../state/users";

/**
 * The compose box's target as a typing target: the chosen recipients (the pills) and any typed
 * name or email not made a pill yet; null while something typed names nobody known, and for
 * one's notes to self (nobody else to tell).
 */
export function targetOfDraft(d: Pick<Draft, "kind" | "channelId" | "topic" | "dmIds" | "to" | "content">, resolve: (name: string) => number | undefined, myUserId: number): TypingTarget | null {
  if (!d.content.trim()) return null;
  if (d.kind === "channel") return d.channelId !== null ? { kind: "channel", streamId: d.channelId, topic: d.topic } : null;
  const typed = d.to
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map(resolve);
  if (typed.some((id) => id === undefined)) return null;
  const ids = [...new Set([...(d.dmIds ?? []), ...(typed as number[])])].filter((id) => id !== myUserId);
  return ids.length ? { kind: "dm", to: ids } : null;
}

let watching: (() => void) | null = null;

/**
 * Follows the compose box (its draft: every keystroke changes it, a send empties it) and says
 * "start"/"stop" for it, unless the user turned typing notifications off for that kind of
 * conversation (the server would refuse them).
 */
export function watchCompose(): void {
  if (watching) return;
  const notifier = new TypingNotifier((op, target) => {
    const params =
      target.kind === "dm" ? { type: "direct", op, to: [...target.to] } : { type: "stream", op, stream_id: target.streamId, topic: target.topic };
    void api.post("/typing", params).catch(() => {});
  });
  let lastContent = draft.peek().content;
  watching = effect(() => {
    const d = draft.value;
    if (d.content === lastContent) return;
    lastContent = d.content;
    const settings = userSettings.peek();
    const allowed = d.kind === "dm" ? settings.send_private_typing_notifications !== false : settings.send_stream_typing_notifications !== false;
    notifier.typed(allowed ? targetOfDraft(d, (name) => findUser(name)?.user_id, session.peek()?.userId ?? 0) : null);
  });
}
