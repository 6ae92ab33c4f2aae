// Emoji: Zulip's names (not Unicode's), its span markup, and realm (custom) emoji as <img>.
import { readFileSync } from "node:fs";
import { Element } from "./element.js";

interface EmojiData {
  name_to_codepoint: Record<string, string>;
  codepoint_to_name: Record<string, string>;
}

const data = JSON.parse(readFileSync(new URL("./data/emoji.json", import.meta.url), "utf8")) as EmojiData;
const nameToCodepoint = new Map(Object.entries(data.name_to_codepoint));
const codepointToName = new Map(Object.entries(data.codepoint_to_name));

export function emojiCodepoint(name: string): string | undefined {
  return nameToCodepoint.get(name);
}

export function emojiName(codepoint: string): string | undefined {
  return codepointToName.get(codepoint);
}

/** Where the server serves emojiCodeToNames() (routes/emoji-data.ts), as Zulip's static file. */
export const EMOJI_DATA_PATH = "/static/generated/emoji/emoji_api.json";

/** Every emoji code with its names, the canonical name first (server_emoji_data_url's code_to_names). */
export function emojiCodeToNames(): Record<string, string[]> {
  const names: Record<string, string[]> = {};
  for (const [code, canonical] of codepointToName) names[code] = [canonical];
  for (const [name, code] of nameToCodepoint) if (name !== codepointToName.get(code)) names[code]?.push(name);
  return names;
}

export function makeEmoji(codepoint: string, displayString: string): Element {
  const title = displayString.slice(1, -1).replaceAll("_", " ");
  const span = new Element("span", { class: `emoji emoji-${codepoint}`, title, role: "img", "aria-label": title });
  span.text = displayString;
  span.atomic = true;
  return span;
}

export function makeRealmEmoji(src: string, displayString: string): Element {
  const img = new Element("img", { src, class: "emoji", alt: displayString, title: displayString.slice(1, -1).replaceAll("_", " ") });
  img.atomic = true;
  return img;
}

/** Codepoint key of a Unicode emoji sequence: variation selectors dropped, 4-digit hex. */
export function unicodeEmojiKey(text: string): string {
  const parts: string[] = [];
  for (const ch of text.replaceAll("\ufe0f", "")) parts.push((ch.codePointAt(0) as number).toString(16).padStart(4, "0"));
  return parts.join("-");
}

// compat: Zulip's emoticon translations (only when the sender enabled translate_emoticons).
export const EMOTICONS: Record<string, string> = {
  ":)": ":smile:",
  "(:": ":smile:",
  ":(": ":frown:",
  "<3": ":heart:",
  ":|": ":neutral:",
  ":/": ":confused:",
  ";)": ":wink:",
  ":D": ":grinning:",
  ":o": ":open_mouth:",
  ":O": ":open_mouth:",
  ":p": ":stuck_out_tongue:",
  ":P": ":stuck_out_tongue:",
};

const TERMINALS = `,.;?!()\\[\\] "'\\n\\t`;
export const EMOTICON_RE = new RegExp(
  `(?<![^${TERMINALS}])(?<emoticon>${Object.keys(EMOTICONS)
    .map((e) => e.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
    .join("|")})(?![^${TERMINALS}])`,
  "g",
);

// Unicode's emoji sequence grammar (UTS #51), as Zulip's POSSIBLE_EMOJI_RE.
const ELEMENT = `\\p{Emoji}(?:\\p{Emoji_Modifier}|\\uFE0F\\u20E3?|[\\u{E0020}-\\u{E007E}]+\\u{E007F})?`;
export const POSSIBLE_EMOJI_RE = new RegExp(`\\p{RI}\\p{RI}|${ELEMENT}(?:\\u200D(?:\\p{RI}\\p{RI}|${ELEMENT}))*`, "gu");
/** Characters that default to text presentation (digits, arrows…) are left alone. */
export const TEXT_PRESENTATION_RE = /^\P{Emoji_Presentation}\u20E3?$/u;
