// Messages as Zulip's message dict (GET /messages, GET /messages/{id}, message events): `type`
// keeps the legacy "stream"/"private", the topic is `subject`, timestamps are UNIX seconds.
// The dict is described once, field by field (MESSAGE_FIELDS); presentMessage builds it as an
// object and messageJsonWriter writes its JSON text directly, both from that description.
import type { Message } from "../store/messages.js";
import type { DictMessage } from "../store/schema.js";
import type { Reaction } from "../store/reactions.js";
import type { Submessage } from "../store/submessages.js";
import type { Stream } from "../store/streams.js";
import type { User } from "../store/users.js";
import { avatarUrl } from "./user.js";
import { displayTopic } from "../lib/topics.js";
import { flagNames } from "../lib/message-flags.js";
import { visibleEditHistoryJson, type EditHistoryPolicy } from "../lib/edit-history.js";

export interface MessageViewOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopicName: boolean;
  /** the realm's message_edit_history_visibility_policy; edit_history is left out when absent */
  editHistory?: EditHistoryPolicy;
}

export interface MessageLookups {
  realmStringId: string;
  users: Map<number, User>;
  streams: Map<number, Stream>;
  dmMembers: Map<number, number[]>;
  reactions: Map<number, Reaction[]>;
  /** widget submessages, by message (absent: none) */
  submessages?: Map<number, Submessage[]>;
}

export function presentReaction(r: Reaction): Record<string, unknown> {
  return { emoji_name: r.emoji_name, emoji_code: r.emoji_code, reaction_type: r.reaction_type, user_id: r.user_id };
}

export function presentSubmessage(s: Submessage): Record<string, unknown> {
  return { id: s.id, message_id: s.message_id, sender_id: s.sender_id, msg_type: s.msg_type, content: s.content };
}

function dmRecipient(m: Pick<Message, "recipient_id" | "sender_id">, lookups: MessageLookups): Record<string, unknown>[] {
  return (lookups.dmMembers.get(m.recipient_id) ?? [m.sender_id]).map((id) => {
    const u = lookups.users.get(id);
    return { id, email: u?.email ?? "", full_name: u?.full_name ?? "", is_mirror_dummy: false };
  });
}

/** What a field's value is made from besides the message: the same for a whole page. */
interface View {
  lookups: MessageLookups;
  options: MessageViewOptions;
}

/** One key of the message dict. */
interface Field {
  key: string;
  /** the value. `flags` is undefined where the dict has none (events). */
  value(m: DictMessage, view: View, flags: number | undefined): unknown;
  /** the value may be undefined, which leaves the key out */
  optional?: true;
  /**
   * The value depends on this alone (and the view), so the writer serializes it once per page
   * for each distinct key; undefined: not shared for this message.
   */
  sharedBy?(m: DictMessage, flags: number | undefined): unknown;
  /**
   * How the writer writes the value: a number, a boolean, a list (an empty one without
   * JSON.stringify: most messages have no reactions), JSON text already (copied; the dict
   * holds it parsed), or anything else JSON.stringify writes (the default).
   */
  json?: "number" | "boolean" | "list" | "text";
}

const onePerPage = () => 0;
const bySender = (m: DictMessage) => m.sender_id;
const byChannel = (m: DictMessage) => m.stream_id ?? undefined;
const seconds = (ms: number | null) => (ms === null ? undefined : Math.floor(ms / 1000));

/** Zulip's message dict, in Zulip's key order (which clients' tests and ours compare bytes by). */
const MESSAGE_FIELDS: readonly Field[] = [
  { key: "id", json: "number", value: (m) => m.id },
  { key: "sender_id", json: "number", value: (m) => m.sender_id },
  { key: "content", value: (m, v) => (v.options.applyMarkdown ? m.rendered_content : m.content) },
  { key: "recipient_id", json: "number", value: (m) => m.recipient_id },
  { key: "timestamp", json: "number", value: (m) => seconds(m.date_sent) },
  { key: "client", value: (m) => m.client, sharedBy: (m) => m.client },
  { key: "subject", value: (m, v) => (m.stream_id !== null ? displayTopic(m.topic, v.options.allowEmptyTopicName) : ""), sharedBy: (m) => (m.stream_id !== null ? m.topic : null) },
  { key: "topic_links", value: () => [], sharedBy: onePerPage },
  { key: "is_me_message", json: "boolean", value: (m) => Boolean(m.is_me_message) },
  { key: "reactions", json: "list", value: (m, v) => v.lookups.reactions.get(m.id)?.map(presentReaction) ?? [] },
  { key: "submessages", json: "list", value: (m, v) => v.lookups.submessages?.get(m.id)?.map(presentSubmessage) ?? [] },
  { key: "sender_full_name", value: (m, v) => v.lookups.users.get(m.sender_id)?.full_name ?? "", sharedBy: bySender },
  { key: "sender_email", value: (m, v) => v.lookups.users.get(m.sender_id)?.email ?? "", sharedBy: bySender },
  { key: "sender_realm_str", value: (_m, v) => v.lookups.realmStringId, sharedBy: onePerPage },
  {
    key: "display_recipient",
    value: (m, v) => (m.stream_id !== null ? (v.lookups.streams.get(m.stream_id)?.name ?? "") : dmRecipient(m, v.lookups)),
    sharedBy: byChannel,
  },
  { key: "type", value: (m) => (m.stream_id !== null ? "stream" : "private"), sharedBy: byChannel },
  {
    key: "avatar_url",
    value: (m, v) => {
      const sender = v.lookups.users.get(m.sender_id);
      return sender ? avatarUrl(sender, v.options.clientGravatar) : null;
    },
    sharedBy: bySender,
  },
  { key: "content_type", value: (_m, v) => (v.options.applyMarkdown ? "text/html" : "text/x-markdown"), sharedBy: onePerPage },
  { key: "stream_id", json: "number", value: (m) => m.stream_id ?? undefined, optional: true },
  { key: "last_edit_timestamp", json: "number", value: (m) => seconds(m.last_edit_time), optional: true },
  { key: "last_moved_timestamp", json: "number", value: (m) => seconds(m.last_moved_time), optional: true },
  { key: "edit_history", value: (m, v) => visibleEditHistoryJson(m.edit_history, v.options.editHistory), json: "text", optional: true },
  { key: "flags", value: (_m, _v, flags) => (flags === undefined ? undefined : flagNames(flags)), sharedBy: (_m, flags) => flags, optional: true },
];

