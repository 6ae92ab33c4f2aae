// Recent conversations (`#recent`): channel topics and direct conversations by their newest
// message, with who took part (pictures, the most recent first), the unread count and when;
// filters for the unread ones and the ones the user wrote in. Live: new messages move their
// conversation to the top (recent-store.ts), reads lower the counts (state/unreads.ts).
import { useSignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { hashOf } from "../../narrow/router";
import { channelName, subscriptionById } from "../../state/channels";
import { session } from "../../state/session";
import { topicKey, unreadCounts } from "../../state/unreads";
import { displayName, users } from "../../state/users";
import { Avatar } from "../Avatar";
import { formatDate, formatTime } from "../format";
import { Icon } from "../Icon";
import { rowKeys } from "./keyboard";
import { conversationName } from "./names";
import { byActivity, loadRecent, recent, recentState, type RecentConversation } from "./recent-store";
import "./home.css";

const SHOWN = 200;
const AVATARS = 4;

function when(seconds: number): string {
  if (!seconds) return "";
  const day = (s: number) => formatDate(s);
  return day(seconds) === day(Date.now() / 1000) ? formatTime(seconds) : day(seconds);
}

function Participants({ ids }: { ids: number[] }) {
  const all = users.value;
  const shown = ids.slice(0, AVATARS);
  return (
    <span class="recent-people" aria-label={`Participants: ${ids.map(displayName).join(", ")}`}>
      {shown.map((id) => (
        <span key={id} title={displayName(id)}>
          <Avatar userId={id} name={all.get(id)?.full_name ?? ""} url={all.get(id)?.avatar_url} size={22} />
        </span>
      ))}
      {ids.length > AVATARS && <span class="recent-more">+{ids.length - AVATARS}</span>}
    </span>
  );
}

function unreadOf(c: RecentConversation): number {
  const counts = unreadCounts.value;
  if (c.dm) return counts.dms.get(c.dm.join(",")) ?? 0;
  return counts.topics.get(topicKey(c.channelId!, c.topic!)) ?? 0;
}

export default function Recent() {
  const unreadOnly = useSignal(false);
  const participated = useSignal(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => void loadRecent(), []);
  useEffect(() => rowKeys(() => box.current, "[data-recent-row]"), []);
  const me = session.value!.userId;
  const subs = subscriptionById.value;
  let rows = byActivity(recent.value).filter((c) => c.dm || subs.has(c.channelId!));
  if (unreadOnly.value) rows = rows.filter((c) => unreadOf(c) > 0);
  if (participated.value) rows = rows.filter((c) => c.senders.includes(me));
  const state = recentState.value;
  return (
    <div class="home-view recent" data-testid="recent" ref={box}>
      <header class="home-toolbar">
        <h2>Recent conversations</h2>
        <div class="recent-filters" role="group" aria-label="Filters">
          <button type="button" class="home-filter" aria-pressed={unreadOnly.value} data-testid="filter-unread" onClick={() => (unreadOnly.value = !unreadOnly.value)}>
            Unread
          </button>
          <button type="button" class="home-filter" aria-pressed={participated.value} data-testid="filter-participated" onClick={() => (participated.value = !participated.value)}>
            Participated
          </button>
        </div>
      </header>
      {state === "loading" && !rows.length && <p class="home-empty">Loading…</p>}
      {state === "error" && (
        <p class="home-empty" role="alert">
          Recent conversations could not be loaded. <button type="button" class="home-button" onClick={() => ((recentState.value = "idle"), void loadRecent())}>Try again</button>
        </p>
      )}
      {state === "ready" && !rows.length && <p class="home-empty">No conversations match.</p>}
      <ul class="recent-rows">
        {rows.slice(0, SHOWN).map((c) => {
          const n = unreadOf(c);
          const sub = c.channelId !== undefined ? subs.get(c.channelId) : undefined;
          return (
            <li key={c.key} class={`recent-row ${sub?.is_muted ? "muted" : ""}`} data-testid="recent-row">
              <span class="recent-where">
                {c.dm ? (
                  <>
                    <Icon name={c.dm.length > 1 ? "people" : "envelope"} size={14} /> Direct message
                  </>
                ) : (
                  <a href={hashOf({ channelId: c.channelId! })}>
                    <span class="channel-swatch" style={{ background: sub?.color }} aria-hidden="true" />
                    {channelName(c.channelId!) ?? "unknown channel"}
                  </a>
                )}
              </span>
              <a class="recent-topic" href={hashOf(c.dm ? { dm: c.dm } : { channelId: c.channelId!, topic: c.topic! })} data-recent-row>
                <span class="row-label">{c.dm ? conversationName(c.dm) : c.topic === "" ? <em>general chat</em> : c.topic}</span>
              </a>
              <span class="recent-count">{n > 0 && <span class="unread-count" data-testid="unread-count" aria-label={`${n} unread`}>{n}</span>}</span>
              <Participants ids={c.senders} />
              <time class="recent-time">{when(c.timestamp)}</time>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
