// The text a phone shows for a message: Zulip's get_mobile_push_content and truncate_content.
// Rendered HTML becomes plain text: emoji become their characters, images their alt text,
// math its TeX source, quotes "> " lines (collapsed to "[…]" beside other text), numbered
// lists keep their numbers, and spoilers show only their header.
import { parseDocument } from "htmlparser2";
import { isTag, isText, type AnyNode, type Element } from "domhandler";

const classes = (el: Element) => (el.attribs.class ?? "").split(/\s+/);
const textOf = (node: AnyNode): string => (isText(node) ? node.data : isTag(node) ? node.children.map(textOf).join("") : "");

function emojiText(el: Element): string | undefined {
  const code = /(?:^|\s)emoji-(\S+)/.exec(el.attribs.class ?? "")?.[1];
  if (!code || !classes(el).includes("emoji")) return undefined;
  try {
    return String.fromCodePoint(...code.split("-").map((hex) => parseInt(hex, 16)));
  } catch {
    return undefined;
  }
}

/** KaTeX output becomes its TeX source between $$ (Zulip's change_katex_to_raw_latex). */
function katexSource(el: Element): string | undefined {
  if (!classes(el).includes("katex")) return undefined;
  const find = (node: AnyNode): string | undefined => {
    if (!isTag(node)) return undefined;
    if (node.name === "annotation") return textOf(node);
    for (const child of node.children) {
      const found = find(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const tex = find(el);
  return tex === undefined ? undefined : `$$${tex}$$`;
}

const asQuote = (text: string) =>
  text
    .split("\n")
    .filter((line) => line)
    .map((line) => `> ${line}\n`)
    .join("");

function orderedList(ol: Element, depth: number): string {
  let counter = Number(ol.attribs.start) || 1;
  const indent = depth ? "\n" + "  ".repeat(depth) : "";
  return ol.children
    .filter(isTag)
    .map((li) => `${indent}${counter++}. ${process(li, depth + 1).trim()}`)
    .join("\n");
}

function process(node: AnyNode, olDepth = 0): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return "";
  if (node.name === "ol") return orderedList(node, olDepth);
  if (classes(node).includes("spoiler-block")) {
    const header = node.children.find((c): c is Element => isTag(c) && classes(c).includes("spoiler-header"));
    const text = header ? process(header, olDepth).trim() : "";
    return text ? `${text} (…)\n` : "(…)\n";
  }
  const own = emojiText(node) ?? katexSource(node) ?? (node.name === "img" ? (node.attribs.alt ?? "") : undefined);
  if (own !== undefined) return own;
  const inner = node.children.map((c) => process(c, olDepth)).join("");
  return node.name === "blockquote" ? asQuote(inner.replace(/^\n/, "")) : inner;
}

/** Top-level quotes next to other content collapse into one "[…]" (Zulip's potentially_collapse_quotes). */
function collapseQuotes(nodes: AnyNode[]): AnyNode[] {
  const blocks = nodes.filter((n) => isTag(n));
  const quotes = blocks.map((n) => (n as Element).name === "blockquote");
  if (quotes.every(Boolean) || quotes.every((q) => !q)) return nodes;
  const out: AnyNode[] = [];
  let previousQuote = false;
  for (const node of nodes) {
    const quote = isTag(node) && node.name === "blockquote";
    if (quote && previousQuote) continue;
    out.push(quote ? (parseDocument("<p>[…]</p>").children[0] as AnyNode) : node);
    if (isTag(node)) previousQuote = quote;
  }
  return out;
}

export function mobilePushContent(renderedHtml: string): string {
  const document = parseDocument(renderedHtml, { decodeEntities: true });
  return collapseQuotes(document.children).map((n) => process(n)).join("");
}

/** At most 200 characters, then "…" (Zulip's truncate_content, counting code points as Python does). */
export function truncateContent(content: string): { content: string; truncated: boolean } {
  const chars = Array.from(content);
  if (chars.length <= 200) return { content, truncated: false };
  return { content: chars.slice(0, 200).join("") + "…", truncated: true };
}
