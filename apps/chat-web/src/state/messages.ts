// Messages by id (one signal each, so a reaction or an edit redraws one message) and the views
// of narrows: the ids a narrow holds, in order, with whether its oldest and newest ends are
// loaded. Views are kept for a few recent narrows (switching back is instant) and the messages
// no kept view holds are dropped, so memory stays bounded however long the page lives.
import { batch, signal, type Signal } from "@preact/signals";
import { api } from "../api/client";
import { apiNarrow, matchesNarrow, narrowKey, type Narrow } from "../narrow/narrow";
import { me, session } from "./session";
import type { Message } from "./types";

export const messages = new Map<number, Signal<Message>>();

export interface View {
  key: string;
  narrow: Narrow;
  ids: Signal<readonly number[]>;
  foundOldest: Signal<boolean>;
  foundNewest: Signal<boolean>;
  loading: Signal<"initial" | "older" | "newer" | null>;
  error: Signal<string | null>;
  /** messages that arrived for this narrow out of sight (beyond the loaded end, or below the screen) */
  newBelow: Signal<number>;
  /** live messages that arrived while the first page was on its way (it may predate them) */
  pending: Message[];
  /** the message to open at (first unread, or the near/anchor one); null: the newest */
  openAt: number | null;
  /** a search's highlighted copies of its messages (the server's match_content, match_subject) */
  matches?: Map<number, SearchMatch>;
  /** loaded ahead (prefetchView) and not shown yet: it opens at its first unread as of then */
  ahead?: boolean;
}

export interface SearchMatch {
  content: string;
  subject: string;
  /** the message's content when fetched: an edit since then shows the new content, unmarked */
  source: string;
}

// Room for the views loaded ahead (state/prefetch.ts) besides the ones the reader opened.
const KEPT_VIEWS = 20;
const views = new Map<string, View>();
export const currentView = signal<View | null>(null);
/** Counts openView calls: the list starts afresh (placed, "ready") on each, even for a kept view. */
export const viewSerial = signal(0);
/** The selected message (Zulip's pointer): j/k move it, e edits it, the list shows and follows it. */
export const selectedId = signal<number | null>(null);
/** The message being edited in place, if any (one at a time, as in Zulip). */
export const editingId = signal<number | null>(null);

const PAGE = 50;
// A view holds at most this many ids: reading far back drops the newest end (fetched again on
// the way down), so scrolling through thousands of messages keeps memory bounded.
const MAX_LOADED = 600;

export function storeMessage(message: Message): void {
  const old = messages.get(message.id);
  if (old) old.value = message;
  else messages.set(message.id, signal(message));
}

export function updateMessage(id: number, change: (m: Message) => Message): void {
  const s = messages.get(id);
  if (s) s.value = change(s.peek());
}

async function fetchPage(view: View, anchor: string | number, before: number, after: number): Promise<{ messages: Message[]; found_oldest: boolean; found_newest: boolean; found_anchor: boolean; anchor: number }> {
  const page = await api.get<{ messages: (Message & Partial<Record<"match_content" | "match_subject", string>>)[]; found_oldest: boolean; found_newest: boolean; found_anchor: boolean; anchor: number }>("/messages", {
    anchor,
    num_before: before,
    num_after: after,
    include_anchor: typeof anchor === "number" && before > 0 && after > 0 ? true : typeof anchor === "string",
    // (the user's id matters only for the conversation with oneself, never prefetched)
    narrow: apiNarrow(view.narrow, session.peek()?.userId ?? 0),
    apply_markdown: true,
    client_gravatar: true,
  });
  // A search's highlights belong to its view: the message itself is stored as everywhere else.
  for (const m of page.messages) {
    if (m.match_content === undefined && m.match_subject === undefined) continue;
    (view.matches ??= new Map()).set(m.id, { content: m.match_content ?? m.content, subject: m.match_subject ?? "", source: m.content });
    delete m.match_content;
    delete m.match_subject;
  }
  return page;
}

/** The least recently opened views beyond KEPT_VIEWS go, with the messages only they held. */
function trimViews(): void {
  if (views.size <= KEPT_VIEWS) return;
  while (views.size > KEPT_VIEWS) views.delete(views.keys().next().value!);
  forgetUnusedMessages();
}

function forgetUnusedMessages(): void {
  const used = new Set<number>();
  for (const v of views.values()) for (const id of v.ids.peek()) used.add(id);
  for (const id of messages.keys()) if (!used.has(id)) messages.delete(id);
}

function show(view: View): void {
  batch(() => {
    currentView.value = view;
    viewSerial.value++;
    readingPausedFor = null;
    // A new narrow starts with no selection (the first j/k picks up where the reader is).
    if (selectedId.peek() !== null && !view.ids.peek().includes(selectedId.peek()!)) selectedId.value = null;
  });
}

/**
 * Starts loading a narrow's first page before it is opened: while /register is still on its
 * way (the page's first view then costs one round trip, not two), or a channel the reader is
 * likely to open next (state/prefetch.ts); openView picks it up. Not for direct messages,
 * whose narrow needs to know who "me" is. Resolves once the page is in (or failed).
 */
