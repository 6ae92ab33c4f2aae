// The typeahead's logic, without the DOM (unit-tested under node): which token the caret is in
// (`@name`, `@_name`, `#channel`, `#**channel>topic`, `:emoji`), matching by word starts, and
// the Markdown a choice puts in its place (Zulip's mention, link and emoji syntax, from its
// "Message formatting" help: `@**Full Name**`, `@**Full Name|id**` when two people share the
// name, `@_**…**` silent, `@*group*`, `#**channel**`, `#**channel>topic**`, `:name:`).

export type TokenKind = "mention" | "channel" | "topic-link" | "emoji";

export interface Token {
  kind: TokenKind;
  /** what was typed after the trigger, as typed */
  query: string;
  /** where the token starts in the text (its `@`, `#` or `:`) */
  start: number;
  /** `@_`: a silent mention */
  silent?: boolean;
  /** the channel named before `>` (topic-link) */
  channel?: string;
}

// A trigger counts at the start of the text or after a space or an opening bracket, as in
// Zulip (so an email address or "12:30" starts nothing).
const BEFORE = String.raw`(?:^|[\s(\[{"'])`;
const TOPIC_LINK = new RegExp(`${BEFORE}(#\\*\\*([^*>\\n]+?)(?:\\*\\*)?>([^*\\n]{0,60}))$`);
const MENTION = new RegExp(`${BEFORE}(@(_?)(?:\\*\\*?)?([^\\n@*]{0,40}))$`);
const CHANNEL = new RegExp(`${BEFORE}(#(?:\\*\\*)?([^\\n#*>]{0,40}))$`);
const EMOJI = new RegExp(`${BEFORE}(:([a-z0-9_+-]{2,30}))$`, "i");

/** A query that has turned into prose: starts with a space, or has more than three words. */
const prose = (query: string) => /^\s/.test(query) || /\s\s/.test(query) || query.trim().split(/\s+/).length > 3;

/** The token the caret ends, or null when it is in none. */
export function tokenAt(text: string, caret: number): Token | null {
  const before = text.slice(0, caret);
  let m = TOPIC_LINK.exec(before);
  if (m) return { kind: "topic-link", query: m[3]!, channel: m[2]!, start: caret - m[1]!.length };
  m = MENTION.exec(before);
  if (m && !prose(m[3]!)) return { kind: "mention", query: m[3]!, silent: m[2] === "_", start: caret - m[1]!.length };
  m = CHANNEL.exec(before);
  if (m && !prose(m[2]!)) return { kind: "channel", query: m[2]!, start: caret - m[1]!.length };
  m = EMOJI.exec(before);
  if (m) return { kind: "emoji", query: m[2]!, start: caret - m[1]!.length };
  return null;
}

/** Lower case without accents: "José" is found by "jose". */
export function fold(text: string): string {
  // Most names are plain ASCII: no need to decompose them.
  return /[^\x00-\x7f]/.test(text) ? text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase() : text.toLowerCase();
}

