// The message JSON writer of GET /messages (`npm run bench -- message-json`), in process: the
// CPU time (process.cpuUsage) of writing pages of 100 messages, as routes/message-loader.ts
// joins them and flattened as a socket write would, by present/message.ts messageJsonWriter
// (compiled from the field list), by the hand-written template it replaced (the bar: the
// ratio is to it, and must stay at or below 1) and by JSON.stringify of presentMessage's dicts
// (the generic path). The writers take turns, round after round, so a busy machine slows them
// alike; each line gives the median and the spread over the rounds. Two pages: the bench
// seed's channel page (100 topics, 50 senders, short content) and a mixed page (direct
// messages, reactions, submessages, edits, strings that need escaping). All three must write
// the same bytes first: a change to the dict that the template lacks stops the bench.
import { loadavg } from "node:os";
import type { DictMessage } from "../apps/chat/src/store/schema.js";
import type { Reaction } from "../apps/chat/src/store/reactions.js";
import type { Submessage } from "../apps/chat/src/store/submessages.js";
import type { Stream } from "../apps/chat/src/store/streams.js";
import type { User } from "../apps/chat/src/store/users.js";
import { HISTORICAL_FLAGS, FLAG_BITS, flagNames } from "../apps/chat/src/lib/message-flags.js";
import { displayTopic } from "../apps/chat/src/lib/topics.js";
import { visibleEditHistoryJson } from "../apps/chat/src/lib/edit-history.js";
import { avatarUrl } from "../apps/chat/src/present/user.js";
import { messageJsonWriter, presentMessage, presentReaction, presentSubmessage, type MessageLookups, type MessageViewOptions } from "../apps/chat/src/present/message.js";
import { report } from "./lib.js";

const ROUNDS = Number(process.env.BENCH_JSON_ROUNDS ?? 20);
const PAGES = Number(process.env.BENCH_JSON_PAGES ?? 200);

type Writer = (lookups: MessageLookups, options: MessageViewOptions) => (m: DictMessage, flags: number) => string;

/**
 * The hand-written writer the compiled one replaced, brought up to today's dict: one template
 * literal per message, the page's shared parts kept in maps.
 */
const template: Writer = (lookups, options) => {
  const realm = JSON.stringify(lookups.realmStringId);
  const contentType = options.applyMarkdown ? `,"content_type":"text/html"` : `,"content_type":"text/x-markdown"`;
  const senders = new Map<number, [string, string]>();
  const channels = new Map<number, string>();
  const topics = new Map<string, string>();
  const clients = new Map<string, string>();
  const flagsJson = new Map<number, string>();
  const jsonNumber = (v: unknown): string => (typeof v === "number" && Number.isFinite(v) ? String(v) : JSON.stringify(v));
  const dmRecipient = (m: DictMessage) =>
    (lookups.dmMembers.get(m.recipient_id) ?? [m.sender_id]).map((id) => {
      const u = lookups.users.get(id);
      return { id, email: u?.email ?? "", full_name: u?.full_name ?? "", is_mirror_dummy: false };
    });
  return (m, flags) => {
    let sender = senders.get(m.sender_id);
    if (sender === undefined) {
      const u = lookups.users.get(m.sender_id);
      sender = [
        `,"sender_full_name":${JSON.stringify(u?.full_name ?? "")},"sender_email":${JSON.stringify(u?.email ?? "")},"sender_realm_str":${realm},"display_recipient":`,
        `,"avatar_url":${JSON.stringify(u ? avatarUrl(u, options.clientGravatar) : null)}`,
      ];
      senders.set(m.sender_id, sender);
    }
    const isStream = m.stream_id !== null;
    let subject = `""`;
    let recipient: string;
    if (isStream) {
      const topic = displayTopic(m.topic, options.allowEmptyTopicName);
      subject = topics.get(topic) ?? "";
      if (!subject) topics.set(topic, (subject = JSON.stringify(topic)));
      recipient = channels.get(m.stream_id!) ?? "";
      if (!recipient) channels.set(m.stream_id!, (recipient = JSON.stringify(lookups.streams.get(m.stream_id!)?.name ?? "")));
    } else {
      recipient = JSON.stringify(dmRecipient(m));
    }
    let client = clients.get(m.client);
    if (client === undefined) clients.set(m.client, (client = JSON.stringify(m.client)));
    let flagList = flagsJson.get(flags);
    if (flagList === undefined) flagsJson.set(flags, (flagList = JSON.stringify(flagNames(flags))));
    const reactions = lookups.reactions.get(m.id);
    const submessages = lookups.submessages?.get(m.id);
    let out = `{"id":${jsonNumber(m.id)},"sender_id":${jsonNumber(m.sender_id)},"content":${JSON.stringify(options.applyMarkdown ? m.rendered_content : m.content)},"recipient_id":${jsonNumber(m.recipient_id)},"timestamp":${jsonNumber(Math.floor(m.date_sent / 1000))},"client":${client},"subject":${subject},"topic_links":[],"is_me_message":${Boolean(m.is_me_message)},"reactions":${reactions ? JSON.stringify(reactions.map(presentReaction)) : "[]"},"submessages":${submessages ? JSON.stringify(submessages.map(presentSubmessage)) : "[]"}${sender[0]}${recipient},"type":${isStream ? `"stream"` : `"private"`}${sender[1]}${contentType}`;
    if (isStream) out += `,"stream_id":${jsonNumber(m.stream_id)}`;
    if (m.last_edit_time !== null) out += `,"last_edit_timestamp":${jsonNumber(Math.floor(m.last_edit_time / 1000))}`;
    if (m.last_moved_time !== null) out += `,"last_moved_timestamp":${jsonNumber(Math.floor(m.last_moved_time / 1000))}`;
    const history = visibleEditHistoryJson(m.edit_history, options.editHistory);
    if (history !== undefined) out += `,"edit_history":${history}`;
    return `${out},"flags":${flagList}}`;
  };
};

