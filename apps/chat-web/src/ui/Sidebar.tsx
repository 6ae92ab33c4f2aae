// The left sidebar: views (combined feed, mentions, starred), the user's channels with unread
// counts (the current one, or any the user opens, lists its recent topics), and the recent
// direct conversations. Every row is a link to its narrow's URL fragment.
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { hashOf, currentNarrow } from "../narrow/router";
import { narrowKey, type Narrow } from "../narrow/narrow";
import { sortedSubscriptions } from "../state/channels";
import { conversations } from "../state/dms";
import { firstViewShown, session } from "../state/session";
import { starred } from "../state/starred";
import { loadTopics, topicsByChannel } from "../state/topics";
import { topicKey, unreadCounts, unreadTopicsOf } from "../state/unreads";
import { displayName, users } from "../state/users";
import type { Subscription } from "../state/types";
import { Icon } from "./Icon";
import { homeView } from "./home/route";
import { RealmBrand } from "./RealmBrand";
import "./sidebar.css";

const TOPICS_SHOWN = 8;
const DMS_SHOWN = 12;

function Count({ n, label }: { n: number; label?: string }) {
  if (!n) return null;
  return (
    <span class="unread-count" data-testid="unread-count" aria-label={`${n} ${label ?? "unread"}`}>
      {n}
    </span>
  );
}

function Row({ narrow, testid, children, extra, class: className }: { narrow: Narrow; testid: string; children: preact.ComponentChildren; extra?: Record<string, string | number>; class?: string }) {
  const active = !homeView.value && narrowKey(currentNarrow.value) === narrowKey(narrow);
  return (
    <a href={hashOf(narrow)} class={`sidebar-row ${className ?? ""} ${active ? "active" : ""}`} data-testid={testid} aria-current={active ? "page" : undefined} {...extra}>
      {children}
    </a>
  );
}

function Topics({ channelId }: { channelId: number }) {
  // After the first view: the unread topics are known already, and on a long history the
  // recent-topics query is the server's slowest read of the start.
  const shown = firstViewShown.value;
  useEffect(() => void (shown && loadTopics(channelId)), [channelId, shown]);
  const counts = unreadCounts.value.topics;
  const recent = topicsByChannel.value.get(channelId) ?? [];
  const names = new Map<string, string>();
  for (const t of recent.slice(0, TOPICS_SHOWN)) names.set(t.name.toLowerCase(), t.name);
  for (const t of unreadTopicsOf(channelId)) if (!names.has(t.toLowerCase())) names.set(t.toLowerCase(), t);
  const current = currentNarrow.value;
  if (current.channelId === channelId && current.topic !== undefined && !names.has(current.topic.toLowerCase())) names.set(current.topic.toLowerCase(), current.topic);
  if (!names.size) return null;
  return (
    <ul class="topic-list">
      {[...names.values()].map((name) => (
        <li key={name}>
          <Row narrow={{ channelId, topic: name }} testid="topic-row" class="topic-row">
            <span class="row-label">{name === "" ? <em>general chat</em> : name}</span>
            <Count n={counts.get(topicKey(channelId, name)) ?? 0} />
          </Row>
        </li>
      ))}
    </ul>
  );
}

function ChannelItem({ sub, expanded, onToggle }: { sub: Subscription; expanded: boolean; onToggle: () => void }) {
  const n = unreadCounts.value.channels.get(sub.stream_id) ?? 0;
  return (
    <li class={sub.is_muted ? "muted" : ""}>
      <div class="channel-line">
        <button type="button" class="expand" aria-expanded={expanded} aria-label={`${expanded ? "Hide" : "Show"} topics of ${sub.name}`} onClick={onToggle}>
          <Icon name="chevron" size={12} class={expanded ? "" : "chevron-closed"} />
        </button>
        <Row narrow={{ channelId: sub.stream_id }} testid="channel-row" class="channel-row" extra={{ "data-channel-id": sub.stream_id }}>
          <span class="channel-swatch" style={{ background: sub.color }} aria-hidden="true" />
          <span class="row-label">{sub.name}</span>
          {sub.invite_only && (
            <span class="channel-lock">
              <Icon name="lock" size={12} label="private" />
            </span>
          )}
          {sub.is_muted && <span class="visually-hidden">(muted)</span>}
          <Count n={n} />
        </Row>
      </div>
      {expanded && <Topics channelId={sub.stream_id} />}
    </li>
  );
}

