// Zulip's inline patterns, in its priority order (highest first). See inline.ts for how
// the order shapes the output.
import { Element, codeEscape, serialize } from "./element.js";
import type { InlineNode, InlinePattern } from "./inline.js";
import { INLINE_PH_PREFIX } from "./inline.js";
import type { HtmlStash } from "./stash.js";
import type { MarkdownContext } from "./types.js";
import { linkTarget, linkText } from "./links.js";
import { WEB_LINK_RE, encodeStream, hashUtilEncode, rewriteLocalLink, sanitizeUrl } from "./urls.js";
import {
  EMOTICONS, EMOTICON_RE, POSSIBLE_EMOJI_RE, TEXT_PRESENTATION_RE, emojiCodepoint, emojiName, makeEmoji,
  makeRealmEmoji, unicodeEmojiKey,
} from "./emoji.js";
import { renderTex } from "./tex.js";
import { isoUtc, parseTimestamp } from "./timestamp.js";
import type { CompiledLinkifier } from "./linkifiers.js";
import { expandTemplate } from "./linkifiers.js";

/** Mutable per-render state the patterns report into. */
export interface RenderState {
  ctx: MarkdownContext;
  html: HtmlStash;
  translateEmoticons: boolean;
  linkifiers: CompiledLinkifier[];
  mentionedUserIds: Set<number>;
  mentionedGroupIds: Set<number>;
  mentionsStreamWildcard: boolean;
  mentionsTopicWildcard: boolean;
  /** Inline stash lookups, to serialize placeholders found inside link targets. */
  lookupInline(id: number): InlineNode | undefined;
}

// Mentions and channel links may only start after whitespace or one of '"({[/<.
const BEFORE = `(?<![^\\s'"({[/<])`;
export const MENTIONS_RE = new RegExp(`${BEFORE}@(?<silent>_?)(\\*\\*(?<match>[^*]+)\\*\\*)`, "g");
export const GROUP_MENTIONS_RE = new RegExp(`${BEFORE}@(?<silent>_?)(\\*(?<match>[^*]+)\\*)`, "g");
const STREAM_RE = new RegExp(`${BEFORE}#\\*\\*(?<stream>[^*]+)\\*\\*`, "g");
const TOPIC_RE = new RegExp(`${BEFORE}#\\*\\*(?<stream>[^*>]+)>(?<topic>[^*]+)\\*\\*`, "g");
const MESSAGE_RE = new RegExp(`${BEFORE}#\\*\\*(?<stream>[^*>]+)>(?<topic>[^*]+)@(?<id>\\d+)\\*\\*`, "g");
const STREAM_WILDCARDS = new Set(["all", "everyone", "stream", "channel"]);
const ID_SYNTAX_RE = /^(?<name>.+)?\|(?<id>\d+)$/s;

const BACKTICK_RE = /(?:(?<!\\)((?:\\{2})+)(?=`+)|(?<!\\)(`+)(.+?)(?<!`)\2(?!`))/g;
const STRONG_EM_RE = /(\*\*\*)(?!\s+)([^*^\n]+)(?<!\s)\*\*\*/g;
const TEX_RE = /\B(?<!\$)\$\$(?<body>[^\n_$](?:\\\$|[^$\n])*)\$\$(?!\$)\B/g;
const TIMESTAMP_RE = /<time:(?<time>[^>]*?)>/g;
const LINK_RE = /(?<!!)\[/g;
const ENTITY_RE = /(&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);)/g;
const STRONG_RE = /(\*\*)([^\n]+?)\1/g;
const EMPHASIS_RE = /(\*)(?!\s+)([^*^\n]+)(?<!\s)\*/g;
const DEL_RE = /(?<!~)(~~)([^~\n]+?)(~~)(?!~)/g;
const NOT_STRONG_RE = /((^|(?<=\s))(\*{1,3}|_{1,3})(?=\s|$))/g;
const EMOJI_RE = /:[\p{L}\p{N}_\-+]+:/gu;
const NEWLINE_RE = /\n/g;
const PLACEHOLDER_IN_TEXT_RE = new RegExp(`${INLINE_PH_PREFIX}(\\d{4,})\\u0003`, "g");
// Anything that could start an emoji: skips the Unicode regex for plain ASCII text.
const NON_ASCII_RE = /[^\u0000-\u007f]/;

