// Every emoji a user may pick: Zulip's name table (the server's emoji_api.json, fetched the first
// time a picker or a `:` typeahead needs it, never for the first view) and the organization's
// custom emoji. Search matches the start of any word of any name ("thu" finds thumbs_up), the
// user's frequently used first.
import { signal } from "@preact/signals";
import { realmEmoji } from "./emoji";

export interface EmojiEntry {
  /** The name a reaction or `:name:` uses (the first of the code's names). */
  name: string;
  /** Other names of the same emoji. */
  aliases: readonly string[];
  /** A Unicode code point sequence ("1f44d") or a custom emoji's id. */
  code: string;
  type: "unicode_emoji" | "realm_emoji";
}

const CATALOG_URL = "/static/generated/emoji/emoji_api.json";
const USAGE_KEY = "beacon.emoji-usage";

let unicode: EmojiEntry[] = [];
let loading: Promise<void> | null = null;
/** Becomes true once the name table is in (a picker shows a spinner until then). */
export const catalogReady = signal(false);

export function loadEmojiCatalog(): Promise<void> {
  loading ??= fetch(CATALOG_URL, { credentials: "same-origin" })
    .then((response) => response.json() as Promise<{ code_to_names: Record<string, string[]> }>)
    .then(({ code_to_names }) => {
      unicode = Object.entries(code_to_names).map(([code, names]) => ({ name: names[0]!, aliases: names.slice(1), code, type: "unicode_emoji" as const }));
      catalogReady.value = true;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Unicode emoji in the server's order, then the organization's active custom emoji. */
export function allEmoji(): EmojiEntry[] {
  const custom = [...realmEmoji.value.values()].filter((e) => !e.deactivated).map((e) => ({ name: e.name, aliases: [], code: e.id, type: "realm_emoji" as const }));
  return [...unicode, ...custom];
}

function usage(): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(USAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

const usageKey = (e: EmojiEntry) => `${e.type}:${e.code}`;

/** Counts a pick, so it comes first next time (kept in this browser only). */
export function noteEmojiUsed(entry: EmojiEntry): void {
  const counts = usage();
  counts[usageKey(entry)] = (counts[usageKey(entry)] ?? 0) + 1;
  try {
    localStorage.setItem(USAGE_KEY, JSON.stringify(counts));
  } catch {
    // private mode or a full store: the order just does not learn
  }
}

/** The most used emoji first; Zulip's popular set fills the row until the user has picks. */
export function frequentEmoji(limit = 12): EmojiEntry[] {
  const counts = usage();
  const popular = ["+1", "tada", "smile", "heart", "working_on_it", "octopus"];
  const all = allEmoji();
  const used = all.filter((e) => counts[usageKey(e)]).sort((a, b) => counts[usageKey(b)]! - counts[usageKey(a)]!);
  const fill = popular.map((name) => all.find((e) => e.name === name || e.aliases.includes(name))).filter((e): e is EmojiEntry => !!e && !used.includes(e));
  return [...used, ...fill].slice(0, limit);
}

/** Emoji whose names have a word starting with `query`; exact and prefix matches first. */
export function searchEmoji(query: string, limit = 50): EmojiEntry[] {
  const q = query.trim().toLowerCase().replaceAll(" ", "_");
  if (!q) return frequentEmoji(limit);
  const counts = usage();
  const scored: [EmojiEntry, number][] = [];
  for (const entry of allEmoji()) {
    let best = 0;
    for (const name of [entry.name, ...entry.aliases]) {
      if (name === q) best = Math.max(best, 3);
      else if (name.startsWith(q)) best = Math.max(best, 2);
      else if (name.includes(`_${q}`)) best = Math.max(best, 1);
    }
    if (best) scored.push([entry, best * 1000 + (counts[usageKey(entry)] ?? 0)]);
  }
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([entry]) => entry);
}
