// Opening the compose box, as Zulip's keys and buttons do: `c` a new topic in the view's channel,
// `x` a new direct message (to the view's people in a direct conversation), `r` a reply to the
// selected message (or to the view's conversation). The recipient comes from the view.
import { dmPeers, type Narrow } from "../../narrow/narrow";
import { currentNarrow } from "../../narrow/router";
import { sortedSubscriptions, subscriptionById } from "../../state/channels";
import { draft, openCompose } from "../../state/compose";
import { messages, selectedId } from "../../state/messages";
import { session } from "../../state/session";
import type { Message } from "../../state/types";
import { shortcut } from "../keys";

/** A view of one conversation: a topic, or a direct conversation. */
export function isConversation(n: Narrow): boolean {
  return n.dm !== undefined || (n.channelId !== undefined && n.topic !== undefined);
}

/** The view's channel, else the one the draft names, else the first subscribed. */
function channelOfView(n: Narrow): number | null {
  if (n.channelId !== undefined && subscriptionById.peek().has(n.channelId)) return n.channelId;
  const drafted = draft.peek().channelId;
  if (drafted !== null && subscriptionById.peek().has(drafted)) return drafted;
  return sortedSubscriptions.peek()[0]?.stream_id ?? null;
}

export function newTopic(): void {
  openCompose({ kind: "channel", channelId: channelOfView(currentNarrow.peek()), topic: "" }, "topic");
}

export function newDirectMessage(): void {
  const n = currentNarrow.peek();
  const dmIds = n.dm ? (n.dm.length ? n.dm : [session.peek()!.userId]) : [];
  openCompose({ kind: "dm", dmIds, to: "" }, dmIds.length ? "content" : "to");
}

/** Points the box at a message's conversation. */
export function replyTo(message: Message): void {
  if (message.type === "stream") {
    openCompose({ kind: "channel", channelId: message.stream_id ?? null, topic: message.subject });
  } else {
    const me = session.peek()!.userId;
    const peers = dmPeers(message, me);
    openCompose({ kind: "dm", dmIds: peers.length ? peers : [me], to: "" });
  }
}

/** The closed box's main button: the view's conversation, or the draft as it was left. */
export function replyHere(): void {
  const n = currentNarrow.peek();
  if (n.dm) openCompose({ kind: "dm", dmIds: n.dm.length ? n.dm : [session.peek()!.userId], to: "" });
  else if (n.channelId !== undefined) openCompose({ kind: "channel", channelId: channelOfView(n), ...(n.topic !== undefined ? { topic: n.topic } : {}) }, n.topic === undefined ? "topic" : "content");
  else openCompose({}, draft.peek().kind === "dm" && !draft.peek().dmIds.length ? "to" : "content");
}

let installed = false;

export function installComposeShortcuts(): void {
  if (installed) return;
  installed = true;
  const group = "Compose";
  shortcut({ key: "c", description: "New topic in this channel", group, run: () => newTopic() });
  shortcut({ key: "x", description: "New direct message", group, run: () => newDirectMessage() });
  shortcut({
    key: "r",
    description: "Reply to the selected message",
    group,
    run: () => {
      const id = selectedId.peek();
      const message = id !== null ? messages.get(id)?.peek() : undefined;
      if (message) replyTo(message);
      else if (isConversation(currentNarrow.peek())) replyHere();
      else return false;
    },
  });
}
