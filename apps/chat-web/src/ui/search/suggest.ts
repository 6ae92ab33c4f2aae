// What the search bar offers while one types (loaded on the bar's first focus, never with the
// first view): the word being typed completed as an operator name (`chan` → `channel:`), or as
// an operand of the operator it follows: channel names after `channel:`, the topics of the
// chosen channel after `topic:`, people (by name or email) after `sender:` and `dm:`, Zulip's
// `has:` and `is:` operands; a plain word also offers the channels and people it names. The
// first row is always the search as typed. Negation (`-is:resolved`) is kept.
import { encodeOperand, parseSearch, type Names } from "../../narrow/terms";
import type { User } from "../../state/types";

export interface Suggestion {
  /** the search bar's whole text once this is chosen */
  text: string;
  /** what the row shows in bold (the term) and beside it */
  label: string;
  detail: string;
  /** an operator without its operand: choosing it fills the bar instead of searching */
  fill?: boolean;
}

export interface SuggestContext {
  names: Names;
  channels: readonly { stream_id: number; name: string }[];
  /** a channel's recent topic names, or undefined while they load (asking starts the load) */
  topicsOf(channelId: number): readonly string[] | undefined;
  users: ReadonlyMap<number, User>;
  /** the channel on screen, whose topics `topic:` offers when the search names none */
  currentChannelId?: number;
}

const LIMIT = 12;
const PEOPLE = 5;

const OPERATOR_HELP: [string, string][] = [
  ["channel:", "Messages in a channel"],
  ["topic:", "Messages in a topic"],
  ["sender:", "Messages sent by someone"],
  ["dm:", "Direct messages with someone"],
  ["has:", "Messages with a link, image, attachment or reaction"],
  ["is:", "Starred, mentioned, unread, resolved, followed messages, or direct messages"],
  ["near:", "Messages around a message id"],
  ["search:", "Messages containing words"],
];

const HAS: [string, string][] = [
  ["link", "Messages with links"],
  ["image", "Messages with images"],
  ["attachment", "Messages with attachments"],
  ["reaction", "Messages with reactions"],
];

const IS: [string, string][] = [
  ["starred", "Starred messages"],
  ["mentioned", "Messages that mention you"],
  ["unread", "Unread messages"],
  ["resolved", "Topics marked as resolved"],
  ["followed", "Topics you follow"],
  ["dm", "Direct messages"],
];

