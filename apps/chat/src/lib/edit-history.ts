// Message.edit_history entries (stored newest first) and the snapshots GET
// /messages/{id}/history reports (oldest first), as Zulip's fill_edit_history_entries builds
// them: each snapshot holds the state after that edit plus what changed.
import { displayTopic } from "./topics.js";

export interface EditHistoryEntry {
  user_id: number | null;
  /** UNIX seconds */
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_topic?: string;
  topic?: string;
  prev_stream?: number;
  stream?: number;
}

export interface MessageState {
  content: string;
  rendered_content: string;
  topic: string;
  stream_id: number | null;
  sender_id: number;
  /** UNIX seconds */
  date_sent: number;
}

export function parseEditHistory(raw: string | null): EditHistoryEntry[] {
  return raw ? (JSON.parse(raw) as EditHistoryEntry[]) : [];
}

export type EditHistoryPolicy = "all" | "moves" | "none";

/**
 * The `edit_history` JSON of a message dict, or undefined when it has none (never edited nor
 * moved, or the realm's message_edit_history_visibility_policy is "none"). Under "moves" only
 * moves are listed, without their content fields (visible_edit_history_for_message). The stored
 * text is already the API's JSON, newest first: under "all" it is passed through as it is.
 */
export function visibleEditHistoryJson(raw: string | null, policy: EditHistoryPolicy | undefined): string | undefined {
  if (!raw || policy === undefined || policy === "none") return undefined;
  if (policy === "all") return raw;
  const moves = parseEditHistory(raw)
    .filter((e) => e.prev_topic !== undefined || e.prev_stream !== undefined)
    .map(({ prev_content: _content, prev_rendered_content: _rendered, ...move }) => move);
  return JSON.stringify(moves);
}

export function editHistorySnapshots(message: MessageState, history: EditHistoryEntry[], allowEmptyTopicName: boolean): Record<string, unknown>[] {
  const isChannel = message.stream_id !== null;
  let content = message.content;
  let rendered = message.rendered_content;
  let topic = displayTopic(message.topic, allowEmptyTopicName);
  let stream = message.stream_id;
  const out: Record<string, unknown>[] = [];
  for (const edit of history) {
    const entry: Record<string, unknown> = { timestamp: edit.timestamp, user_id: edit.user_id };
    if (isChannel) entry.topic = topic;
    if (edit.prev_topic !== undefined) {
      entry.prev_topic = displayTopic(edit.prev_topic, allowEmptyTopicName);
      topic = entry.prev_topic as string;
    }
    entry.content = content;
    entry.rendered_content = rendered;
    if (edit.prev_content !== undefined) {
      entry.prev_content = edit.prev_content;
      entry.prev_rendered_content = edit.prev_rendered_content;
      entry.content_html_diff = htmlDiff(edit.prev_rendered_content ?? "", rendered);
      content = edit.prev_content;
      rendered = edit.prev_rendered_content ?? "";
    }
    if (edit.prev_stream !== undefined) {
      entry.stream = stream;
      entry.prev_stream = edit.prev_stream;
      stream = edit.prev_stream;
    }
    out.push(entry);
  }
  const initial: Record<string, unknown> = { content, rendered_content: rendered, timestamp: message.date_sent, user_id: message.sender_id };
  if (isChannel) initial.topic = topic;
  out.push(initial);
  return out.reverse();
}

const tokenize = (html: string) => html.match(/<[^>]*>|[^<\s]+|\s+/g) ?? [];

/** highlight_html_differences: words added and removed between two renderings. */
export function htmlDiff(before: string, after: string): string {
  const a = tokenize(before);
  const b = tokenize(after);
  if (a.length * b.length > 4_000_000) {
    return `<span class="highlight_text_deleted">${before}</span><span class="highlight_text_inserted">${after}</span>`;
  }
  // Longest common subsequence over tokens; tags are kept as they are in the new rendering.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  let i = 0;
  let j = 0;
  let out = "";
  const isText = (t: string) => !t.startsWith("<") && t.trim() !== "";
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out += b[j];
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out += isText(b[j]) ? `<span class="highlight_text_inserted">${b[j]}</span>` : b[j];
      j++;
    } else {
      if (isText(a[i])) out += `<span class="highlight_text_deleted">${a[i]}</span>`;
      i++;
    }
  }
  return out;
}
