// The compose box. Closed, it is a bar of buttons (reply here, new topic, new direct message);
// open, the form of ui/compose/ComposeForm.tsx, loaded when it first opens. A conversation's
// view opens it pointed there; other views close it, as Zulip keeps it closed until asked
// (`c`, `x`, `r`, the buttons, "quote and reply").
import { signal } from "@preact/signals";
import type { ComponentType } from "preact";
import { useEffect } from "preact/hooks";
import { narrowKey, type Narrow } from "../narrow/narrow";
import { currentNarrow } from "../narrow/router";
import { channelName, subscriptionById } from "../state/channels";
import { closeCompose, composeOpen, draft, setDraft } from "../state/compose";
import { session } from "../state/session";
import { displayName } from "../state/users";
import { installComposeShortcuts, isConversation, newDirectMessage, newTopic, replyHere } from "./compose/open";
import { Icon } from "./Icon";
import "./compose.css";

const Form = signal<ComponentType | null>(null);
let loading = false;
function loadForm(): void {
  if (loading) return;
  loading = true;
  void import("./compose/ComposeForm").then(
    (m) => (Form.value = m.default),
    () => (loading = false),
  );
}

/** Points the draft at a view's conversation (the words stay); a channel's view keeps the topic typed for it. */
function pointAt(narrow: Narrow): void {
  if (narrow.dm) {
    setDraft({ kind: "dm", dmIds: narrow.dm.length ? narrow.dm : [session.peek()!.userId], to: "" });
  } else if (narrow.channelId !== undefined && subscriptionById.peek().has(narrow.channelId)) {
    const same = draft.peek().channelId === narrow.channelId;
    setDraft({ kind: "channel", channelId: narrow.channelId, topic: narrow.topic ?? (same ? draft.peek().topic : "") });
  }
}

function replyLabel(narrow: Narrow): string {
  if (narrow.dm) return narrow.dm.length ? `Message ${narrow.dm.map(displayName).join(", ")}` : "Message yourself";
  if (narrow.channelId !== undefined) {
    const name = `#${channelName(narrow.channelId) ?? "channel"}`;
    return narrow.topic !== undefined ? `Message ${name} › ${narrow.topic || "general chat"}` : `Message ${name}`;
  }
  return "New message";
}

function ComposeClosed() {
  const narrow = currentNarrow.value;
  return (
    <div class="compose-closed" data-testid="compose-closed">
      <button type="button" class="compose-reply" data-testid="compose-reply" onClick={() => replyHere()}>
        <Icon name="reply" />
        <span>{replyLabel(narrow)}</span>
      </button>
      <button type="button" class="compose-start" data-testid="compose-new-topic" onClick={() => newTopic()} title="New topic (c)">
        <Icon name="plus" />
        <span>New topic</span>
      </button>
      <button type="button" class="compose-start" data-testid="compose-new-dm" onClick={() => newDirectMessage()} title="New direct message (x)">
        <Icon name="envelope" />
        <span>Direct message</span>
      </button>
    </div>
  );
}

export function Compose() {
  const narrow = currentNarrow.value;
  useEffect(() => installComposeShortcuts(), []);
  useEffect(() => {
    const n = currentNarrow.peek();
    pointAt(n);
    if (isConversation(n)) composeOpen.value = true;
    else closeCompose();
  }, [narrowKey(narrow)]);
  const Open = Form.value;
  if (composeOpen.value && !Open) loadForm();
  // Until its code is in, the closed bar holds the box's place.
  return composeOpen.value && Open ? <Open /> : <ComposeClosed />;
}