/** The text before the token being typed, and that token (an unclosed quote included). */
function lastToken(text: string): { before: string; token: string } {
  if (/\s$/.test(text) || text === "") return { before: text, token: "" };
  let last: RegExpMatchArray | undefined;
  for (const match of text.matchAll(/(?:[^\s"]+|"[^"]*"?)+/g)) last = match;
  if (!last || last.index! + last[0].length !== text.length) return { before: text, token: "" };
  return { before: text.slice(0, last.index), token: last[0] };
}

const lower = (s: string) => s.toLocaleLowerCase();
/** 0: starts with the typed text, 1: a word of it does, 2: contains it, -1: no match. */
function rank(name: string, typed: string): number {
  const n = lower(name);
  if (n.startsWith(typed)) return 0;
  if (n.split(/[\s._-]+/).some((w) => w.startsWith(typed))) return 1;
  return n.includes(typed) ? 2 : -1;
}

function ranked<T>(items: readonly T[], typed: string, nameOf: (item: T) => string, limit: number): T[] {
  const scored: { item: T; score: number; name: string }[] = [];
  for (const item of items) {
    const name = nameOf(item);
    const score = typed ? rank(name, typed) : 0;
    if (score >= 0) scored.push({ item, score, name });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, limit).map((s) => s.item);
}

// The people index, made once per user list: lowercased names and emails, active humans only.
let indexed: { source: ReadonlyMap<number, User>; people: { user: User; name: string; email: string }[] } | null = null;
function people(users: ReadonlyMap<number, User>) {
  if (indexed?.source !== users) {
    const list = [...users.values()].filter((u) => u.is_active && !u.is_bot).map((user) => ({ user, name: lower(user.full_name), email: lower(user.email) }));
    indexed = { source: users, people: list };
  }
  return indexed.people;
}

/** People whose name (any word of it) or email starts with `typed`, best first. */
export function matchPeople(users: ReadonlyMap<number, User>, typed: string, limit = PEOPLE): User[] {
  const t = lower(typed);
  const first: User[] = [];
  const later: User[] = [];
  for (const p of people(users)) {
    if (p.name.startsWith(t) || p.email.startsWith(t)) first.push(p.user);
    else if (later.length < limit && p.name.split(" ").some((w) => w.startsWith(t))) later.push(p.user);
  }
  first.sort((a, b) => a.full_name.localeCompare(b.full_name));
  return [...first, ...later].slice(0, limit);
}

export function suggest(text: string, ctx: SuggestContext): Suggestion[] {
  const { before, token } = lastToken(text);
  const negated = token.startsWith("-");
  const sign = negated ? "-" : "";
  const body = negated ? token.slice(1) : token;
  const colon = body.indexOf(":");
  const out: Suggestion[] = [];
  const add = (s: Suggestion) => {
    if (out.length < LIMIT && !out.some((o) => o.text === s.text)) out.push(s);
  };
  const term = (operator: string, operand: string) => `${before}${sign}${operator}:${encodeOperand(operand)}`;

  if (colon > 0) {
    const operator = body.slice(0, colon).toLowerCase();
    const typed = lower(body.slice(colon + 1).replace(/^"/, "").replace(/"$/, "").replace(/\+/g, " "));
    const not = negated ? "Exclude " : "";
    switch (operator) {
      case "channel":
      case "stream":
        for (const c of ranked(ctx.channels, typed, (c) => c.name, LIMIT)) add({ text: term("channel", c.name), label: `${sign}channel:${c.name}`, detail: `${not}#${c.name}` });
        return out;
      case "topic":
      case "subject": {
        const named = parseSearch(before, ctx.names).find((t) => t.operator === "channel" && !t.negated && /^\d+$/.test(t.operand));
        const channelId = named ? Number(named.operand) : ctx.currentChannelId;
        const topics = channelId === undefined ? [] : (ctx.topicsOf(channelId) ?? []);
        for (const name of ranked(topics, typed, (t) => t, LIMIT)) add({ text: term("topic", name), label: `${sign}topic:${name}`, detail: `${not}topic in #${ctx.names.channelName(channelId!) ?? "channel"}` });
        return out;
      }
      case "sender":
      case "from":
      case "dm":
      case "pm-with":
      case "dm-including": {
        const op = operator === "from" ? "sender" : operator === "pm-with" ? "dm" : operator;
        // A list of people: the part after the last comma is being typed.
        const comma = typed.lastIndexOf(",");
        const done = comma >= 0 ? body.slice(colon + 1, colon + 1 + comma + 1) : "";
        const part = typed.slice(comma + 1);
        if (op === "sender" && "me".startsWith(part)) add({ text: term(op, "me"), label: `${sign}sender:me`, detail: `${not}Sent by you` });
        for (const u of matchPeople(ctx.users, part)) {
          const what = op === "sender" ? "Sent by" : op === "dm" ? "Direct messages with" : "Direct messages including";
          add({ text: `${before}${sign}${op}:${done}${encodeOperand(u.email)}`, label: `${sign}${op}:${u.email}`, detail: `${not}${what} ${u.full_name}` });
        }
        return out;
      }
      case "has":
        for (const [operand, detail] of HAS) if (operand.startsWith(typed)) add({ text: term("has", operand), label: `${sign}has:${operand}`, detail: negated ? `Exclude ${lower(detail)}` : detail });
        return out;
      case "is":
        for (const [operand, detail] of IS) if (operand.startsWith(typed)) add({ text: term("is", operand), label: `${sign}is:${operand}`, detail: negated ? `Exclude ${lower(detail)}` : detail });
        return out;
    }
    // near:, search: and unknown operators: the text as it is
    if (text.trim()) add({ text, label: text.trim(), detail: "Search" });
    return out;
  }

  if (text.trim()) add({ text, label: text.trim(), detail: "Search for this" });
  const word = lower(body);
  for (const [op, detail] of OPERATOR_HELP) if (!word || op.startsWith(word)) add({ text: `${before}${sign}${op}`, label: `${sign}${op}`, detail, fill: true });
  if (!word) {
    for (const [operand, detail] of IS.slice(0, 3)) add({ text: `${before}is:${operand}`, label: `is:${operand}`, detail });
    return out;
  }
  for (const c of ranked(ctx.channels, word, (c) => c.name, 3)) add({ text: term("channel", c.name), label: `${sign}channel:${c.name}`, detail: `Messages in #${c.name}` });
  for (const u of matchPeople(ctx.users, word, 3)) add({ text: term("sender", u.email), label: `${sign}sender:${u.email}`, detail: `Sent by ${u.full_name}` });
  return out;
}