function atomicEl(tag: string, attrs: Record<string, string>, text: string): Element {
  const el = new Element(tag, attrs);
  el.text = text;
  el.atomic = true;
  return el;
}

/** Zulip's url_to_a: an <a>, or the bare text when the URL is not linkable. */
function urlToA(state: RenderState, url: string, text?: string): Element | string {
  const href = sanitizeUrl(url);
  if (href === null) return url;
  return atomicEl("a", { href: rewriteLocalLink(state.ctx.realmUrl, href) }, text ?? url);
}

/** Placeholders inside a link target become the HTML of what they stand for. */
function unescapeInline(state: RenderState, text: string): string {
  if (!text.includes(INLINE_PH_PREFIX)) return text;
  return text.replace(PLACEHOLDER_IN_TEXT_RE, (whole, id: string) => {
    const node = state.lookupInline(Number(id));
    if (node === undefined) return whole;
    if (typeof node === "string") return node;
    const out: string[] = [];
    const tail = node.tail;
    node.tail = "";
    serialize(node, out);
    node.tail = tail;
    return out.join("");
  });
}

function userMention(state: RenderState, m: RegExpExecArray): Element | null {
  let name = m.groups?.match as string;
  let silent = m.groups?.silent === "_";
  const topicWildcard = name === "topic";
  const streamWildcard = STREAM_WILDCARDS.has(name);
  const idSyntax = ID_SYNTAX_RE.exec(name);
  let user;
  if (idSyntax) {
    user = state.ctx.userById(Number(idSyntax.groups?.id));
    const fullName = idSyntax.groups?.name;
    if (fullName && user && user.fullName !== fullName) return null;
  } else {
    user = state.ctx.userByName(name);
  }
  let userId: string | null = null;
  if (streamWildcard) {
    if (!silent) state.mentionsStreamWildcard = true;
    userId = "*";
  } else if (topicWildcard) {
    if (!silent) state.mentionsTopicWildcard = true;
  } else if (user) {
    if (user.isActive === false) silent = true;
    if (!silent) state.mentionedUserIds.add(user.id);
    name = user.fullName;
    userId = String(user.id);
  } else {
    return null;
  }
  let cls = topicWildcard ? "topic-mention" : streamWildcard ? "user-mention channel-wildcard-mention" : "user-mention";
  if (silent) cls += " silent";
  const el = atomicEl("span", { class: cls }, silent ? name : `@${name}`);
  if (userId) el.set("data-user-id", userId);
  return el;
}

function groupMention(state: RenderState, m: RegExpExecArray): Element | null {
  const group = state.ctx.groupByName(m.groups?.match as string);
  if (!group) return null;
  const silent = m.groups?.silent === "_" || group.deactivated === true;
  if (!silent) state.mentionedGroupIds.add(group.id);
  return atomicEl(
    "span",
    { class: silent ? "user-group-mention silent" : "user-group-mention", "data-user-group-id": String(group.id) },
    silent ? group.name : `@${group.name}`,
  );
}

function channelLink(state: RenderState, m: RegExpExecArray, kind: "stream" | "topic" | "message"): Element | null {
  const streamName = m.groups?.stream as string;
  const channel = state.ctx.channelByName(streamName);
  if (!channel) return null;
  const streamUrl = encodeStream(channel.id, streamName);
  if (kind === "stream") {
    return atomicEl("a", { class: "stream", "data-stream-id": String(channel.id), href: `/#narrow/channel/${streamUrl}` }, `#${streamName}`);
  }
  const topic = m.groups?.topic as string;
  const topicUrl = `/#narrow/channel/${streamUrl}/topic/${hashUtilEncode(topic)}`;
  if (kind === "topic") {
    return atomicEl("a", { class: "stream-topic", "data-stream-id": String(channel.id), href: topicUrl }, `#${streamName} > ${topic}`);
  }
  return atomicEl("a", { class: "message-link", href: `${topicUrl}/near/${m.groups?.id}` }, `#${streamName} > ${topic} @ 💬`);
}

