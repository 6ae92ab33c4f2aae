// The compose box: to a channel and topic (the channel's topics offered) or a direct message
// to one or more people (names or emails, comma-separated). Enter sends, Shift+Enter adds a
// line. Opening a channel, topic or conversation points the box there; the words typed stay.
import { useEffect, useRef, useState } from "preact/hooks";
import { narrowKey, type Narrow } from "../narrow/narrow";
import { currentNarrow } from "../narrow/router";
import { sortedSubscriptions, subscriptionById } from "../state/channels";
import { draft, send, setDraft } from "../state/compose";
import { session } from "../state/session";
import { loadTopics, topicsByChannel } from "../state/topics";
import { findUser, users } from "../state/users";
import { SendLaterButton } from "./schedule/SendLaterButton";
import "./compose.css";

function pointAt(narrow: Narrow): void {
  if (narrow.dm) {
    const emails = narrow.dm.map((id) => users.peek().get(id)?.email).filter(Boolean);
    setDraft({ kind: "dm", to: narrow.dm.length ? emails.join(", ") : (session.peek()?.email ?? "") });
  } else if (narrow.channelId !== undefined && subscriptionById.peek().has(narrow.channelId)) {
    const same = draft.peek().channelId === narrow.channelId;
    setDraft({ kind: "channel", channelId: narrow.channelId, topic: narrow.topic ?? (same ? draft.peek().topic : "") });
  }
}

export function Compose() {
  const d = draft.value;
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const narrow = currentNarrow.value;
  const subs = sortedSubscriptions.value;
  const channelId = d.channelId !== null && subscriptionById.value.has(d.channelId) ? d.channelId : (subs[0]?.stream_id ?? null);

  useEffect(() => pointAt(currentNarrow.peek()), [narrowKey(narrow)]);
  useEffect(() => {
    if (d.kind === "channel" && channelId !== null) void loadTopics(channelId);
  }, [d.kind, channelId]);

  const submit = (event?: Event) => {
    event?.preventDefault();
    const content = d.content;
    if (!content.trim()) return;
    let userIds: number[] = [];
    if (d.kind === "dm") {
      const names = d.to.split(",").map((s) => s.trim()).filter(Boolean);
      const found = names.map((n) => [n, findUser(n)] as const);
      const unknown = found.filter(([, u]) => !u).map(([n]) => n);
      if (!names.length) return setError("Add at least one recipient.");
      if (unknown.length) return setError(`Unknown recipient: ${unknown.join(", ")}`);
      userIds = [...new Set(found.map(([, u]) => u!.user_id))];
    } else if (channelId === null) {
      return setError("Pick a channel.");
    }
    setError(null);
    const target = { ...d, channelId };
    setDraft({ content: "" });
    // A failure shows on the message itself (its local echo), with Retry and Discard.
    send(target, userIds, session.peek()!.userId).catch(() => {});
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) submit(event);
  };
  // Enter in the topic or recipients field goes on to the message, as in Zulip.
  const toMessage = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || event.isComposing) return;
    event.preventDefault();
    textarea.current?.focus();
  };

  const topics = channelId !== null ? (topicsByChannel.value.get(channelId) ?? []) : [];
  return (
    <form class="compose" data-testid="compose" onSubmit={submit} aria-label="Compose a message">
      <div class="compose-target">
        <div class="compose-kind" role="group" aria-label="Message type">
          <button type="button" aria-pressed={d.kind === "channel"} onClick={() => setDraft({ kind: "channel" })}>
            Channel
          </button>
          <button type="button" aria-pressed={d.kind === "dm"} onClick={() => setDraft({ kind: "dm" })}>
            Direct
          </button>
        </div>
        {d.kind === "channel" ? (
          <>
            <select name="channel" aria-label="Channel" value={channelId ?? ""} onChange={(e) => setDraft({ channelId: Number(e.currentTarget.value) })}>
              {subs.map((s) => (
                <option key={s.stream_id} value={s.stream_id}>
                  #{s.name}
                </option>
              ))}
            </select>
            <input name="topic" aria-label="Topic" placeholder="Topic" list="compose-topics" autocomplete="off" value={d.topic} onInput={(e) => setDraft({ topic: e.currentTarget.value })} onKeyDown={toMessage} />
            <datalist id="compose-topics">
              {topics.slice(0, 50).map((t) => (
                <option key={t.name} value={t.name} />
              ))}
            </datalist>
          </>
        ) : (
          <>
            <input name="to" aria-label="To (names or emails, separated by commas)" placeholder="To: name or email, …" list="compose-users" autocomplete="off" value={d.to} onInput={(e) => setDraft({ to: e.currentTarget.value })} onKeyDown={toMessage} />
            <datalist id="compose-users">
              {[...users.value.values()]
                .filter((u) => u.is_active)
                .slice(0, 200)
                .map((u) => (
                  <option key={u.user_id} value={u.email}>
                    {u.full_name}
                  </option>
                ))}
            </datalist>
          </>
        )}
      </div>
      <div class="compose-row">
        <textarea
          ref={textarea}
          name="content"
          aria-label="Message"
          placeholder={d.kind === "dm" ? "Message (Enter sends, Shift+Enter for a new line)" : "Message the topic (Enter sends, Shift+Enter for a new line)"}
          rows={2}
          value={d.content}
          onInput={(e) => setDraft({ content: e.currentTarget.value })}
          onKeyDown={onKeyDown}
        />
        <SendLaterButton disabled={!d.content.trim()} />
        <button type="submit" class="send" disabled={!d.content.trim()}>
          Send
        </button>
      </div>
      {error && (
        <p class="compose-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