/** The generic path: the dicts, then JSON.stringify. */
const generic: Writer = (lookups, options) => (m, flags) => JSON.stringify(presentMessage(m, lookups, options, flags));

const WORDS = ["kernel", "release", "budget", "deploy", "review", "lunch", "planning", "metrics", "incident", "design"];
const NOW = Date.UTC(2026, 11, 1);

function user(id: number, name: string): User {
  const email = `u${id}@bench.example`;
  return { id, realm_id: 1, full_name: name, email, delivery_email: email, avatar_source: "G", avatar_version: 1, email_address_visibility: 1 } as unknown as User;
}

function row(id: number, fields: Partial<DictMessage>): DictMessage {
  const content = `${WORDS[id % WORDS.length]} ${WORDS[(id * 7) % WORDS.length]} message ${id}`;
  return {
    id, sender_id: 1 + (id % 50), recipient_id: 100, stream_id: 10, topic: `topic ${id % 100}`, client: "bench", date_sent: NOW - (1000 - id) * 1000,
    last_edit_time: null, last_moved_time: null, is_me_message: 0, edit_history: null, content, rendered_content: `<p>${content}</p>`, ...fields,
  };
}

const users = new Map(Array.from({ length: 50 }, (_, i) => [i + 1, user(i + 1, i % 5 ? `User ${i + 1}` : `Ünïcødé "${i + 1}" 🌻`)]));
const lookups = (extra: Partial<MessageLookups> = {}): MessageLookups => ({
  realmStringId: "bench",
  users,
  streams: new Map([[10, { id: 10, name: "history" } as unknown as Stream]]),
  dmMembers: new Map([[200, [1, 2, 3]]]),
  reactions: new Map(),
  submessages: new Map(),
  ...extra,
});

