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

export function enhanceEmoji(root: ParentNode, ctx: ContentContext): void {
  const asText = ctx.emojiset === "text";
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
  if (root instanceof Element) root.classList.toggle("emoji-only", isEmojiOnly(root));
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
