// The messages of the current narrow, under recipient headers. Only a window of them is in the
// page (at most WINDOW messages, around what is on screen): scrolling near an end slides the
// window, and past the loaded history fetches older or newer pages. The scroll position is
// kept by the first message on screen across every change, or stays at the bottom when the
// reader was there (new messages come into view). Messages seen on screen are marked read.
import { batch, effect } from "@preact/signals";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { dmPeers, matchesNarrow } from "../narrow/narrow";
import { channelName } from "../state/channels";
import { discard, echoes, retry, type Echo } from "../state/compose";
import { isReadingPaused, jumpToPresent, loadNewer, loadOlder, messages, selectedId, type View } from "../state/messages";
import { seen } from "../state/read";
import { firstViewShown, session } from "../state/session";
import { users } from "../state/users";
import type { Message } from "../state/types";
import { Avatar } from "./Avatar";
import { formatTime } from "./format";
import { installMessageShortcuts } from "./message/navigation";
import { prefetchMessageTools } from "./message/prefetch";
import { focusedHeader, focusedId, headerOf, pointedHeader, pointedId, rowOf } from "./message/MessageActions";
import { RecipientHeader } from "./message/RecipientHeader";
import { SentBanner, sentElsewhere } from "./message/SentBanner";
import { toast } from "./message/toast";
import { MessageRow } from "./MessageRow";
import "./message/modals";
import "./messages.css";

const WINDOW = 150;
const STEP = 50;
const EDGE = 600; // px from an end that counts as "near"
// The first screen: a few messages above where the view opens and FIRST from there on; more,
// FIRST at a time, only while the screen is not full. The rest of the window (the EDGE margins)
// follows once that screen is drawn: rendering 40–90 rows for 10 on screen cost the first
// view a third of its own time.
const FIRST = 20;
const BEFORE_OPEN = 5;

const recipientKey = (m: Pick<Message, "type" | "stream_id" | "subject" | "display_recipient">, myId: number) =>
  m.type === "stream" ? `s${m.stream_id}\u0000${m.subject.toLowerCase()}` : `d${dmPeers(m, myId).join(",")}`;

function echoAsMessage(echo: Echo, myId: number): Message {
  const me = users.peek().get(myId);
  const own = session.peek();
  const recipients = [...echo.userIds, myId].map((id) => ({ id, email: "", full_name: users.peek().get(id)?.full_name ?? "" }));
  return {
    id: 0,
    type: echo.draft.kind === "dm" ? "private" : "stream",
    sender_id: myId,
    sender_full_name: me?.full_name ?? own?.fullName ?? "",
    sender_email: me?.email ?? own?.email ?? "",
    avatar_url: me?.avatar_url ?? null,
    stream_id: echo.draft.channelId ?? undefined,
    display_recipient: echo.draft.kind === "dm" ? recipients : (channelName(echo.draft.channelId ?? 0) ?? ""),
    subject: echo.draft.topic,
    content: "",
    timestamp: echo.timestamp,
    flags: ["read"],
    reactions: [],
    submessages: [],
  };
}

function EchoRow({ echo, message, grouped }: { echo: Echo; message: Message; grouped: boolean }) {
  const failed = echo.failed !== undefined;
  return (
    <article class={`message echo ${grouped && !failed ? "grouped" : ""} ${failed ? "failed" : ""}`} data-local-id={echo.localId} aria-label={failed ? "Not sent" : "Sending…"}>
      <div class="message-gutter">{(!grouped || failed) && <Avatar userId={message.sender_id} name={message.sender_full_name} url={message.avatar_url} />}</div>
      <div class="message-body">
        {(!grouped || failed) && (
          <div class="message-meta">
            <span class="sender-name">{message.sender_full_name}</span>
            <span class="message-time">{formatTime(echo.timestamp)}</span>
          </div>
        )}
        <div class="message-content echo-text">{echo.draft.content}</div>
        {failed && (
          <div class="echo-failure" role="alert">
            <span>Not sent: {echo.failed}</span>
            <button type="button" onClick={() => void retry(echo.localId).catch(() => {})}>
              Retry
            </button>
            <button type="button" onClick={() => discard(echo.localId)}>
              Discard
            </button>
          </div>
        )}
      </div>
      <div class="message-side" />
    </article>
  );
}

/** How much of the list's top a stuck recipient bar covers (its height less the gap that scrolls away). */
function stickyCover(list: HTMLElement): number {
  const bar = list.querySelector<HTMLElement>(".recipient-bar");
  return bar ? bar.offsetHeight + parseFloat(getComputedStyle(bar).top || "0") : 0;
}