const channelPage = Array.from({ length: 100 }, (_, i) => row(900 + i, {}));
const mixedPage = Array.from({ length: 100 }, (_, i) => {
  const id = 900 + i;
  if (i % 10 === 1) return row(id, { stream_id: null, recipient_id: 200, topic: "" });
  if (i % 10 === 3) return row(id, { content: `quotes " backslash \\ newline\nand tab\t, control \u0001, emoji 😀, lone \ud800, line sep \u2028`, rendered_content: `<p>quotes " \\ 😀 \ud800 \u2028</p>` });
  if (i % 10 === 5) {
    const edit = JSON.stringify([{ timestamp: NOW / 1000, user_id: 1, prev_content: "before", prev_rendered_content: "<p>before</p>" }]);
    return row(id, { last_edit_time: NOW, edit_history: edit, is_me_message: 1 });
  }
  return row(id, {});
});
const reaction = (messageId: number, userId: number, name: string): Reaction => ({ message_id: messageId, user_id: userId, emoji_name: name, emoji_code: "1f44d", reaction_type: "unicode_emoji" }) as unknown as Reaction;
const mixedLookups = lookups({
  reactions: new Map(mixedPage.filter((_, i) => i % 4 === 0).map((m) => [m.id, [reaction(m.id, 1, "thumbs_up"), reaction(m.id, 2, "tada")]])),
  submessages: new Map(mixedPage.filter((_, i) => i % 25 === 7).map((m) => [m.id, [{ id: m.id, message_id: m.id, sender_id: 1, msg_type: "widget", content: '{"widget_type":"poll"}' } as unknown as Submessage]])),
});

const view: MessageViewOptions = { applyMarkdown: true, clientGravatar: true, allowEmptyTopicName: false, editHistory: "all" };
const channelFlags = HISTORICAL_FLAGS;
const mixedFlags = (i: number) => [HISTORICAL_FLAGS, FLAG_BITS.read, FLAG_BITS.read | FLAG_BITS.starred, 0][i % 4];

/** A page's JSON array as routes/message-loader.ts loadMessagesJson writes it. */
function page(writer: Writer, messages: DictMessage[], pageLookups: MessageLookups, flags: (i: number) => number): string {
  const write = writer(pageLookups, view);
  let out = "";
  for (let i = 0; i < messages.length; i++) out += (out ? "," : "") + write(messages[i], flags(i));
  return `[${out}]`;
}

const writers: [string, Writer][] = [
  ["template", template],
  ["compiled", messageJsonWriter],
  ["generic", generic],
];
const pages: [string, DictMessage[], MessageLookups, (i: number) => number][] = [
  ["channel page of 100", channelPage, lookups(), () => channelFlags],
  ["mixed page of 100", mixedPage, mixedLookups, mixedFlags],
];

export async function run(): Promise<void> {
  for (const [pageName, messages, pageLookups, flags] of pages) {
    const expected = page(generic, messages, pageLookups, flags);
    for (const [name, writer] of writers) {
      if (page(writer, messages, pageLookups, flags) !== expected) throw new Error(`${name} writes other bytes than JSON.stringify for the ${pageName}`);
    }
    // µs of CPU per page, one figure per writer and round; the writers take turns.
    const times = new Map<string, number[]>(writers.map(([name]) => [name, []]));
    for (let round = -2; round < ROUNDS; round++) {
      for (const [name, writer] of round % 2 ? writers : [...writers].reverse()) {
        const start = process.cpuUsage();
        for (let i = 0; i < PAGES; i++) Buffer.byteLength(page(writer, messages, pageLookups, flags));
        const used = process.cpuUsage(start);
        if (round >= 0) times.get(name)!.push((used.user + used.system) / PAGES);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const bar = times.get("template")!;
    for (const [name] of writers) {
      const values = times.get(name)!;
      const sorted = [...values].sort((a, b) => a - b);
      // each round's ratio to the template's time in the same round
      const ratios = values.map((v, i) => v / bar[i]).sort((a, b) => a - b);
      report({
        scenario: `message JSON, ${pageName}: ${name}`,
        us_per_page: +median(values).toFixed(1),
        range_us: `${sorted[0].toFixed(1)}–${sorted.at(-1)!.toFixed(1)}`,
        ratio: +median(ratios).toFixed(3),
        ratio_quartiles: `${ratios[ratios.length >> 2].toFixed(2)}–${ratios[(3 * ratios.length) >> 2].toFixed(2)}`,
        load: +loadavg()[0].toFixed(1),
      });
    }
  }
}