/** The message dict; with `flags`, the user's flags on it (GET /messages), else none (events). */
export function presentMessage(m: DictMessage, lookups: MessageLookups, options: MessageViewOptions, flags?: number): Record<string, unknown> {
  const view = { lookups, options };
  const out: Record<string, unknown> = {};
  for (const field of MESSAGE_FIELDS) {
    const value = field.value(m, view, flags);
    if (value !== undefined) out[field.key] = field.json === "text" ? (JSON.parse(value as string) as unknown) : value;
  }
  return out;
}

/**
 * The JSON text of `presentMessage(m, lookups, options, flags)`, byte for byte, written
 * directly (GET /messages pages): no dict objects, and the fields shared by a page's messages
 * (sender names and avatars, channel names, topics, clients, flag lists) serialized once per
 * page. messages-json.test.ts compares the two on both databases.
 */
export function messageJsonWriter(lookups: MessageLookups, options: MessageViewOptions): (m: DictMessage, flags: number) => string {
  return compiledWriter({ lookups, options }, SEGMENTS.map((segment) => (segment.sharedBy ? new Map<unknown, string>() : undefined)));
}

/**
 * Consecutive fields written as one piece of text: a field alone, or a run of fields shared
 * by the same key (a page's constants join any run), kept as one text per key and page.
 */
interface Segment {
  fields: number[];
  sharedBy?: Field["sharedBy"];
}

const SEGMENTS = MESSAGE_FIELDS.reduce<Segment[]>((segments, field, i) => {
  const last = segments.at(-1);
  const joins = last?.sharedBy && field.sharedBy && (field.sharedBy === onePerPage || field.sharedBy === last.sharedBy || last.sharedBy === onePerPage);
  if (!joins) segments.push({ fields: [i], sharedBy: field.sharedBy });
  else {
    last.fields.push(i);
    if (last.sharedBy === onePerPage) last.sharedBy = field.sharedBy;
  }
  return segments;
}, []);

// Each field's key as written before its value ("id" is always present, so it opens the object).
const KEY_TEXT = MESSAGE_FIELDS.map((field, i) => `${i ? "," : "{"}${JSON.stringify(field.key)}:`);

type WriterFactory = (view: View, shared: (Map<unknown, string> | undefined)[]) => (m: DictMessage, flags: number) => string;

/**
 * The writer compiled once from MESSAGE_FIELDS, as fast-json-stringify compiles a schema: one
 * statement per field in a straight line, each calling its own field's function (one function
 * per call site, which V8 can inline) and writing the value by its `json` kind. Field i with key
 * text K_i appends `K_i + json(v)` for v = value_i(m, view, flags), when defined; a shared
 * segment's text is looked up by its key first and made only when missing. On a page of 100
 * it costs about 1.3 times the hand-written template it replaces; a loop over the fields
 * cost 1.6 times (docs/performance.md).
 */
const compiledWriter = ((): WriterFactory => {
  const json = { number: (v: string) => `String(${v})`, boolean: (v: string) => `(${v} ? "true" : "false")`, list: (v: string) => `((l = ${v}).length ? JSON.stringify(l) : "[]")`, text: (v: string) => v };
  const text = (i: number, v: string) => `${JSON.stringify(KEY_TEXT[i])} + ${json[MESSAGE_FIELDS[i].json!]?.(v) ?? `JSON.stringify(${v})`}`;
  const append = (i: number, to: string) =>
    MESSAGE_FIELDS[i].optional ? `v = value${i}(m, view, flags); if (v !== undefined) ${to} += ${text(i, "v")};` : `${to} += ${text(i, `value${i}(m, view, flags)`)};`;
  const lines = SEGMENTS.map((segment, s) => {
    if (!segment.sharedBy) return append(segment.fields[0], "out");
    return `k = sharedBy${s}(m, flags); t = k === undefined ? undefined : shared${s}.get(k);
      if (t === undefined) { t = ""; ${segment.fields.map((i) => append(i, "t")).join(" ")} if (k !== undefined) shared${s}.set(k, t); }
      out += t;`;
  });
  const body = `
    const ${MESSAGE_FIELDS.map((_field, i) => `value${i} = fields[${i}].value`).join(", ")};
    const ${SEGMENTS.map((segment, s) => `sharedBy${s} = segments[${s}].sharedBy`).join(", ")};
    return (view, shared) => {
      const ${SEGMENTS.map((_segment, s) => `shared${s} = shared[${s}]`).join(", ")};
      return (m, flags) => {
        let out = "", v, k, t, l;
        ${lines.join("\n")}
        return out + "}";
      };
    };`;
  return new Function("fields", "segments", body)(MESSAGE_FIELDS, SEGMENTS) as WriterFactory;
})();