/** The words a name is found by: split at spaces and punctuation ("Anne-Marie O'Neil" → anne, marie, o, neil). */
export function wordsOf(text: string, folded = false): string[] {
  return (folded ? text : fold(text)).split(/[\s\-_.'’,()@]+/).filter(Boolean);
}

/** Whether `query` (folded, words separated by spaces) starts the text or every query word starts one of its words. */
export function matchesWords(text: string, query: string): boolean {
  const q = fold(query).trim();
  if (!q) return true;
  const folded = fold(text);
  if (folded.startsWith(q)) return true;
  const words = wordsOf(text);
  return q.split(/\s+/).every((part) => words.some((w) => w.startsWith(part)));
}

export interface Person {
  id: number;
  name: string;
  email: string;
}

/**
 * People found by the start of any word of their name or of their email, built once for the
 * organization (10,000 people: a sorted array of about 40,000 words). A query finds its range
 * of words by binary search and keeps the best few while walking it: nothing is sorted per
 * keystroke. People come in name order, those whose name starts with the query first, and the
 * `preferred` (the conversation's recent senders) first within each.
 */
export class PeopleIndex {
  private readonly people: Person[];
  private readonly folded: string[];
  private readonly words: string[][];
  /** every (word, person's rank) pair, sorted by word */
  private readonly keys: string[];
  private readonly owners: Int32Array;
  /** stamps, to count each person once per search */
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly nameCounts = new Map<string, number>();

  constructor(people: readonly Person[]) {
    // Sorted by folded name with plain comparisons: a collator costs ten times as much here.
    const folded = people.map((p) => fold(p.name));
    const order = people.map((_, i) => i).sort((a, b) => (folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : people[a]!.id - people[b]!.id));
    this.people = order.map((i) => people[i]!);
    this.folded = order.map((i) => folded[i]!);
    this.words = this.people.map((p, rank) => {
      const words = new Set(wordsOf(this.folded[rank]!, true));
      const email = p.email.toLowerCase();
      words.add(email);
      for (const w of wordsOf(email.slice(0, email.indexOf("@") >>> 0), true)) words.add(w);
      return [...words];
    });
    const keys: string[] = [];
    const owners: number[] = [];
    this.words.forEach((words, rank) => {
      for (const w of words) {
        keys.push(w);
        owners.push(rank);
      }
    });
    const byKey = keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : owners[a]! - owners[b]!));
    this.keys = byKey.map((i) => keys[i]!);
    this.owners = Int32Array.from(byKey, (i) => owners[i]!);
    this.seen = new Int32Array(this.people.length);
    for (const name of this.folded) this.nameCounts.set(name, (this.nameCounts.get(name) ?? 0) + 1);
  }

  get size(): number {
    return this.people.length;
  }

  /** The first key at or after `prefix`. */
  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  search(query: string, limit = 8, preferred: ReadonlySet<number> = new Set(), exclude: ReadonlySet<number> = new Set()): Person[] {
    const q = fold(query).trim();
    const parts = q.split(/\s+/).filter(Boolean);
    // Best first: [score, rank] pairs, score 0 = preferred and the name starts with the query.
    const best: [number, number][] = [];
    const consider = (rank: number) => {
      const person = this.people[rank]!;
      if (exclude.has(person.id)) return;
      const rest = parts.slice(1);
      const starts = this.folded[rank]!.startsWith(q);
      if (!starts && rest.length && !rest.every((part) => this.words[rank]!.some((w) => w.startsWith(part)))) return;
      const score = (starts ? 0 : 2) + (preferred.has(person.id) ? 0 : 1);
      if (best.length === limit) {
        const worst = best[limit - 1]!;
        if (score > worst[0] || (score === worst[0] && rank > worst[1])) return;
        best.pop();
      }
      let at = best.length;
      while (at > 0 && (best[at - 1]![0] > score || (best[at - 1]![0] === score && best[at - 1]![1] > rank))) at--;
      best.splice(at, 0, [score, rank]);
    };
    if (!parts.length) {
      for (const id of preferred) {
        const rank = this.people.findIndex((p) => p.id === id);
        if (rank >= 0) consider(rank);
      }
      for (let rank = 0; rank < this.people.length && best.length < limit; rank++) if (!preferred.has(this.people[rank]!.id)) consider(rank);
      return best.map(([, rank]) => this.people[rank]!);
    }
    const first = parts[0]!;
    const stamp = ++this.stamp;
    for (let i = this.lowerBound(first); i < this.keys.length && this.keys[i]!.startsWith(first); i++) {
      const rank = this.owners[i]!;
      if (this.seen[rank] === stamp) continue;
      this.seen[rank] = stamp;
      consider(rank);
    }
    return best.map(([, rank]) => this.people[rank]!);
  }

  /** Whether more than one person has this name (then mentions carry the id, as Zulip's do). */
  nameIsShared(name: string): boolean {
    return (this.nameCounts.get(fold(name)) ?? 0) > 1;
  }
}

/** Zulip's mention of a person: `@**Name**`, `@**Name|id**` when the name is shared; `@_` silent. */
export function personMention(person: Pick<Person, "id" | "name">, silent: boolean, shared: boolean): string {
  return `@${silent ? "_" : ""}**${person.name}${shared ? `|${person.id}` : ""}**`;
}

/** Zulip's mention of a user group: `@*group*`, `@_*group*` silent. */
export function groupMention(name: string, silent: boolean): string {
  return `@${silent ? "_" : ""}*${name}*`;
}

/** The wildcard mentions, as Zulip offers them (`@**all**` notifies the channel). */
export const WILDCARDS = [
  { name: "all", description: "Notify channel" },
  { name: "everyone", description: "Notify channel" },
  { name: "channel", description: "Notify channel" },
  { name: "topic", description: "Notify topic" },
] as const;

export function wildcardMention(name: string, silent: boolean): string {
  return `@${silent ? "_" : ""}**${name}**`;
}

export const channelLink = (channel: string) => `#**${channel}**`;
export const topicLink = (channel: string, topic: string) => `#**${channel}>${topic}**`;
export const emojiCode = (name: string) => `:${name}:`;

/** Puts `replacement` in place of the token (from its start to the caret), then a space; the new text and caret. */
export function replaceToken(text: string, token: Token, caret: number, replacement: string): { text: string; caret: number } {
  const after = text.slice(caret);
  const spaced = after.startsWith(" ") ? replacement : `${replacement} `;
  const head = text.slice(0, token.start) + spaced;
  return { text: head + after, caret: head.length };
}
