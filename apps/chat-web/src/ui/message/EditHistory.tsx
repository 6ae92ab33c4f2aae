// A message's edit history (GET /messages/{id}/history): the original, then each edit and move
// in order, who made it and when. Content edits show as the server's diff of the rendered HTML
// (insertions and deletions marked), moves as the old and new topic or channel.
import { useSignal } from "@preact/signals";
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { api } from "../../api/client";
import { setContent } from "../../content";
import { channelName } from "../../state/channels";
import { displayName } from "../../state/users";
import { formatFull } from "../format";
import { contentContext } from "../MessageRow";
import { Modal } from "../overlays";
import { errorText } from "./actions";
import "./dialogs.css";

export interface Snapshot {
  timestamp: number;
  user_id: number | null;
  content: string;
  rendered_content: string;
  content_html_diff?: string;
  prev_content?: string;
  topic?: string;
  prev_topic?: string;
  stream?: number;
  prev_stream?: number;
}

/** What an entry of the history was: the original, an edit, a move, or both at once. */
export function describeSnapshot(s: Snapshot, first: boolean): string {
  if (first) return "Original message";
  const edited = s.prev_content !== undefined;
  const moved = s.prev_topic !== undefined || s.prev_stream !== undefined;
  return edited && moved ? "Edited and moved" : moved ? "Moved" : "Edited";
}

function Html({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => void (ref.current && setContent(ref.current, html, contentContext([]))), [html]);
  return <div class="message-content history-content" ref={ref} />;
}

const channel = (id: number) => `#${channelName(id) ?? "unknown channel"}`;
const topicName = (t: string) => (t === "" ? "general chat" : t);

export default function EditHistory({ messageId }: { messageId: number }) {
  const history = useSignal<Snapshot[] | null>(null);
  const error = useSignal<string | null>(null);
  useEffect(() => {
    api.get<{ message_history: Snapshot[] }>(`/messages/${messageId}/history`, { allow_empty_topic_name: true }).then(
      (r) => (history.value = r.message_history),
      (e) => (error.value = errorText(e)),
    );
  }, [messageId]);
  return (
    <Modal title="Message edit history" wide testId="edit-history">
      {error.value && (
        <p class="dialog-error" role="alert">
          {error.value}
        </p>
      )}
      {!error.value && history.value === null && <p class="dialog-text muted">Loading…</p>}
      <ol class="history-list">
        {(history.value ?? []).map((s, i) => (
          <li key={`${s.timestamp}-${i}`} data-testid="history-entry">
            <div class="history-meta">
              <strong>{describeSnapshot(s, i === 0)}</strong>
              {s.user_id !== null && <span> by {displayName(s.user_id)}</span>}
              <time class="muted"> · {formatFull(s.timestamp)}</time>
            </div>
            {s.prev_stream !== undefined && s.stream !== undefined && (
              <p class="history-move" data-testid="history-channel">
                Channel: <del>{channel(s.prev_stream)}</del> → <ins>{channel(s.stream)}</ins>
              </p>
            )}
            {s.prev_topic !== undefined && s.topic !== undefined && (
              <p class="history-move" data-testid="history-topic">
                Topic: <del>{topicName(s.prev_topic)}</del> → <ins>{topicName(s.topic)}</ins>
              </p>
            )}
            {i === 0 && <Html html={s.rendered_content} />}
            {i > 0 && s.content_html_diff !== undefined && <Html html={s.content_html_diff} />}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
