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
   * for each distinct key; undefined: not shared for this message. `onePerPage`: the value
   * depends on the view alone, and the writer makes it once per page without a message.
   */
  sharedBy?(m: DictMessage, flags: number | undefined): unknown;
  /**
   * How the writer writes the value: a number, a boolean, a string (quoted, escaped only when
   * it needs it), a list (an empty one without JSON.stringify: most messages have no
   * reactions), JSON text already (copied; the dict holds it parsed), or anything else
   * JSON.stringify writes (the default).
   */
  json?: "number" | "boolean" | "string" | "list" | "text";
}

const onePerPage = () => 0;
const bySender = (m: DictMessage) => m.sender_id;
const byChannel = (m: DictMessage) => m.stream_id ?? undefined;
const seconds = (ms: number | null) => (ms === null ? undefined : Math.floor(ms / 1000));

/** Zulip's message dict, in Zulip's key order (which clients' tests and ours compare bytes by). */
const MESSAGE_FIELDS: readonly Field[] = [
  { key: "id", json: "number", value: (m) => m.id },
  { key: "sender_id", json: "number", value: (m) => m.sender_id },
  { key: "content", json: "string", value: (m, v) => (v.options.applyMarkdown ? m.rendered_content : m.content) },
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
  return compiledWriter({ lookups, options });
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

/** The shared segments by key (a page's constants aside): each key is looked up once per message. */
const GROUPS = [...new Set(SEGMENTS.map((segment) => segment.sharedBy))]
  .filter((sharedBy) => sharedBy !== undefined && sharedBy !== onePerPage)
  .map((sharedBy) => ({ sharedBy, segments: SEGMENTS.filter((segment) => segment.sharedBy === sharedBy) }));

// Each field's key as written before its value ("id" is always present, so it opens the object).
const KEY_TEXT = MESSAGE_FIELDS.map((field, i) => `${i ? "," : "{"}${JSON.stringify(field.key)}:`);

// What JSON.stringify escapes in a string: quotes, backslashes, control characters and lone
// surrogates (under /u a surrogate pair is one code point, outside the class).
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/u;

/** JSON.stringify of a string: most need no escaping, only quotes. */
const jsonString = (s: string): string => (ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`);

/** JSON.stringify of any value. */
const json = (v: unknown): string => (typeof v === "string" ? jsonString(v) : JSON.stringify(v));

type WriterFactory = (view: View) => (m: DictMessage, flags: number) => string;

/**
 * The writer compiled once from MESSAGE_FIELDS, as fast-json-stringify compiles a schema: a
 * straight line of code per message, each field's function called at its own call site (so
 * V8 inlines it), its value written by its `json` kind, and the key texts as constants. A
 * message is one left-to-right concatenation (`out + key + value + key + value…`, a field that
 * may be left out ending a run). A page's constant fields are written once, when the page
 * starts; each other sharing key is looked up once per message, and on a miss the texts of all
 * its segments are made and kept for the page. On a page of 100 it costs less than the
 * hand-written template it replaced (docs/performance.md, bench/message-json.ts).
 */
const compiledWriter = ((): WriterFactory => {
  const write = {
    number: (v: string) => `String(${v})`,
    boolean: (v: string) => `(${v} ? "true" : "false")`,
    string: (v: string) => `jsonString(${v})`,
    list: (v: string) => `((l = ${v}).length ? JSON.stringify(l) : "[]")`,
    text: (v: string) => v,
  };
  const text = (i: number, v: string) => `${JSON.stringify(KEY_TEXT[i])} + ${write[MESSAGE_FIELDS[i].json!]?.(v) ?? `json(${v})`}`;
  const isConstant = (i: number) => MESSAGE_FIELDS[i].sharedBy === onePerPage;
  const constant = (i: number) =>
    MESSAGE_FIELDS[i].optional
      ? `v = value${i}(undefined, view, undefined); const c${i} = v === undefined ? "" : ${text(i, "v")};`
      : `const c${i} = ${text(i, `value${i}(undefined, view, undefined)`)};`;
  /** Statements appending the fields (or texts, as expressions) to `to`. */
  const append = (items: (number | string)[], to: string) => {
    const statements: string[] = [];
    let run: string[] = [];
    const endRun = () => {
      if (run.length) statements.push(`${to} = ${to} + ${run.join(" + ")};`);
      run = [];
    };
    for (const item of items) {
      if (typeof item === "string") run.push(item);
      else if (isConstant(item)) run.push(`c${item}`);
      else if (!MESSAGE_FIELDS[item].optional) run.push(text(item, `value${item}(m, view, flags)`));
      else {
        endRun();
        statements.push(`v = value${item}(m, view, flags); if (v !== undefined) ${to} = ${to} + ${text(item, "v")};`);
      }
    }
    endRun();
    return statements.join("\n");
  };
  const lookups = GROUPS.map((group, g) => {
    const texts = group.segments.map((segment) => `t = ""; ${append(segment.fields, "t")}`);
    const make = group.segments.length === 1 ? `${texts[0]} e${g} = t;` : `e${g} = []; ${texts.map((made) => `${made} e${g}.push(t);`).join(" ")}`;
    return `k = sharedBy${g}(m, flags); e${g} = k === undefined ? undefined : shared${g}.get(k);
      if (e${g} === undefined) { ${make} if (k !== undefined) shared${g}.set(k, e${g}); }`;
  });
  const entry = (segment: Segment) => {
    const g = GROUPS.findIndex((group) => group.sharedBy === segment.sharedBy);
    return GROUPS[g].segments.length === 1 ? `e${g}` : `e${g}[${GROUPS[g].segments.indexOf(segment)}]`;
  };
  const message = append(
    SEGMENTS.flatMap((segment): (number | string)[] => (segment.sharedBy && segment.sharedBy !== onePerPage ? [entry(segment)] : segment.fields)),
    "out",
  );
  const body = `
    const ${MESSAGE_FIELDS.map((_field, i) => `value${i} = fields[${i}].value`).join(", ")};
    const ${GROUPS.map((_group, g) => `sharedBy${g} = groups[${g}].sharedBy`).join(", ")};
    return (view) => {
      let v, l;
      ${MESSAGE_FIELDS.flatMap((_field, i) => (isConstant(i) ? [constant(i)] : [])).join("\n")}
      const ${GROUPS.map((_group, g) => `shared${g} = new Map()`).join(", ")};
      return function messageJson(m, flags) {
        let out = "", v, k, t, l, ${GROUPS.map((_group, g) => `e${g}`).join(", ")};
        ${lookups.join("\n")}
        ${message}
        return out + "}";
      };
    };`;
  return new Function("fields", "groups", "jsonString", "json", body)(MESSAGE_FIELDS, GROUPS, jsonString, json) as WriterFactory;
})();
