// One message: sender (avatar, name) when it starts a group, time, the server's rendered HTML
// through the content module, its widget (poll, to-do) and reactions, and its actions (a hover
// toolbar and menu, ui/message/). Being edited, it shows the editor in place of its content.
// Local echoes show the text as text (the client never turns user text into HTML) until the
// server's copy arrives.
import { useComputed, type Signal } from "@preact/signals";
import { useLayoutEffect, useRef } from "preact/hooks";
import { api } from "../api/client";
import { emojiImageUrl, setContent, type ContentContext } from "../content";
import { MessageWidget, widgetOf } from "../widgets";
import { go } from "../narrow/router";
import { channelName } from "../state/channels";
import { realmEmoji } from "../state/emoji";
import { editingId, selectedId, type SearchMatch } from "../state/messages";
import { session } from "../state/session";
import { displayName, users } from "../state/users";
import type { Message, Reaction } from "../state/types";
import { Avatar } from "./Avatar";
import { openProfileCard } from "./people/open";
import { formatFull, formatTime } from "./format";
import { Icon } from "./Icon";
import { openLightbox } from "./lightbox/open";
import { EditorSlot } from "./message/EditorSlot";
import { attempt, openReactionPicker } from "./message/attempt";
import { MessageToolbar } from "./message/MessageActions";
import { toggleStar } from "./message/actions";

export function contentContext(flags: readonly string[]): ContentContext {
  const s = session.peek()!;
  return {
    myUserId: s.userId,
    flags: flags as ContentContext["flags"],
    userName: (id) => users.peek().get(id)?.full_name,
    channelName,
    timeZone: s.timezone || undefined,
    twentyFourHourTime: s.twentyFourHourTime,
    emojiset: s.emojiset,
    onNarrowLink: (hash) => go(hash),
    onImageOpen: (image) => openLightbox(image),
  };
}

interface Group {
  code: string;
  name: string;
  type: string;
  count: number;
  mine: boolean;
  names: string[];
}

