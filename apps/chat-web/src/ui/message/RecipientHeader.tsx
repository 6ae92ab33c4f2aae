// The sticky channel › topic (or direct conversation) header above each group of messages, in
// an opaque bar as wide as the list so nothing scrolling under it shows around it. A
// topic's header offers its actions where permitted: resolve or unresolve it ("✔ " prefix), and
// move or rename it (the whole topic, through its first message on screen).
import { useComputed } from "@preact/signals";
import { dmPeers } from "../../narrow/narrow";
import { hashOf } from "../../narrow/router";
import { channelName, subscriptionById } from "../../state/channels";
import { loadMyGroups, mayMoveOut, mayMoveWithin, mayResolve } from "../../state/permissions";
import { session } from "../../state/session";
import { displayName, users } from "../../state/users";
import type { Message } from "../../state/types";
import { formatDate } from "../format";
import { Highlighted } from "../search/Highlighted";
import { Icon } from "../Icon";
import { openModal } from "../overlays";
import { isResolved, toggleResolved } from "./actions";
import { attempt } from "./attempt";
import { focusedHeader, pointedHeader } from "./MessageActions";
import { rulesFor } from "./rules";

/** Touch screens show the topic's actions always; others while the header is pointed at or focused. */
const canHover = typeof matchMedia !== "function" || !matchMedia("(hover: none)").matches;

function TopicActions({ message }: { message: Message }) {
  // The buttons are always there (Tab reaches them); their icons only while they can be seen.
  const id = message.id;
  const shown = useComputed(() => !canHover || id <= 0 || pointedHeader.value === id || focusedHeader.value === id).value;
  const rules = rulesFor(message);
  const resolved = isResolved(message.subject);
  const canResolve = mayResolve(message, rules);
  const canMove = message.id > 0 && (mayMoveWithin(message, rules) || mayMoveOut(message, rules));
  if (!canResolve && !canMove) return null;
  return (
    <span class="topic-actions" onPointerEnter={() => void loadMyGroups(rules.userId)}>
      {canResolve && (
        <button
          type="button"
          data-testid="resolve-topic"
          aria-label={resolved ? "Mark as unresolved" : "Mark as resolved"}
          title={resolved ? "Mark as unresolved" : "Mark as resolved"}
          onClick={() => attempt(() => toggleResolved(message.id, message.subject))}
        >
          {shown && <Icon name="check" size={15} />}
        </button>
      )}
      {canMove && (
        <button type="button" data-testid="move-topic" aria-label="Move or rename topic" title="Move or rename topic" onClick={() => void openModal("move-topic", { message, propagateMode: "change_all" })}>
          {shown && <Icon name="pencil" size={15} />}
        </button>
      )}
    </span>
  );
}

export function RecipientHeader({ message, matchSubject }: { message: Message; matchSubject?: string }) {
  const me = session.value!;
  if (message.type === "stream" && message.stream_id !== undefined) {
    const name = channelName(message.stream_id) ?? (typeof message.display_recipient === "string" ? message.display_recipient : "unknown");
    const color = subscriptionById.value.get(message.stream_id)?.color;
    return (
      <div class="recipient-bar">
      <div class="recipient-header" data-testid="recipient-header">
        <a class="recipient-channel" href={hashOf({ channelId: message.stream_id })} style={color ? { borderLeftColor: color } : undefined}>
          #{name}
        </a>
        <span aria-hidden="true">›</span>
        <a class="recipient-topic" href={hashOf({ channelId: message.stream_id, topic: message.subject })}>
          {message.subject === "" ? <em>general chat</em> : matchSubject ? <Highlighted html={matchSubject} /> : message.subject}
        </a>
        <TopicActions message={message} />
        <span class="recipient-date">{formatDate(message.timestamp)}</span>
      </div>
      </div>
    );
  }
  const peers = dmPeers(message, me.userId);
  // The message names its recipients: the user list may still be on its way.
  const named = Array.isArray(message.display_recipient) ? new Map(message.display_recipient.map((r) => [r.id, r.full_name])) : new Map<number, string>();
  const names = peers.map((id) => users.value.get(id)?.full_name ?? named.get(id) ?? displayName(id));
  return (
    <div class="recipient-bar">
    <div class="recipient-header dm" data-testid="recipient-header">
      <a class="recipient-dm" href={hashOf({ dm: peers })}>
        {peers.length ? `You and ${names.join(", ")}` : "You (notes to self)"}
      </a>
      <span class="recipient-date">{formatDate(message.timestamp)}</span>
    </div>
    </div>
  );
}