export function Sidebar() {
  const opened = useSignal<ReadonlySet<number>>(new Set());
  const closed = useSignal<ReadonlySet<number>>(new Set());
  const counts = unreadCounts.value;
  const me = session.value!;
  const current = currentNarrow.value.channelId;
  const toggle = (id: number, expanded: boolean) => {
    const o = new Set(opened.value);
    const c = new Set(closed.value);
    if (expanded) {
      o.delete(id);
      c.add(id);
    } else {
      o.add(id);
      c.delete(id);
    }
    opened.value = o;
    closed.value = c;
  };
  const allUsers = users.value;
  return (
    <nav class="sidebar" data-testid="sidebar" aria-label="Channels and conversations">
      <div class="sidebar-brand">
        <RealmBrand name={session.value?.realmName ?? ""} testId="sidebar-brand" />
      </div>
      <ul class="views">
        <li>
          <a href="#inbox" class={`sidebar-row ${homeView.value === "inbox" ? "active" : ""}`} data-testid="view-inbox">
            <span class="row-icon" aria-hidden="true">
              <Icon name="inbox" size={14} />
            </span>
            <span class="row-label">Inbox</span>
            <Count n={counts.feed} />
          </a>
        </li>
        <li>
          <a href="#recent" class={`sidebar-row ${homeView.value === "recent" ? "active" : ""}`} data-testid="view-recent">
            <span class="row-icon" aria-hidden="true">
              <Icon name="clock" size={14} />
            </span>
            <span class="row-label">Recent conversations</span>
          </a>
        </li>
        <li>
          <a href="#feed" class={`sidebar-row ${!homeView.value && narrowKey(currentNarrow.value) === "feed" ? "active" : ""}`} data-testid="view-all">
            <span class="row-icon" aria-hidden="true">
              <Icon name="menu" size={14} />
            </span>
            <span class="row-label">Combined feed</span>
            <Count n={counts.feed} />
          </a>
        </li>
        <li>
          <a href="#narrow/is/mentioned" class={`sidebar-row ${currentNarrow.value.is === "mentioned" ? "active" : ""}`} data-testid="view-mentions">
            <span class="row-icon" aria-hidden="true">@</span>
            <span class="row-label">Mentions</span>
            <Count n={counts.mentions} />
          </a>
        </li>
        <li>
          <a href="#narrow/is/starred" class={`sidebar-row ${currentNarrow.value.is === "starred" ? "active" : ""}`} data-testid="view-starred">
            <span class="row-icon" aria-hidden="true">
              <Icon name="star" size={14} />
            </span>
            <span class="row-label">Starred</span>
            {starred.value.size > 0 && (
              <span class="plain-count" aria-label={`${starred.value.size} starred`}>
                {starred.value.size}
              </span>
            )}
          </a>
        </li>
        <li>
          <a href="#scheduled" class="sidebar-row" data-testid="view-scheduled">
            <span class="row-icon" aria-hidden="true">
              <Icon name="clock" size={14} />
            </span>
            <span class="row-label">Scheduled messages</span>
          </a>
        </li>
      </ul>

      <div class="sidebar-heading-row">
        <h2 class="sidebar-heading">Channels</h2>
        {/* The channel browser and its creation form (ui/org/, loaded when opened). */}
        <a href="#channels/new" class="sidebar-heading-action" data-testid="create-channel" aria-label="Create a channel" title="Create a channel">
          <Icon name="plus" size={14} />
        </a>
      </div>
      <ul class="channels">
        {sortedSubscriptions.value.map((sub) => {
          const expanded = opened.value.has(sub.stream_id) || (sub.stream_id === current && !closed.value.has(sub.stream_id));
          return <ChannelItem key={sub.stream_id} sub={sub} expanded={expanded} onToggle={() => toggle(sub.stream_id, expanded)} />;
        })}
        <li>
          <a href="#channels/all" class="sidebar-row browse-channels" data-testid="browse-channels">
            <span class="row-icon" aria-hidden="true">
              <Icon name="search" size={13} />
            </span>
            <span class="row-label">Browse channels</span>
          </a>
        </li>
      </ul>

      <h2 class="sidebar-heading">Direct messages</h2>
      <ul class="dms">
        {conversations.value.slice(0, DMS_SHOWN).map((c) => {
          const key = c.peers.join(",");
          const name = c.peers.length ? c.peers.map((id) => allUsers.get(id)?.full_name ?? displayName(id)).join(", ") : `${me.fullName} (you)`;
          return (
            <li key={key}>
              <Row narrow={{ dm: c.peers }} testid="dm-row" class="dm-row">
                <span class="row-icon" aria-hidden="true">
                  <Icon name={c.peers.length > 1 ? "people" : "person"} size={14} />
                </span>
                <span class="row-label">{name}</span>
                <Count n={counts.dms.get(key) ?? 0} />
              </Row>
            </li>
          );
        })}
        {!conversations.value.length && <li class="sidebar-empty">No direct messages yet</li>}
      </ul>
    </nav>
  );
}