/** Echoes already acted on (scrolled to, or announced): each send is followed once. */
const followedEchoes = new Set<string>();

/** Where a message sent elsewhere went, for the banner: "#design › launch", or the people. */
function conversationLabel(message: Message, myId: number): { narrow: Parameters<typeof matchesNarrow>[0]; label: string } {
  if (message.type === "stream") return { narrow: { channelId: message.stream_id, topic: message.subject }, label: `#${channelName(message.stream_id ?? 0) ?? "channel"} › ${message.subject || "general chat"}` };
  const peers = dmPeers(message, myId);
  const names = peers.map((id) => users.peek().get(id)?.full_name ?? "someone");
  return { narrow: { dm: peers }, label: peers.length ? names.join(", ") : "your notes to self" };
}

export function MessageList({ view }: { view: View }) {
  const ref = useRef<HTMLDivElement>(null);
  const allEchoes = echoes.value;
  const ids = view.ids.value;
  const loading = view.loading.value;
  const foundOldest = view.foundOldest.value;
  const foundNewest = view.foundNewest.value;
  const newBelow = view.newBelow.value;
  const myId = session.value!.userId;
  // The window, by the ids at its ends (indices move when older pages are prepended).
  const [range, setRange] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const state = useRef({ positioned: false, atBottom: false, anchor: null as { id: number; offset: number } | null, widening: false, reveal: null as number | null });
  // Whether the first screen has been drawn (see FIRST): until then only a screen's worth is.
  const [drawn, setDrawn] = useState(false);

  // First render of a view: a short window around where it opens (the first screen shows
  // sooner); scrolling, or a screen not yet full, widens it.
  const at = view.openAt === null ? -1 : ids.indexOf(view.openAt);
  const first = at >= 0 ? Math.max(0, at - BEFORE_OPEN) : Math.max(0, ids.length - FIRST);
  let start = range.from === null ? first : ids.indexOf(range.from);
  let end = range.to === null ? (at >= 0 ? Math.min(ids.length, at + FIRST) : ids.length) : ids.indexOf(range.to) + 1;
  if (start < 0) start = 0;
  if (end <= 0 || end > ids.length) end = ids.length;
  // A reader at the bottom follows new messages.
  if (state.current.atBottom && foundNewest) end = ids.length;
  if (end - start > WINDOW) {
    if (state.current.atBottom || !state.current.positioned) start = end - WINDOW;
    else end = start + WINDOW;
  }
  const shown = ids.slice(start, end);
  const showEchoes = foundNewest && end === ids.length;
  const myEchoes = showEchoes ? allEchoes.map((e) => ({ echo: e, message: echoAsMessage(e, myId) })).filter((e) => matchesNarrow(view.narrow, e.message, myId)) : [];

  const setWindow = (from: number, to: number) => {
    const f = Math.max(0, from);
    const t = Math.min(ids.length, to);
    setRange({ from: ids[f] ?? null, to: ids[t - 1] ?? null });
  };

  // What the effects below read of the latest render (they outlive it).
  const latest = useRef({ ids, start, end, setWindow });
  latest.current = { ids, start, end, setWindow };

  useEffect(() => {
    installMessageShortcuts();
    sentElsewhere.value = null;
  }, []);

  // A message the reader sends (its local echo appears): to the open view, the list goes down to
  // it (fetching the newest end if needed); elsewhere, a banner says where it went.
  useEffect(() => {
    for (const echo of allEchoes) {
      if (followedEchoes.has(echo.localId)) continue;
      followedEchoes.add(echo.localId);
      const message = echoAsMessage(echo, myId);
      if (!matchesNarrow(view.narrow, message, myId)) {
        sentElsewhere.value = conversationLabel(message, myId);
        continue;
      }
      sentElsewhere.value = null;
      if (!view.foundNewest.peek()) {
        jumpToPresent(view);
        continue;
      }
      state.current.atBottom = true;
      setRange((r) => ({ ...r }));
    }
  }, [allEchoes]);

  // The selected message (j/k, a click) stays in sight: scrolled to just below the sticky
  // header, or brought into the window first when it is outside it.
  useEffect(
    () =>
      effect(() => {
        const id = selectedId.value;
        if (id !== null) reveal(id);
      }),
    [view],
  );
  const reveal = (id: number) => {
    const list = ref.current;
    if (!list) return;
    const el = list.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    const { ids: all, start: from, end: to, setWindow: slide } = latest.current;
    if (!el) {
      const at = all.indexOf(id);
      if (at < 0) return;
      state.current.reveal = id;
      if (at < from) slide(at - STEP, Math.min(to, at - STEP + WINDOW));
      else if (at >= to) slide(Math.max(from, at + STEP - WINDOW), at + STEP);
      return;
    }
    const box = list.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const top = box.top + stickyCover(list) + 8;
    if (r.top < top) list.scrollTop -= top - r.top;
    else if (r.bottom > box.bottom - 8) list.scrollTop += Math.min(r.bottom - (box.bottom - 8), r.top - top);
  };

  // Where the reader is: the first message on screen (kept across changes; a reload after a
  // lost queue reopens there) and whether they are at the bottom.
  const measure = () => {
    const list = ref.current;
    if (!list) return;
    const top = list.getBoundingClientRect().top;
    state.current.atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    if (state.current.atBottom && view.foundNewest.peek() && end === ids.length && view.newBelow.peek()) view.newBelow.value = 0;
    state.current.anchor = null;
    for (const el of list.querySelectorAll<HTMLElement>("[data-message-id]")) {
      const offset = el.getBoundingClientRect().top - top;
      if (offset + el.offsetHeight > 0) {
        state.current.anchor = { id: Number(el.dataset.messageId), offset };
        view.openAt = state.current.anchor.id;
        break;
      }
    }
  };

  const onScroll = () => {
    const list = ref.current;
    if (!list || !state.current.positioned) return;
    measure();
    // The first placement's own scroll event comes before that screen is painted: the margins
    // wait for it to be drawn (below), or they would be laid out ahead of the first paint.
    if (!drawn) return;
    if (list.scrollTop < EDGE) {
      if (start > 0) setWindow(start - STEP, Math.min(end, start - STEP + WINDOW));
      else if (!foundOldest) {
        // Pin the window to what is shown, so the page that arrives is revealed step by step.
        setWindow(start, end);
        void loadOlder(view);
      }
    }
    if (list.scrollHeight - list.scrollTop - list.clientHeight < EDGE) {
      if (end < ids.length) setWindow(Math.max(start, end + STEP - WINDOW), end + STEP);
      else if (!foundNewest) void loadNewer(view);
    }
  };

  // After each render: first placement at the first unread (or the bottom), then keep the anchor.
  useLayoutEffect(() => {
    const list = ref.current;
    if (!list || loading === "initial") return;
    const s = state.current;
    if (!s.positioned) {
      const target = view.openAt !== null ? list.querySelector<HTMLElement>(`[data-message-id="${view.openAt}"]`) : null;
      if (target) {
        const bar = target.previousElementSibling?.classList.contains("recipient-bar") ? (target.previousElementSibling as HTMLElement) : null;
        // A message inside a group would sit under the sticky recipient header: leave its room.
        if (bar) list.scrollTop = bar.offsetTop - list.offsetTop;
        else list.scrollTop = target.offsetTop - list.offsetTop - 8 - stickyCover(list);
      } else list.scrollTop = list.scrollHeight;
      s.positioned = true;
      measure();
    } else if (s.atBottom) {
      list.scrollTop = list.scrollHeight;
      // The reader sees what arrives: nothing is waiting below.
      if (foundNewest && end === ids.length && view.newBelow.peek()) view.newBelow.value = 0;
    } else if (s.anchor) {
      const el = list.querySelector<HTMLElement>(`[data-message-id="${s.anchor.id}"]`);
      if (el) list.scrollTop += el.getBoundingClientRect().top - list.getBoundingClientRect().top - s.anchor.offset;
    }
    if (s.reveal !== null && list.querySelector(`[data-message-id="${s.reveal}"]`)) {
      const id = s.reveal;
      s.reveal = null;
      reveal(id);
      measure();
    }
    if (!drawn) {
      // The first screen: filled from what is loaded, then shown; the rest after it is drawn.
      // A window at its widest counts as full (a screen taller than WINDOW rows would loop).
      const full = list.scrollHeight - list.scrollTop >= list.clientHeight || end - start >= WINDOW;
      if (!full && (end < ids.length || start > 0)) {
        if (end < ids.length) setWindow(start, end + FIRST);
        else setWindow(start - FIRST, end);
        return;
      }
      if (!s.widening) {
        s.widening = true;
        document.documentElement.dataset.ready = "1";
        performance.mark("beacon:view-shown");
        // What waits for the first view (the user list, presence, the people column's rows,
        // loading ahead) starts once it is painted: set here, its effects and the redraws they
        // queue (requests, the sidebar, the people column) ran ahead of that first paint.
        requestAnimationFrame(() =>
          setTimeout(() => {
            firstViewShown.value = true;
            setDrawn(true);
          }, 0),
        );
      }
      if (full) return;
    }
    // Near the top with more above (a page just arrived, or a short page): reveal or fetch more.
    if (list.scrollTop < EDGE && !loading) {
      if (start > 0) setWindow(start - STEP, Math.min(end, start - STEP + WINDOW));
      else if (!foundOldest && list.scrollHeight <= list.clientHeight + EDGE) void loadOlder(view);
    } else if (list.scrollHeight - list.scrollTop - list.clientHeight < EDGE && end < ids.length && !loading) {
      // The same below: a screen that is not full yet shows more of what is loaded.
      setWindow(Math.max(start, end + STEP - WINDOW), end + STEP);
    }
  });

  // Mark read what comes into view (only once placed: the first screen counts as seen).
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // Not while reading is paused ("mark as unread from here": they are on screen).
          if (entry.isIntersecting && state.current.positioned && !isReadingPaused(view) && seen(Number((entry.target as HTMLElement).dataset.messageId))) observer.unobserve(entry.target);
        }
      },
      { root: list, threshold: 0.5 },
    );
    for (const el of list.querySelectorAll("[data-unread]")) observer.observe(el);
    return () => observer.disconnect();
  });

  const rows = [];
  let prevKey: string | null = null;
  let prevSender: number | null = null;
  let prevTime = 0;
  for (const id of shown) {
    const sig = messages.get(id);
    if (!sig) continue;
    const m = sig.peek();
    const key = recipientKey(m, myId);
    if (key !== prevKey) rows.push(<RecipientHeader key={`h${id}`} message={m} matchSubject={view.matches?.get(id)?.subject} />);
    const grouped = key === prevKey && m.sender_id === prevSender && m.timestamp - prevTime < 600;
    rows.push(<MessageRow key={id} sig={sig} grouped={grouped} match={view.matches?.get(id)} />);
    prevKey = key;
    prevSender = m.sender_id;
    prevTime = m.timestamp;
  }
  for (const { echo, message } of myEchoes) {
    const key = recipientKey(message, myId);
    if (key !== prevKey) rows.push(<RecipientHeader key={`e${echo.localId}`} message={message} />);
    rows.push(<EchoRow key={echo.localId} echo={echo} message={message} grouped={key === prevKey && prevSender === myId} />);
    prevKey = key;
    prevSender = myId;
  }

  const note = toast.value;
  return (
    <>
    <div
      class="message-list"
      data-testid="message-list"
      ref={ref}
      onScroll={onScroll}
      tabIndex={0}
      aria-label="Messages"
      aria-busy={loading !== null}
      // The picker, the menu and the editor load once the reader points at a message: ready when
      // clicked. The row or header pointed at, or holding the focus, draws its actions' icons.
      onPointerOver={(e) => {
        prefetchMessageTools();
        pointedId.value = rowOf(e.target);
        pointedHeader.value = headerOf(e.target);
      }}
      onPointerLeave={() => batch(() => ((pointedId.value = null), (pointedHeader.value = null)))}
      onFocusIn={(e) => batch(() => ((focusedId.value = rowOf(e.target)), (focusedHeader.value = headerOf(e.target))))}
      onFocusOut={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node | null)) batch(() => ((focusedId.value = null), (focusedHeader.value = null)));
      }}
    >
      {start === 0 && foundOldest && ids.length > 0 && <p class="list-edge">This is the beginning of the conversation.</p>}
      {(loading === "older" || (start === 0 && !foundOldest && loading === "initial")) && <p class="list-edge">Loading…</p>}
      {rows}
      {loading === "newer" && <p class="list-edge">Loading…</p>}
      {loading === null && ids.length === 0 && !myEchoes.length && <p class="list-empty">{view.error.value ?? "No messages here yet."}</p>}
      {newBelow > 0 && (
        <button type="button" class="jump-present" data-testid="jump-present" onClick={() => jumpToPresent(view)}>
          {newBelow === 1 ? "1 new message below" : `${newBelow} new messages below`} <span aria-hidden="true">↓</span>
        </button>
      )}
      {note && (
        <div class={`list-toast ${note.error ? "error" : ""}`} role={note.error ? "alert" : "status"} data-testid="toast">
          {note.text}
        </div>
      )}
    </div>
    <SentBanner />
    </>
  );
}