function markdownLink(state: RenderState, m: RegExpExecArray, data: string): { node: Element; start: number; end: number } | null {
  const text = linkText(data, m.index + m[0].length);
  if (!text) return null;
  const target = linkTarget(data, text.end);
  if (!target) return null;
  const href = sanitizeUrl(unescapeInline(state, target.href).trim());
  if (href === null) return null;
  const el = new Element("a", { href: rewriteLocalLink(state.ctx.realmUrl, href) });
  if (target.title !== null) el.set("title", unescapeInline(state, target.title));
  // compat: an empty link text shows the URL; the text is not processed further.
  el.text = text.text.trim() ? text.text : el.get("href") as string;
  el.atomic = true;
  return { node: el, start: m.index, end: target.end };
}

function timestamp(m: RegExpExecArray): Element {
  const input = m.groups?.time as string;
  const date = parseTimestamp(input);
  if (!date) return atomicEl("span", { class: "timestamp-error" }, `Invalid time format: ${input}`);
  return atomicEl("time", { datetime: isoUtc(date) }, input);
}

function emoji(state: RenderState, syntax: string): InlineNode {
  const name = syntax.slice(1, -1);
  const realm = state.ctx.realmEmoji(name);
  if (realm) return makeRealmEmoji(realm.url, syntax);
  // compat: :zulip: is a built-in image emoji, with a URL that survives exports.
  if (name === "zulip") return makeRealmEmoji("/static/generated/emoji/images/emoji/unicode/zulip.png", syntax);
  const codepoint = emojiCodepoint(name);
  return codepoint ? makeEmoji(codepoint, syntax) : syntax;
}

function simpleTag(tag: string, text: string): Element {
  const el = new Element(tag);
  el.text = text;
  return el;
}

// The pattern objects are built once; the render in progress is published here (rendering
// is synchronous, so one slot suffices) instead of allocating closures per message.
let state: RenderState;

function linkifierPattern(lf: CompiledLinkifier, i: number): InlinePattern {
  return {
    name: `linkifier/${i}`,
    re: lf.re,
    mode: "scan",
    handle(m) {
      const groups = m.groups ?? {};
      const before = groups.linkifier_before_match ?? "";
      const actual = groups.linkifier_actual_match ?? "";
      const a = urlToA(state, expandTemplate(lf.urlTemplate, groups), actual);
      if (typeof a === "string") return null;
      const start = m.index + before.length;
      return { node: a, start, end: start + actual.length };
    },
  };
}

const patternCache = new WeakMap<CompiledLinkifier[], InlinePattern[]>();

/** The state of the render in progress (so a nested render can restore its caller's). */
export function currentState(): RenderState | undefined {
  return state;
}

/** The pattern list for a render; `current` becomes the state the patterns report into. */
export function patternsFor(current: RenderState): InlinePattern[] {
  state = current;
  let list = patternCache.get(current.linkifiers);
  if (!list) {
    list = [...BEFORE_LINKIFIERS, ...current.linkifiers.map(linkifierPattern), ...AFTER_LINKIFIERS];
    patternCache.set(current.linkifiers, list);
  }
  return list;
}