function groupReactions(reactions: readonly Reaction[], myId: number): Group[] {
  const groups = new Map<string, Group>();
  for (const r of reactions) {
    const key = `${r.reaction_type}:${r.emoji_code}`;
    const g = groups.get(key) ?? { code: r.emoji_code, name: r.emoji_name, type: r.reaction_type, count: 0, mine: false, names: [] };
    g.count++;
    g.mine ||= r.user_id === myId;
    g.names.push(displayName(r.user_id));
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** A Unicode emoji's picture, a custom emoji's uploaded image, else the :name: as text. */
function ReactionEmoji({ group }: { group: Group }) {
  const custom = group.type === "realm_emoji" ? realmEmoji.value.get(group.code) : undefined;
  const src = group.type === "unicode_emoji" ? emojiImageUrl(group.code) : custom?.source_url;
  if (src && session.value!.emojiset !== "text") return <img src={src} alt="" class="reaction-emoji" />;
  return <span class="reaction-name">:{group.name}:</span>;
}

function Reactions({ message }: { message: Message }) {
  const myId = session.value!.userId;
  const groups = groupReactions(message.reactions, myId);
  if (!groups.length) return null;
  const toggle = (g: Group) => {
    const params = { emoji_name: g.name, emoji_code: g.code, reaction_type: g.type };
    void (g.mine ? api.delete(`/messages/${message.id}/reactions`, params) : api.post(`/messages/${message.id}/reactions`, params)).catch(() => {});
  };
  return (
    <div class="reactions">
      {groups.map((g) => (
        <button
          key={`${g.type}:${g.code}`}
          type="button"
          class={`reaction ${g.mine ? "mine" : ""}`}
          aria-pressed={g.mine}
          aria-label={`${g.name}: ${g.count} (${g.names.join(", ")})`}
          title={`${g.names.join(", ")} reacted with :${g.name}:`}
          onClick={() => toggle(g)}
        >
          <ReactionEmoji group={g} />
          <span class="reaction-count">{g.count}</span>
        </button>
      ))}
      <button type="button" class="reaction reaction-add" aria-label="Add emoji reaction" title="Add emoji reaction" onClick={(e) => openReactionPicker(e.currentTarget, message)}>
        <Icon name="smile" size={15} />
        <Icon name="plus" size={11} />
      </button>
    </div>
  );
}

const mentionFlags = (flags: readonly string[]) => flags.filter((f) => f.endsWith("mentioned")).join(",");

function Content({ message, match }: { message: Message; match?: SearchMatch }) {
  const ref = useRef<HTMLDivElement>(null);
  const me = session.value;
  // In a search, the server's copy with the matches marked (match_content) until the message is edited.
  const html = match && match.source === message.content ? match.content : message.content;
  useLayoutEffect(() => {
    if (ref.current) setContent(ref.current, html, contentContext(message.flags));
    // the mention flags matter for highlights (not "read": reading must not redraw the content);
    // settings for times and emoji
  }, [html, mentionFlags(message.flags), me?.timezone, me?.twentyFourHourTime, me?.emojiset]);
  return <div class="message-content" ref={ref} />;
}

export function MessageRow({ sig, grouped, match }: { sig: Signal<Message>; grouped: boolean; match?: SearchMatch }) {
  const message = sig.value;
  const me = session.value!;
  const sender = users.value.get(message.sender_id);
  const name = sender?.full_name ?? message.sender_full_name;
  const unread = !message.flags.includes("read");
  const isStarred = message.flags.includes("starred");
  const hasWidget = message.submessages.length > 0 && widgetOf(message.sender_id, message.submessages) !== undefined;
  // Only the rows whose state changes redraw when the selection or the edit moves.
  const selected = useComputed(() => selectedId.value === sig.peek().id).value;
  const editing = useComputed(() => editingId.value === sig.peek().id).value;
  return (
    <article
      class={`message ${grouped ? "grouped" : ""} ${unread ? "unread" : ""} ${selected ? "selected" : ""} ${editing ? "editing" : ""}`}
      data-message-id={message.id}
      data-unread={unread ? "1" : undefined}
      aria-label={`${name}, ${formatTime(message.timestamp)}`}
      aria-current={selected ? "true" : undefined}
      onClick={() => selectedId.peek() !== message.id && (selectedId.value = message.id)}
    >
      <div class="message-gutter">
        {!grouped && (
          <button type="button" class="sender-avatar" tabIndex={-1} aria-hidden="true" onClick={(e) => void openProfileCard(e.currentTarget, message.sender_id)}>
            <Avatar userId={message.sender_id} name={name} url={sender?.avatar_url ?? message.avatar_url} />
          </button>
        )}
        {grouped && (
          <time class="message-time gutter-time" dateTime={new Date(message.timestamp * 1000).toISOString()} title={formatFull(message.timestamp)}>
            {formatTime(message.timestamp)}
          </time>
        )}
      </div>
      <div class="message-body">
        {!grouped && (
          <div class="message-meta">
            <button type="button" class="sender-name" data-testid="sender-name" title="View profile" onClick={(e) => void openProfileCard(e.currentTarget, message.sender_id)}>
              {name}
            </button>
            <time class="message-time" dateTime={new Date(message.timestamp * 1000).toISOString()} title={formatFull(message.timestamp)}>
              {formatTime(message.timestamp)}
            </time>
            {message.last_edit_timestamp && <span class="edited">(edited)</span>}
          </div>
        )}
        {editing && <EditorSlot message={message} />}
        {/* A poll or to-do list shows as its widget, not as the "/poll …" text (as in Zulip). */}
        {!editing && !hasWidget && <Content message={message} match={match} />}
        {!editing && hasWidget && (
          <MessageWidget
            senderId={message.sender_id}
            submessages={message.submessages}
            myUserId={me.userId}
            userName={(id) => users.peek().get(id)?.full_name ?? "Unknown user"}
            send={(content) => void api.post("/submessage", { message_id: message.id, msg_type: "widget", content: JSON.stringify(content) }).catch(() => {})}
          />
        )}
        {grouped && message.last_edit_timestamp && !editing && <span class="edited edited-inline">(edited)</span>}
        <Reactions message={message} />
      </div>
      <div class="message-side">
        {isStarred && (
          <button type="button" class="star on" aria-pressed="true" aria-label="Unstar message" title="Unstar message" onClick={() => attempt(() => toggleStar(message))}>
            <Icon name="star" size={15} />
          </button>
        )}
      </div>
      {!editing && <MessageToolbar sig={sig} />}
    </article>
  );
}