export function prefetchView(narrow: Narrow): Promise<void> {
  const key = narrowKey(narrow);
  if (narrow.dm || narrow.near !== undefined || views.has(key)) return Promise.resolve();
  const view = newView(key, narrow, undefined);
  view.ahead = true;
  views.set(key, view);
  return loadInitial(view).then(() => {
    if (view.error.peek() && views.get(key) === view) views.delete(key); // signed out: try again later
  });
}

/** Whether a narrow's view is kept (loaded, or on its way). */
export const hasView = (narrow: Narrow): boolean => views.has(narrowKey(narrow));

/** Views kept besides the current one: what loading ahead may fill without evicting any. */
export const roomForViews = (): number => KEPT_VIEWS - views.size;

function newView(key: string, narrow: Narrow, at: number | undefined): View {
  return {
    key,
    narrow,
    ids: signal([]),
    foundOldest: signal(false),
    foundNewest: signal(false),
    loading: signal("initial"),
    error: signal(null),
    newBelow: signal(0),
    pending: [],
    openAt: at ?? narrow.near ?? null,
  };
}

/** The view of a narrow, loading its first page around the first unread (or `near`). */
export function openView(narrow: Narrow, at?: number): View {
  const key = narrowKey(narrow);
  let view = views.get(key);
  const loading = view?.loading.peek() === "initial" && narrow.near === undefined && at === undefined;
  if (view && (loading || (at === undefined && (narrow.near === undefined || view.ids.peek().includes(narrow.near))))) {
    views.delete(key);
    views.set(key, view);
    if (narrow.near !== undefined) view.openAt = narrow.near;
    // Loaded ahead, perhaps long ago: it opens at what is unread now (or at its newest end).
    else if (view.ahead && !loading && !view.narrow.terms) view.openAt = view.ids.peek().find((id) => messages.get(id)?.peek().flags.includes("read") === false) ?? null;
    view.ahead = false;
    trimViews();
    show(view);
    return view;
  }
  view = newView(key, narrow, at);
  views.delete(key);
  views.set(key, view);
  trimViews();
  show(view);
  void loadInitial(view);
  return view;
}

// A search opens at its newest match, as Zulip's does; other narrows at the first unread.
async function loadInitial(view: View, anchor: number | "first_unread" | "newest" = view.openAt ?? (view.narrow.terms ? "newest" : "first_unread")): Promise<void> {
  try {
    const page = await fetchPage(view, anchor, PAGE, PAGE);
    performance.mark("beacon:page-fetched");
    for (const m of page.messages) storeMessage(m);
    // Without an anchor of its own, the view opens at the first unread (or the newest).
    const firstUnread = page.messages.find((m) => !m.flags.includes("read"));
    if (anchor === "first_unread") view.openAt = firstUnread ? firstUnread.id : null;
    const ids = page.messages.map((m) => m.id);
    // Messages that arrived during the fetch and are newer than the page: they belong at its end.
    if (page.found_newest) {
      const newest = ids.at(-1) ?? 0;
      for (const m of view.pending) {
        if (m.id > newest && !ids.includes(m.id)) {
          storeMessage(m);
          ids.push(m.id);
        }
      }
    }
    view.pending = [];
    view.ids.value = ids;
    view.foundOldest.value = page.found_oldest;
    view.foundNewest.value = page.found_newest;
  } catch (error) {
    view.error.value = (error as Error).message;
  } finally {
    view.loading.value = null;
  }
}

export async function loadOlder(view: View): Promise<void> {
  if (view.loading.peek() || view.foundOldest.peek()) return;
  const oldest = view.ids.peek()[0];
  if (oldest === undefined) return;
  view.loading.value = "older";
  try {
    const page = await fetchPage(view, oldest, PAGE, 0);
    const known = new Set(view.ids.peek());
    const older = page.messages.filter((m) => !known.has(m.id));
    for (const m of older) storeMessage(m);
    const ids = [...older.map((m) => m.id), ...view.ids.peek()];
    view.ids.value = ids.length > MAX_LOADED ? ids.slice(0, MAX_LOADED) : ids;
    view.foundOldest.value = page.found_oldest;
    if (ids.length > MAX_LOADED) {
      view.foundNewest.value = false;
      forgetUnusedMessages();
    }
  } catch (error) {
    view.error.value = (error as Error).message;
  } finally {
    view.loading.value = null;
  }
}

export async function loadNewer(view: View): Promise<void> {
  if (view.loading.peek() || view.foundNewest.peek()) return;
  const newest = view.ids.peek().at(-1);
  if (newest === undefined) return;
  view.loading.value = "newer";
  try {
    const page = await fetchPage(view, newest, 0, PAGE);
    const known = new Set(view.ids.peek());
    const newer = page.messages.filter((m) => !known.has(m.id));
    for (const m of newer) storeMessage(m);
    const ids = [...view.ids.peek(), ...newer.map((m) => m.id)];
    view.ids.value = ids.length > MAX_LOADED ? ids.slice(-MAX_LOADED) : ids;
    view.foundNewest.value = page.found_newest;
    if (ids.length > MAX_LOADED) {
      view.foundOldest.value = false;
      forgetUnusedMessages();
    }
  } catch (error) {
    view.error.value = (error as Error).message;
  } finally {
    view.loading.value = null;
  }
}

