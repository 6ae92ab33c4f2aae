// The compose box's typeahead, loaded the first time a field of the box is used: suggestions for
// the token at the caret (people and groups after `@`, channels after `#`, a channel's topics
// after `#**channel>`, emoji after `:`), for the topic field (the channel's topics, from GET
// /users/me/{stream_id}/topics) and for the direct-message recipients (people). ↑/↓ move, Tab
// or Enter picks, Esc closes; a click picks too.
import { signal } from "@preact/signals";
import { useLayoutEffect } from "preact/hooks";
import { api } from "../../../api/client";
import { emojiImageUrl } from "../../../content/emoji";
import { channelByName, sortedSubscriptions } from "../../../state/channels";
import { draft, setDraft, type ComposeField } from "../../../state/compose";
import { realmEmoji } from "../../../state/emoji";
import { catalogReady, loadEmojiCatalog, noteEmojiUsed, searchEmoji, type EmojiEntry } from "../../../state/emoji-catalog";
import { currentView, messages } from "../../../state/messages";
import { loadTopics, topicsByChannel } from "../../../state/topics";
import { users, visibleEmail } from "../../../state/users";
import { Avatar } from "../../Avatar";
import { commitTyped } from "../Recipients";
import { Icon } from "../../Icon";
import {
  PeopleIndex,
  WILDCARDS,
  channelLink,
  emojiCode,
  groupMention,
  matchesWords,
  personMention,
  replaceToken,
  tokenAt,
  topicLink,
  wildcardMention,
  type Person,
  type Token,
} from "./match";
import "./typeahead.css";

const LIMIT = 8;

interface Item {
  key: string;
  label: string;
  detail?: string;
  /** drawn before the label */
  icon?: { user: number } | { emoji: EmojiEntry } | { glyph: "hash" | "people" | "bell" };
  /** the text it puts in place of the token */
  insert?: string;
  /** what picking it does besides (or instead of) inserting text */
  pick?: () => void;
}

interface Open {
  field: HTMLInputElement | HTMLTextAreaElement;
  kind: ComposeField;
  token: Token | null;
  items: Item[];
  active: number;
  /** when the input that asked for these came (performance.now()), for the bench's figure */
  since: number;
}

const open = signal<Open | null>(null);

// --- the organization's people, indexed once per user list -------------------------------------

let indexed: { from: ReadonlyMap<number, unknown>; index: PeopleIndex } | null = null;

function people(): PeopleIndex {
  const all = users.peek();
  if (indexed?.from !== all) {
    const list: Person[] = [];
    for (const u of all.values()) if (u.is_active) list.push({ id: u.user_id, name: u.full_name, email: visibleEmail(u) ?? "" });
    indexed = { from: all, index: new PeopleIndex(list) };
  }
  return indexed.index;
}

