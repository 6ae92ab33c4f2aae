// What the message menu, its toolbar and the keyboard do to a message, through the /json API.
// The server's answer is the truth: the stores change when its events arrive, not here (except
// where waiting would look broken, as noted); a refusal comes back as the server's message.
import { ApiError, api } from "../../api/client";
import { apiNarrow } from "../../narrow/narrow";
import { channelName } from "../../state/channels";
import { draft, setDraft } from "../../state/compose";
import type { EmojiEntry } from "../../state/emoji-catalog";
import { currentView, editingId, pauseReading, type View } from "../../state/messages";
import { session } from "../../state/session";
import { userName } from "../../state/users";
import type { Message } from "../../state/types";
import { replyTo } from "../compose/open";
import { messagePermalink, quoteBlock, withQuote } from "./quote";

export const errorText = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

export function permalink(message: Message): string {
  return messagePermalink(message, location.origin, { channelName, userName });
}

export function toggleStar(message: Message): Promise<unknown> {
  const on = message.flags.includes("starred");
  return api.post("/messages/flags", { messages: [message.id], op: on ? "remove" : "add", flag: "starred" });
}

/** Joins or leaves a reaction with this emoji (by code and type, as Zulip matches them). */
export function toggleReaction(message: Message, emoji: Pick<EmojiEntry, "name" | "code" | "type">): Promise<unknown> {
  const myId = session.peek()!.userId;
  const mine = message.reactions.some((r) => r.user_id === myId && r.emoji_code === emoji.code && r.reaction_type === emoji.type);
  const params = { emoji_name: emoji.name, emoji_code: emoji.code, reaction_type: emoji.type };
  return mine ? api.delete(`/messages/${message.id}/reactions`, params) : api.post(`/messages/${message.id}/reactions`, params);
}

/** The message's Markdown source, as its sender wrote it. */
export async function rawContent(id: number): Promise<string> {
  const { message } = await api.get<{ message: { content: string } }>(`/messages/${id}`, { apply_markdown: false });
  return message.content;
}

export async function copyLink(message: Message): Promise<void> {
  const link = permalink(message);
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    // No clipboard permission (or an insecure origin): the older way, through a selection.
    const area = document.createElement("textarea");
    area.value = link;
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    if (!done) throw new Error("The browser did not allow copying.");
  }
}

/** Points the compose box at the message's conversation and quotes it there (Zulip's "Quote and reply"). */
export async function quoteAndReply(message: Message): Promise<void> {
  replyTo(message);
  // The words come from the server: a placeholder holds their place meanwhile, as in Zulip.
  const placeholder = "[Quoting…]";
  setDraft({ content: withQuote(draft.peek().content, placeholder) });
  focusCompose();
  let quote: string;
  try {
    quote = quoteBlock(await rawContent(message.id), message.sender_full_name, message.sender_id, permalink(message));
  } catch (error) {
    setDraft({ content: draft.peek().content.replace(`${placeholder}\n`, "") });
    throw error;
  }
  setDraft({ content: draft.peek().content.replace(placeholder, quote) });
  focusCompose();
}

function focusCompose(): void {
  const box = document.querySelector<HTMLTextAreaElement>("[data-testid=compose] textarea");
  if (!box) return;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
}

/**
 * Marks this message and every later one of the open view unread (POST /messages/flags/narrow,
 * as Zulip's web app does, a thousand at a time), then stops marking messages read in this view
 * until another is opened: they are on screen, and would be read again at once.
 */
export async function markUnreadFromHere(message: Message, view: View | null = currentView.peek()): Promise<void> {
  if (!view) return;
  pauseReading(view);
  const narrow = apiNarrow(view.narrow, session.peek()!.userId);
  let anchor = message.id;
  let includeAnchor = true;
  for (;;) {
    const page = await api.post<{ found_newest: boolean; last_processed_id: number | null }>("/messages/flags/narrow", {
      anchor,
      include_anchor: includeAnchor,
      num_before: 0,
      num_after: 1000,
      narrow,
      op: "remove",
      flag: "read",
    });
    if (page.found_newest || page.last_processed_id === null) return;
    anchor = page.last_processed_id;
    includeAnchor = false;
  }
}

export async function saveEdit(message: Message, content: string): Promise<void> {
  await api.patch(`/messages/${message.id}`, { content });
  if (editingId.peek() === message.id) editingId.value = null;
}

export function deleteMessage(message: Message): Promise<unknown> {
  return api.delete(`/messages/${message.id}`);
}

export type PropagateMode = "change_one" | "change_later" | "change_all";

export interface MoveRequest {
  messageId: number;
  channelId?: number;
  topic?: string;
  propagateMode: PropagateMode;
  notifyOld: boolean;
  notifyNew: boolean;
}

export function moveMessages(req: MoveRequest): Promise<unknown> {
  return api.patch(`/messages/${req.messageId}`, {
    stream_id: req.channelId,
    topic: req.topic,
    propagate_mode: req.propagateMode,
    send_notification_to_old_thread: req.notifyOld,
    send_notification_to_new_thread: req.notifyNew,
  });
}

/** Zulip's resolved-topic prefix. */
export const RESOLVED_PREFIX = "✔ ";

export const isResolved = (topic: string) => topic.startsWith(RESOLVED_PREFIX);

/** The topic's name resolved or unresolved (Zulip strips any run of "✔" and spaces). */
export const toggledResolution = (topic: string) => (isResolved(topic) ? topic.replace(/^[✔ ]+/u, "") : `${RESOLVED_PREFIX}${topic}`);

/** Resolves or unresolves a whole topic through one of its messages. */
export function toggleResolved(messageId: number, topic: string): Promise<unknown> {
  return moveMessages({ messageId, topic: toggledResolution(topic), propagateMode: "change_all", notifyOld: false, notifyNew: true });
}