/**
 * A new message from the event queue: every kept view it belongs to (with its newest end
 * loaded) gets it. Each view counts it in newBelow; the list clears the count while its reader
 * is at the bottom (they see it come), else it offers to jump down to it.
 */
export function addLiveMessage(message: Message): void {
  const myId = me().userId;
  let stored = false;
  for (const view of views.values()) {
    if (!matchesNarrow(view.narrow, message, myId)) continue;
    if (view.loading.peek() === "initial") {
      view.pending.push(message);
      continue;
    }
    // One's own messages are never "new below": the list scrolls to them (or says where they went).
    if (message.sender_id !== myId) view.newBelow.value++;
    if (!view.foundNewest.peek()) continue;
    if (!stored) storeMessage(message);
    stored = true;
    if (!view.ids.peek().includes(message.id)) view.ids.value = [...view.ids.peek(), message.id];
  }
}

/**
 * "Jump to the newest": the list starts afresh at the bottom. With the newest end loaded that
 * is the loaded ids; without it, the newest page is fetched (the ids read so far are dropped).
 */
export function jumpToPresent(view: View): void {
  view.newBelow.value = 0;
  view.openAt = null;
  if (view.foundNewest.peek()) {
    show(view);
    return;
  }
  const fresh = newView(view.key, view.narrow, undefined);
  fresh.openAt = null;
  views.set(view.key, fresh);
  show(fresh);
  void loadInitial(fresh, "newest").then(forgetUnusedMessages);
}

/** Deleted messages leave every view; an edit open on one of them is cancelled. */
export function removeMessages(ids: readonly number[]): void {
  const gone = new Set(ids);
  batch(() => {
    if (editingId.peek() !== null && gone.has(editingId.peek()!)) editingId.value = null;
    if (selectedId.peek() !== null && gone.has(selectedId.peek()!)) selectedId.value = neighbourOf(selectedId.peek()!, gone);
  });
  for (const view of views.values()) {
    if (view.ids.peek().some((id) => gone.has(id))) view.ids.value = view.ids.peek().filter((id) => !gone.has(id));
  }
  for (const id of ids) messages.delete(id);
}

/** The message next to `id` in the current view that is not `gone` (after it, else before it). */
function neighbourOf(id: number, gone: ReadonlySet<number>): number | null {
  const ids = currentView.peek()?.ids.peek() ?? [];
  const at = ids.indexOf(id);
  if (at < 0) return null;
  for (let i = at + 1; i < ids.length; i++) if (!gone.has(ids[i]!)) return ids[i]!;
  for (let i = at - 1; i >= 0; i--) if (!gone.has(ids[i]!)) return ids[i]!;
  return null;
}

/** Views whose contents a change can no longer be applied to (a move): reloaded when next opened. */
export function dropViews(test: (view: View) => boolean): void {
  for (const [key, view] of views) if (view !== currentView.peek() && test(view)) views.delete(key);
}

/** After re-registering: every view is stale; the current one reloads at the same place. */
export function reloadViews(): void {
  const current = currentView.peek();
  views.clear();
  if (!current) {
    messages.clear();
    return;
  }
  // Reopened at the message that was at the top of the screen (MessageList keeps openAt);
  // the old messages stay on screen until the fresh page replaces them.
  const fresh = openView(current.narrow, current.openAt ?? undefined);
  if (!fresh.ids.peek().length) fresh.ids.value = current.ids.peek();
}

/** Messages came into the open view from elsewhere (a move): it reloads at the same place. */
export function reloadCurrentView(): void {
  const current = currentView.peek();
  if (!current) return;
  views.delete(current.key);
  const fresh = openView(current.narrow, current.openAt ?? undefined);
  if (!fresh.ids.peek().length) fresh.ids.value = current.ids.peek();
}

/** The view whose reading is paused ("mark as unread from here"), until another view opens. */
let readingPausedFor: View | null = null;

export function pauseReading(view: View): void {
  readingPausedFor = view;
}

export function isReadingPaused(view: View): boolean {
  // A search marks nothing read (Zulip's Filter.can_mark_messages_read): it is not a conversation.
  return readingPausedFor === view || view.narrow.terms !== undefined;
}

/** Flags of loaded messages (read, starred…) after update_message_flags. */
export function setFlag(ids: readonly number[] | "all", flag: string, on: boolean): void {
  const targets = ids === "all" ? [...messages.keys()] : ids;
  for (const id of targets) {
    updateMessage(id, (m) => {
      const has = m.flags.includes(flag);
      if (has === on) return m;
      return { ...m, flags: on ? [...m.flags, flag] : m.flags.filter((f) => f !== flag) };
    });
  }
}
