// Inline processing with Python-Markdown's semantics, which Zulip's output depends on:
// patterns run one after another in priority order over the whole text of a block, each
// match is swapped for a placeholder, and text created by a pattern is only seen by the
// patterns that come after it. So `**http://x.y**` is not linked (the autolink runs first
// and sees the asterisks), while `**[a](b)**` nests the link in the <strong>.
import { Element } from "./element.js";

export const INLINE_PH_PREFIX = "\u0002klzzwxh:";
const PH_RE = /\u0002klzzwxh:(\d{4,})\u0003/y;

export type InlineNode = Element | string;

export interface InlinePattern {
  name: string;
  /** Global (g) regex, searched from a start position. */
  re: RegExp;
  /**
   * "first": only the leftmost match is considered and a null result ends this pattern
   * (Python-Markdown's legacy Pattern). "scan": a null result rejects the match and the
   * search continues with the next one (InlineProcessor).
   */
  mode: "first" | "scan";
  /** Returns the node plus the span it replaces (defaults to the whole match). */
  handle(m: RegExpExecArray, data: string): InlineNode | { node: InlineNode; start: number; end: number } | null;
  /** Cheap pre-check on the text to skip the regex entirely. */
  quickCheck?: (text: string) => boolean;
}

const MAX_REPLACEMENTS = 5000;

/** Appends text after the last created child, or to the parent's text/tail. */
function linkText(result: Element[], parent: Element, isText: boolean, text: string): void {
  if (!text) return;
  if (result.length > 0) result[result.length - 1].tail += text;
  else if (!isText) parent.tail += text;
  else parent.text += text;
}

function insidePlaceholder(data: string, pos: number): boolean {
  const open = data.lastIndexOf("\u0002", pos - 1);
  return open >= 0 && data.lastIndexOf("\u0003", pos - 1) < open;
}

export class InlineProcessor {
  private stashed: InlineNode[] = [];
  private replacements = 0;

  constructor(private readonly patterns: InlinePattern[]) {}

  lookup(id: number): InlineNode | undefined {
    return this.stashed[id];
  }

  /** Runs inline patterns over an element's text and tails, recursively (the tree's inline pass). */
  processTree(root: Element): void {
    const stack: Element[] = [root];
    while (stack.length > 0) {
      const el = stack.pop() as Element;
      const children = el.children.slice();
      for (const child of children) {
        // compat: like Python-Markdown, an element that already had children is revisited,
        // and so are the inline elements just created in it.
        const hadChildren = child.children.length > 0;
        if (child.text && !child.atomic) {
          const text = child.text;
          child.text = "";
          const created = this.expand(this.handleInline(text, 0), child, true);
          child.children.unshift(...created);
          stack.push(...created);
        }
        if (child.tail && child.tail.trim()) {
          const holder = new Element("d");
          const created = this.expand(this.handleInline(child.tail, 0), holder, false);
          child.tail = holder.tail;
          const pos = el.children.indexOf(child) + 1;
          el.children.splice(pos, 0, ...created);
        }
        if (hadChildren) stack.push(child);
      }
    }
  }

  handleInline(data: string, patternIndex: number): string {
    let index = patternIndex;
    while (index < this.patterns.length) {
      const pattern = this.patterns[index];
      if (pattern.quickCheck && !pattern.quickCheck(data)) {
        index++;
        continue;
      }
      const next = this.applyPattern(pattern, data, index);
      if (next === null) index++;
      else data = next;
    }
    return data;
  }

  private applyPattern(pattern: InlinePattern, data: string, index: number): string | null {
    if (this.replacements > MAX_REPLACEMENTS) return null;
    const re = pattern.re;
    re.lastIndex = 0;
    let result: ReturnType<InlinePattern["handle"]> = null;
    let match: RegExpExecArray | null = null;
    for (;;) {
      match = re.exec(data);
      if (!match) return null;
      if (match[0].length === 0) re.lastIndex++;
      // Never match from inside a placeholder (user linkifiers could otherwise loop on its digits).
      const bad = insidePlaceholder(data, match.index) || insidePlaceholder(data, match.index + match[0].length);
      result = bad ? null : pattern.handle(match, data);
      if (result !== null) break;
      if (pattern.mode === "first") return null;
    }
    let node: InlineNode;
    let start = match.index;
    let end = match.index + match[0].length;
    if (typeof result === "string" || result instanceof Element) node = result;
    else ({ node, start, end } = result);

    if (node instanceof Element && !node.atomic) {
      for (const child of [node, ...node.children]) {
        if (child.text) child.text = this.handleInline(child.text, index + 1);
        if (child !== node && child.tail) child.tail = this.handleInline(child.tail, index);
      }
    }
    this.replacements++;
    const id = this.stashed.length;
    this.stashed.push(node);
    const ph = `${INLINE_PH_PREFIX}${String(id).padStart(4, "0")}\u0003`;
    return data.slice(0, start) + ph + data.slice(end);
  }

  /** Python-Markdown's __processPlaceholders: turns placeholder text into children. */
  private expand(data: string, parent: Element, isText: boolean): Element[] {
    const result: Element[] = [];
    let pos = 0;
    while (pos < data.length) {
      const at = data.indexOf(INLINE_PH_PREFIX, pos);
      if (at < 0) {
        linkText(result, parent, isText, data.slice(pos));
        break;
      }
      PH_RE.lastIndex = at;
      const m = PH_RE.exec(data);
      const node = m ? this.stashed[Number(m[1])] : undefined;
      if (!m || node === undefined) {
        const end = at + INLINE_PH_PREFIX.length;
        linkText(result, parent, isText, data.slice(pos, end));
        pos = end;
        continue;
      }
      linkText(result, parent, isText, data.slice(pos, at));
      pos = at + m[0].length;
      if (typeof node === "string") {
        linkText(result, parent, isText, node);
        continue;
      }
      for (const child of [node, ...node.children]) {
        if (child.tail && child.tail.trim()) this.expandInto(node, child, false);
        if (child.text && child.text.trim()) this.expandInto(child, child, true);
      }
      result.push(node);
    }
    return result;
  }

  private expandInto(node: Element, sub: Element, isText: boolean): void {
    let text: string;
    if (isText) {
      text = sub.text;
      sub.text = "";
    } else {
      text = sub.tail;
      sub.tail = "";
    }
    const created = this.expand(text, sub, isText);
    const pos = !isText && node !== sub ? node.children.indexOf(sub) + 1 : 0;
    node.children.splice(pos, 0, ...created);
  }
}
