// Emoji. The server writes Unicode emoji as <span class="emoji emoji-1f600" role="img"
// aria-label="grinning">:grinning:</span> and custom emoji as <img class="emoji">. A picture
// goes inside each span (the chat server serves one for every emoji code at Zulip's path), so
// the span's text stays for copying and comes back if the picture fails; with the "text"
// emojiset every emoji reads as its :name:.
import type { ContentContext } from "./context";

const EMOJI_IMAGES = "/static/generated/emoji/images-twitter-64/";
const CODE_CLASS_RE = /^emoji-([0-9a-f]+(?:-[0-9a-f]+)*)$/;
// More than this many emoji alone are a row of pictures, not a reaction-like message.
const EMOJI_ONLY_MAX = 24;

/** The picture of a Unicode emoji by its code ("1f600"), as used for reactions too. */
export function emojiImageUrl(code: string): string {
  return `${EMOJI_IMAGES}${code}.png`;
}

function codeOf(span: Element): string | undefined {
  for (const name of span.classList) {
    const m = CODE_CLASS_RE.exec(name);
    if (m) return m[1];
  }
  return undefined;
}

function addPicture(span: HTMLElement, code: string): void {
  const img = document.createElement("img");
  img.alt = "";
  img.draggable = false;
  img.decoding = "async";
  img.loading = "lazy";
  img.src = emojiImageUrl(code);
  img.addEventListener("error", () => {
    img.remove();
    span.classList.remove("emoji-has-image");
  }, { once: true });
  span.classList.add("emoji-has-image");
  span.append(img);
}

// Emoji the server left as text (it names only Zulip's table: no skin tones, no newer emoji).
// An emoji is either a pair of regional indicators (a flag) or pictographs joined by ZWJ, each
// optionally followed by VS16 or a skin tone; a keycap is a digit, # or * with VS16 and U+20E3.
const PART = "\\p{Extended_Pictographic}(?:\\uFE0F|\\p{Emoji_Modifier})?";
const LOOSE_EMOJI = `\\p{RI}\\p{RI}|[0-9#*]\\uFE0F?\\u20E3|${PART}(?:\\u200D${PART})*`;
const LOOSE_EMOJI_RE = new RegExp(LOOSE_EMOJI, "gu");
const HAS_LOOSE_EMOJI_RE = new RegExp(LOOSE_EMOJI, "u");
// A lone symbol that is text unless asked (©, ™, ↔…) stays text, as the server decides too.
const TEXT_DEFAULT_RE = /^\P{Emoji_Presentation}$/u;
const SKIP_TEXT_IN = "code, pre, .katex, .emoji, time, .tex-error";

function emojiCode(text: string): string {
  return [...text.replaceAll("\uFE0F", "")].map((ch) => (ch.codePointAt(0) as number).toString(16).padStart(4, "0")).join("-");
}

/** Wraps emoji in text nodes in the same span the server makes (a picture follows below). */
function wrapLooseEmoji(root: Element): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (HAS_LOOSE_EMOJI_RE.test(node.textContent ?? "") && !node.parentElement?.closest(SKIP_TEXT_IN)) found.push(node as Text);
  }
  for (const node of found) {
    const text = node.textContent ?? "";
    const parts: (string | HTMLElement)[] = [];
    let last = 0;
    for (const m of text.matchAll(LOOSE_EMOJI_RE)) {
      if (TEXT_DEFAULT_RE.test(m[0])) continue;
      parts.push(text.slice(last, m.index));
      const span = document.createElement("span");
      span.className = `emoji emoji-${emojiCode(m[0])}`;
      span.setAttribute("role", "img");
      span.setAttribute("aria-label", m[0]);
      span.textContent = m[0];
      parts.push(span);
      last = m.index + m[0].length;
    }
    if (last === 0) continue;
    parts.push(text.slice(last));
    node.replaceWith(...parts.filter((part) => part !== ""));
  }
}

export function enhanceEmoji(root: Element, ctx: ContentContext): void {
  const asText = ctx.emojiset === "text";
  if (!asText) wrapLooseEmoji(root);
  for (const span of root.querySelectorAll<HTMLElement>("span.emoji")) {
    const picture = span.querySelector(":scope > img");
    if (asText) {
      picture?.remove();
      span.classList.remove("emoji-has-image");
      continue;
    }
    const code = codeOf(span);
    if (!picture && code) addPicture(span, code);
  }
  for (const img of root.querySelectorAll<HTMLImageElement>("img.emoji")) {
    if (asText) img.replaceWith(document.createTextNode(img.alt));
    else img.decoding = "async";
  }
  root.classList.toggle("emoji-only", isEmojiOnly(root));
}

/** Whether the content is a few emoji and nothing else (one paragraph, no words). */
function isEmojiOnly(root: Element): boolean {
  const blocks = root.children;
  if (blocks.length !== 1 || blocks[0].tagName !== "P") return false;
  let count = 0;
  for (const node of blocks[0].childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.textContent?.trim()) return false;
    } else if (node instanceof Element && node.classList.contains("emoji")) {
      count++;
    } else if (!(node instanceof Element && node.tagName === "BR")) {
      return false;
    }
  }
  return count > 0 && count <= EMOJI_ONLY_MAX;
}