// Built while the browser is idle once this code is in (the first focus of the box), so the
// first `@` does not wait for it.
const idle = (run: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
idle(() => void (users.peek().size && people()));

/** The senders of the view's last 50 messages: Zulip suggests the people in the conversation first. */
function recentSenders(): Set<number> {
  const ids = currentView.peek()?.ids.peek() ?? [];
  const out = new Set<number>();
  for (let i = ids.length - 1; i >= 0 && i >= ids.length - 50; i--) {
    const sender = messages.get(ids[i]!)?.peek().sender_id;
    if (sender !== undefined) out.add(sender);
  }
  return out;
}

interface Group {
  id: number;
  name: string;
  description: string;
  is_system_group: boolean;
  deactivated?: boolean;
}
let groups: Group[] | null = null;
let groupsLoading: Promise<void> | null = null;

function loadGroups(): Promise<void> {
  groupsLoading ??= api
    .get<{ user_groups: Group[] }>("/user_groups")
    .then(({ user_groups }) => void (groups = user_groups.filter((g) => !g.is_system_group && !g.deactivated)))
    .catch(() => void (groupsLoading = null));
  return groupsLoading;
}

// --- suggestions for each kind of token ---------------------------------------------------------

function personItem(p: Person, insert?: string, pick?: () => void): Item {
  return { key: `u${p.id}`, label: p.name, detail: p.email, icon: { user: p.id }, insert, pick };
}

function mentionItems(token: Token): Item[] {
  const index = people();
  const found = index.search(token.query, LIMIT, recentSenders());
  const items = found.map((p) => personItem(p, personMention(p, Boolean(token.silent), index.nameIsShared(p.name))));
  if (!groups) void loadGroups().then(refresh);
  for (const g of groups ?? []) {
    if (items.length >= LIMIT + 2) break;
    if (matchesWords(g.name, token.query)) items.push({ key: `g${g.id}`, label: g.name, detail: g.description || "User group", icon: { glyph: "people" }, insert: groupMention(g.name, Boolean(token.silent)) });
  }
  if (token.query && !token.silent) {
    for (const w of WILDCARDS) if (w.name.startsWith(token.query.toLowerCase())) items.push({ key: `w${w.name}`, label: w.name, detail: w.description, icon: { glyph: "bell" }, insert: wildcardMention(w.name, false) });
  }
  return items;
}

function channelItems(token: Token): Item[] {
  return sortedSubscriptions
    .peek()
    .filter((s) => matchesWords(s.name, token.query))
    .slice(0, LIMIT)
    .map((s) => ({ key: `c${s.stream_id}`, label: s.name, detail: s.description, icon: { glyph: "hash" }, insert: channelLink(s.name) }));
}

function topicsOf(channelId: number, query: string, except?: string): string[] {
  const list = topicsByChannel.peek().get(channelId);
  if (!list) void loadTopics(channelId).then(refresh);
  const out: string[] = [];
  for (const t of list ?? []) {
    if (out.length >= LIMIT) break;
    if (t.name !== except && matchesWords(t.name, query)) out.push(t.name);
  }
  return out;
}

function topicLinkItems(token: Token): Item[] {
  const id = channelByName(token.channel!);
  if (id === undefined) return [];
  return topicsOf(id, token.query).map((name) => ({ key: `t${name}`, label: name || "general chat", detail: `#${token.channel}`, insert: topicLink(token.channel!, name) }));
}

function emojiItems(token: Token): Item[] {
  if (!catalogReady.peek()) void loadEmojiCatalog().then(refresh, () => {});
  return searchEmoji(token.query, LIMIT).map((e) => ({ key: `e${e.type}${e.code}`, label: `:${e.name}:`, icon: { emoji: e }, insert: emojiCode(e.name), pick: () => noteEmojiUsed(e) }));
}

function suggestionsFor(field: HTMLInputElement | HTMLTextAreaElement, kind: ComposeField): { token: Token | null; items: Item[] } {
  if (kind === "topic") {
    const channelId = draft.peek().channelId;
    const items = channelId === null ? [] : topicsOf(channelId, field.value, field.value).map((name) => ({ key: `t${name}`, label: name || "general chat", pick: () => setDraft({ topic: name }) }));
    return { token: null, items };
  }
  if (kind === "to") {
    const d = draft.peek();
    const query = field.value.split(",").at(-1)!.trim();
    if (!query) return { token: null, items: [] };
    const chosen = new Set(d.dmIds);
    const items = people()
      .search(query, LIMIT, recentSenders(), chosen)
      .map((p) =>
        personItem(p, undefined, () => {
          // What was typed before the last comma becomes pills too, then the one picked.
          setDraft({ to: draft.peek().to.split(",").slice(0, -1).join(",") });
          commitTyped(draft.peek());
          setDraft({ dmIds: [...draft.peek().dmIds.filter((id) => id !== p.id), p.id] });
        }),
      );
    return { token: null, items };
  }
  const token = tokenAt(field.value, field.selectionStart ?? field.value.length);
  if (!token) return { token, items: [] };
  if (token.kind === "mention") return { token, items: mentionItems(token) };
  if (token.kind === "channel") return { token, items: channelItems(token) };
  if (token.kind === "topic-link") return { token, items: topicLinkItems(token) };
  return { token, items: emojiItems(token) };
}

// --- what the compose box calls (through typeahead-host) ---------------------------------------

export function update(field: HTMLInputElement | HTMLTextAreaElement, kind: ComposeField): void {
  const since = performance.now();
  const { token, items } = suggestionsFor(field, kind);
  if (!items.length) {
    close();
    return;
  }
  const before = open.peek();
  // The same choice stays highlighted while its list is redrawn.
  const kept = before && before.field === field ? items.findIndex((i) => i.key === before.items[before.active]?.key) : -1;
  open.value = { field, kind, token, items, active: Math.max(0, kept), since };
}

/** Suggestions that came in late (topics, groups, the emoji table) replace those shown. */
function refresh(): void {
  const o = open.peek();
  if (o && document.activeElement === o.field) update(o.field, o.kind);
}

export function close(): void {
  if (open.peek()) open.value = null;
}

function choose(o: Open, item: Item): void {
  const { field } = o;
  if (item.insert !== undefined && o.token) {
    const next = replaceToken(field.value, o.token, field.selectionStart ?? field.value.length, item.insert);
    // The field first, then the draft: the box redraws with the same value and keeps the caret.
    field.value = next.text;
    field.setSelectionRange(next.caret, next.caret);
    setDraft({ content: next.text });
  }
  item.pick?.();
  close();
  field.focus();
}

export function keyDown(event: KeyboardEvent): boolean {
  const o = open.peek();
  if (!o || event.isComposing || event.target !== o.field) return false;
  const step = (by: number) => (open.value = { ...o, active: (o.active + by + o.items.length) % o.items.length });
  if (event.key === "ArrowDown") step(1);
  else if (event.key === "ArrowUp") step(-1);
  else if ((event.key === "Enter" && !event.shiftKey) || (event.key === "Tab" && !event.shiftKey)) choose(o, o.items[o.active]!);
  else if (event.key === "Escape") close();
  else return false;
  event.preventDefault();
  return true;
}

// --- the list ---------------------------------------------------------------------------------

function ItemIcon({ icon }: { icon: Item["icon"] }) {
  if (!icon) return null;
  if ("user" in icon) {
    const user = users.peek().get(icon.user);
    return user ? <Avatar userId={user.user_id} name={user.full_name} url={user.avatar_url} size={20} /> : null;
  }
  if ("emoji" in icon) {
    const e = icon.emoji;
    const src = e.type === "realm_emoji" ? realmEmoji.peek().get(e.code)?.source_url : emojiImageUrl(e.code);
    return src ? <img class="typeahead-emoji" src={src} alt="" width={20} height={20} /> : null;
  }
  return <Icon name={icon.glyph} size={18} />;
}

export function Suggestions() {
  const o = open.value;
  // Drawn: the time from the input to this list on screen, for bench/chat-web.ts.
  useLayoutEffect(() => {
    if (o) performance.measure("beacon:typeahead", { start: o.since, end: performance.now() });
  }, [o]);
  if (!o || !o.field.isConnected) return null;
  const form = o.field.closest("form");
  const left = o.field.getBoundingClientRect().left - (form?.getBoundingClientRect().left ?? 0);
  const bottom = (form?.getBoundingClientRect().bottom ?? 0) - o.field.getBoundingClientRect().top + 4;
  return (
    <ul class="typeahead" role="listbox" data-testid="typeahead" aria-label="Suggestions" style={{ left: `${Math.max(0, left)}px`, bottom: `${bottom}px` }}>
      {o.items.map((item, i) => (
        <li
          key={item.key}
          role="option"
          aria-selected={i === o.active}
          data-key={item.key}
          // mousedown, not click: the field keeps the focus (its blur would close the list)
          onMouseDown={(e) => {
            e.preventDefault();
            choose(o, item);
          }}
          onMouseMove={() => i !== o.active && (open.value = { ...o, active: i })}
        >
          <ItemIcon icon={item.icon} />
          <span class="typeahead-label">{item.label}</span>
          {item.detail && <span class="typeahead-detail">{item.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