const BEFORE_LINKIFIERS: InlinePattern[] = [
    {
      name: "backtick",
      re: BACKTICK_RE,
      mode: "scan",
      quickCheck: (t) => t.includes("`"),
      handle: (m) => (m[2] ? atomicEl("code", {}, codeEscape(m[3])) : m[1].replaceAll("\\\\", "\\")),
    },
    {
      name: "strong_em",
      re: STRONG_EM_RE,
      mode: "first",
      quickCheck: (t) => t.includes("***"),
      handle(m) {
        const strong = new Element("strong");
        strong.sub("em").text = m[2];
        return strong;
      },
    },
    { name: "usermention", re: MENTIONS_RE, mode: "scan", quickCheck: (t) => t.includes("@"), handle: (m) => userMention(state, m) },
    {
      name: "tex",
      re: TEX_RE,
      mode: "first",
      quickCheck: (t) => t.includes("$$"),
      handle(m) {
        const body = m.groups?.body as string;
        const html = renderTex(body, false);
        return html !== null ? state.html.store(html) : atomicEl("span", { class: "tex-error" }, `$$${body}$$`);
      },
    },
    { name: "stream_topic_message", re: MESSAGE_RE, mode: "scan", quickCheck: (t) => t.includes("#**"), handle: (m) => channelLink(state, m, "message") },
    { name: "topic", re: TOPIC_RE, mode: "scan", quickCheck: (t) => t.includes("#**"), handle: (m) => channelLink(state, m, "topic") },
    { name: "stream", re: STREAM_RE, mode: "scan", quickCheck: (t) => t.includes("#**"), handle: (m) => channelLink(state, m, "stream") },
    { name: "timestamp", re: TIMESTAMP_RE, mode: "first", quickCheck: (t) => t.includes("<time:"), handle: (m) => timestamp(m) },
    { name: "usergroupmention", re: GROUP_MENTIONS_RE, mode: "scan", quickCheck: (t) => t.includes("@"), handle: (m) => groupMention(state, m) },
    { name: "link", re: LINK_RE, mode: "scan", quickCheck: (t) => t.includes("]("), handle: (m, data) => markdownLink(state, m, data) },
    {
      name: "autolink",
      re: WEB_LINK_RE,
      mode: "first",
      quickCheck: (t) => t.includes(".") || t.includes(":"),
      handle: (m) => urlToA(state, m.groups?.url as string),
    },
];

const AFTER_LINKIFIERS: InlinePattern[] = [
    { name: "entity", re: ENTITY_RE, mode: "scan", quickCheck: (t) => t.includes("&"), handle: (m) => state.html.store(m[1]) },
    { name: "strong", re: STRONG_RE, mode: "first", quickCheck: (t) => t.includes("**"), handle: (m) => simpleTag("strong", m[2]) },
    { name: "emphasis", re: EMPHASIS_RE, mode: "first", quickCheck: (t) => t.includes("*"), handle: (m) => simpleTag("em", m[2]) },
    { name: "del", re: DEL_RE, mode: "first", quickCheck: (t) => t.includes("~~"), handle: (m) => simpleTag("del", m[2]) },
    { name: "not_strong", re: NOT_STRONG_RE, mode: "scan", quickCheck: (t) => t.includes("*") || t.includes("_"), handle: (m) => m[0] },
    { name: "emoji", re: EMOJI_RE, mode: "first", quickCheck: (t) => t.includes(":"), handle: (m) => emoji(state, m[0]) },
    {
      name: "translate_emoticons",
      re: EMOTICON_RE,
      mode: "first",
      quickCheck: () => state.translateEmoticons,
      handle(m) {
        const translated = EMOTICONS[m.groups?.emoticon as string];
        const codepoint = emojiCodepoint(translated.slice(1, -1));
        return codepoint ? makeEmoji(codepoint, translated) : null;
      },
    },
    { name: "nl2br", re: NEWLINE_RE, mode: "scan", quickCheck: (t) => t.includes("\n"), handle: () => new Element("br") },
    {
      name: "unicodeemoji",
      re: POSSIBLE_EMOJI_RE,
      mode: "scan",
      quickCheck: (t) => NON_ASCII_RE.test(t),
      handle(m) {
        const syntax = m[0];
        if (TEXT_PRESENTATION_RE.test(syntax)) return null;
        const key = unicodeEmojiKey(syntax);
        const name = emojiName(key);
        return name ? makeEmoji(key, `:${name}:`) : null;
      },
    },
];
