// Inbox (`#inbox`), Zulip's default home view: every conversation with unread messages, direct
// conversations first, then channels (in the sidebar's order) with their unread topics, each
// with its count. A channel folds away (remembered in this browser). "Mark as read" works for a
// topic, a channel or everything (POST /json/mark_topic_as_read, mark_stream_as_read,
// mark_all_as_read); the counts follow the read flags the server then sends, so the view is
// live the same way for messages read here, in another tab or another client.
import { signal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { api } from "../../api/client";
import { hashOf } from "../../narrow/router";
import { sortedSubscriptions } from "../../state/channels";
import { unreadCounts } from "../../state/unreads";
import { Icon } from "../Icon";
import { showToast } from "../message/toast";
import { rowKeys } from "./keyboard";
import { conversationName, peersOf } from "./names";
import "./home.css";

const FOLDED_KEY = "beacon.inbox.folded";
const folded = signal<ReadonlySet<string>>(readFolded());

function readFolded(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(FOLDED_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

function toggleFold(key: string): void {
  const next = new Set(folded.value);
  if (!next.delete(key)) next.add(key);
  folded.value = next;
  try {
    localStorage.setItem(FOLDED_KEY, JSON.stringify([...next]));
  } catch {
    // private browsing: folding lasts for this page
  }
}

async function markRead(path: string, params: Record<string, string | number> = {}): Promise<void> {
  try {
    await api.post(path, params);
  } catch (error) {
    showToast((error as Error).message, true);
  }
}

function Count({ n }: { n: number }) {
  return (
    <span class="unread-count" data-testid="unread-count" aria-label={`${n} unread`}>
      {n}
    </span>
  );
}

function MarkRead({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" class="home-mark-read" title={label} aria-label={label} data-testid="mark-read" onClick={onClick}>
      <Icon name="checks" size={16} />
    </button>
  );
}

function Fold({ id, label }: { id: string; label: string }) {
  const closed = folded.value.has(id);
  return (
    <button type="button" class="home-fold" aria-expanded={!closed} aria-label={`${closed ? "Show" : "Hide"} ${label}`} onClick={() => toggleFold(id)}>
      <Icon name="chevron" size={14} class={closed ? "chevron-closed" : ""} />
    </button>
  );
}

export default function Inbox() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => rowKeys(() => box.current, "[data-inbox-row]"), []);
  const counts = unreadCounts.value;
  const dms = [...counts.dms].sort(([a], [b]) => conversationName(peersOf(a)).localeCompare(conversationName(peersOf(b))));
  const channels = sortedSubscriptions.value.filter((s) => !s.is_muted && (counts.channels.get(s.stream_id) ?? 0) > 0);
  const empty = !dms.length && !channels.length;
  return (
    <div class="home-view inbox" data-testid="inbox" ref={box}>
      <header class="home-toolbar">
        <h2>Inbox</h2>
        {!empty && (
          <button type="button" class="home-button" data-testid="mark-all-read" onClick={() => void markRead("/mark_all_as_read")}>
            <Icon name="checks" size={16} /> Mark all as read
          </button>
        )}
      </header>
      {empty && (
        <p class="home-empty" data-testid="inbox-empty">
          You have no unread messages.
        </p>
      )}
      {dms.length > 0 && (
        <section class="inbox-group" data-testid="inbox-dms" aria-label="Direct messages">
          <div class="inbox-group-header">
            <Fold id="dm" label="direct messages" />
            <span class="inbox-group-name">
              <Icon name="envelope" size={15} /> Direct messages
            </span>
            <Count n={counts.dmTotal} />
          </div>
          {!folded.value.has("dm") && (
            <ul class="inbox-rows">
              {dms.map(([key, n]) => {
                const peers = peersOf(key);
                return (
                  <li key={key}>
                    <a class="inbox-row" href={hashOf({ dm: peers })} data-inbox-row data-testid="inbox-dm">
                      <Icon name={peers.length > 1 ? "people" : "person"} size={15} />
                      <span class="row-label">{conversationName(peers)}</span>
                      <Count n={n} />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
      {channels.map((sub) => {
        const id = `c${sub.stream_id}`;
        const topics = [...(counts.topicNames.get(sub.stream_id)?.entries() ?? [])].map(([key, name]) => ({ key, name, n: counts.topics.get(key) ?? 0 })).filter((t) => t.n > 0);
        topics.sort((a, b) => a.name.localeCompare(b.name));
        return (
          <section key={sub.stream_id} class="inbox-group" data-testid="inbox-channel" data-channel-id={sub.stream_id} aria-label={sub.name}>
            <div class="inbox-group-header">
              <Fold id={id} label={`topics of ${sub.name}`} />
              <a class="inbox-group-name" href={hashOf({ channelId: sub.stream_id })} data-inbox-row>
                <span class="channel-swatch" style={{ background: sub.color }} aria-hidden="true" />
                {sub.name}
                {sub.invite_only && <Icon name="lock" size={12} label="private" />}
              </a>
              <Count n={counts.channels.get(sub.stream_id) ?? 0} />
              <MarkRead label={`Mark #${sub.name} as read`} onClick={() => void markRead("/mark_stream_as_read", { stream_id: sub.stream_id })} />
            </div>
            {!folded.value.has(id) && (
              <ul class="inbox-rows">
                {topics.map((t) => (
                  <li key={t.key} class="inbox-topic">
                    <a class="inbox-row" href={hashOf({ channelId: sub.stream_id, topic: t.name })} data-inbox-row data-testid="inbox-topic" data-topic={t.name}>
                      <span class="row-label">{t.name === "" ? <em>general chat</em> : t.name}</span>
                      <Count n={t.n} />
                    </a>
                    <MarkRead label={`Mark ${sub.name} > ${t.name} as read`} onClick={() => void markRead("/mark_topic_as_read", { stream_id: sub.stream_id, topic_name: t.name })} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

