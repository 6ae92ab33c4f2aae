// The compose box's draft and the messages being sent. The draft survives a narrow switch, a
// lost event queue and a reload (localStorage holds only the draft's own words and target,
// never a credential). A message sent shows at once as a local echo, replaced by the server's
// copy when its `message` event (carrying our local_message_id) arrives.
import { signal } from "@preact/signals";
import { api, ApiError } from "../api/client";
import { eventQueueId } from "./queue";

export interface Draft {
  kind: "channel" | "dm";
  channelId: number | null;
  topic: string;
  /** DM recipients chosen (the pills), in the order picked */
  dmIds: number[];
  /** DM recipients typed but not yet chosen: emails or names, comma-separated */
  to: string;
  content: string;
}

export interface Echo {
  localId: string;
  draft: Draft;
  /** the recipients resolved when sent (DM) */
  userIds: number[];
  senderId: number;
  timestamp: number;
  /** the server's id once POST /messages answered (its event may come before or after) */
  serverId?: number;
  failed?: string;
}

const STORAGE_KEY = "beacon.chat.draft";
const EMPTY: Draft = { kind: "channel", channelId: null, topic: "", dmIds: [], to: "", content: "" };

function loadDraft(): Draft {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    if (saved && typeof saved === "object") return { ...EMPTY, ...saved };
  } catch {
    // a damaged entry: start empty
  }
  return EMPTY;
}

export const draft = signal<Draft>(EMPTY);

/**
 * The saved draft, read once the first requests are out (main.tsx): a page's first use of
 * localStorage waits for the browser to open the site's storage, which is no reason to hold
 * back /register.
 */
export function restoreDraft(): void {
  draft.value = loadDraft();
}
export const echoes = signal<readonly Echo[]>([]);

/**
 * Whether the box is open. Zulip keeps it closed until asked (a button, `c`, `x`, `r`, a
 * message's "quote and reply"); here a conversation's view (a topic, a direct conversation)
 * opens it pointed there, and every other view closes it. Closing keeps the draft.
 */
export const composeOpen = signal(false);
export type ComposeField = "content" | "topic" | "to";
/** The field to focus once the box is drawn open (consumed by the box). */
export const composeFocus = signal<ComposeField | null>(null);

/** Opens the box, changing the draft's target first; `focus` names the field to type in. */
export function openCompose(change: Partial<Draft> = {}, focus: ComposeField | null = "content"): void {
  if (Object.keys(change).length) setDraft(change);
  composeOpen.value = true;
  if (focus) composeFocus.value = focus;
}

export function closeCompose(): void {
  composeOpen.value = false;
  composeFocus.value = null;
}

export function setDraft(change: Partial<Draft>): void {
  draft.value = { ...draft.peek(), ...change };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(draft.peek()));
  } catch {
    // storage full or disabled: the draft still lives in the page
  }
}

export function clearDraftStorage(): void {
  localStorage.removeItem(STORAGE_KEY);
}

let counter = 0;

/**
 * Sends the draft (its content is cleared at once by the caller). When the server refuses it or
 * cannot be reached, the echo stays, marked failed with the reason, for a retry or a discard.
 */
export async function send(target: Draft, userIds: number[], senderId: number, timestamp = Math.floor(Date.now() / 1000)): Promise<void> {
  const localId = `${Date.now()}.${++counter}`;
  const echo: Echo = { localId, draft: target, userIds, senderId, timestamp };
  echoes.value = [...echoes.peek(), echo];
  const params =
    target.kind === "dm"
      ? { type: "direct", to: userIds, content: target.content }
      : { type: "stream", to: target.channelId ?? 0, topic: target.topic, content: target.content };
  try {
    const sent = await api.post<{ id: number }>("/messages", { ...params, queue_id: eventQueueId.peek() ?? undefined, local_id: localId });
    // The event may already have replaced the echo; if not, it will (see settleEcho).
    if (echoes.peek().some((e) => e.localId === localId)) echoes.value = echoes.peek().map((e) => (e.localId === localId ? { ...e, serverId: sent.id } : e));
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError(0, "NETWORK", String(error));
    echoes.value = echoes.peek().map((e) => (e.localId === localId ? { ...e, failed: failure.message } : e));
    throw failure;
  }
}

/** Sends a failed message again (a new echo in its place, at its original time). */
export function retry(localId: string): Promise<void> {
  const echo = echoes.peek().find((e) => e.localId === localId);
  if (!echo) return Promise.resolve();
  echoes.value = echoes.peek().filter((e) => e.localId !== localId);
  return send(echo.draft, echo.userIds, echo.senderId, echo.timestamp);
}

/** Gives up a failed message: its words go back into an empty compose box, so none are lost. */
export function discard(localId: string): void {
  const echo = echoes.peek().find((e) => e.localId === localId);
  if (!echo) return;
  echoes.value = echoes.peek().filter((e) => e.localId !== localId);
  if (!draft.peek().content.trim()) setDraft({ content: echo.draft.content });
}

/** A message event arrived: the echo it answers (by local id, or by the id POST returned) goes. */
export function settleEcho(localId: string | undefined, messageId: number): void {
  const rest = echoes.peek().filter((e) => e.localId !== localId && e.serverId !== messageId);
  if (rest.length !== echoes.peek().length) echoes.value = rest;
}

/** Echoes whose send answered but whose event was lost with a queue: the reload shows them. */
export function dropAnsweredEchoes(): void {
  echoes.value = echoes.peek().filter((e) => e.serverId === undefined);
}
