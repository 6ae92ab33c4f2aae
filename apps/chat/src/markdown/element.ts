// A small ElementTree-like document model. Zulip's renderer is Python-Markdown, whose
// output shape (where newlines go, which text is escaped how) follows from ElementTree's
// text/tail model; keeping the same model here makes those rules easy to reproduce.

export class Element {
  tag: string;
  attrs: Record<string, string>;
  /** Text before the first child. */
  text = "";
  /** Text after this element's closing tag, inside the parent. */
  tail = "";
  children: Element[] = [];
  /** Text that inline patterns must not touch (Python-Markdown's AtomicString). */
  atomic = false;

  constructor(tag: string, attrs?: Record<string, string>) {
    this.tag = tag;
    this.attrs = attrs ?? {};
  }

  set(name: string, value: string): this {
    this.attrs[name] = value;
    return this;
  }

  get(name: string): string | undefined {
    return Object.hasOwn(this.attrs, name) ? this.attrs[name] : undefined;
  }

  append(child: Element): Element {
    this.children.push(child);
    return child;
  }

  sub(tag: string, attrs?: Record<string, string>): Element {
    return this.append(new Element(tag, attrs));
  }

  insert(index: number, child: Element): void {
    this.children.splice(index, 0, child);
  }

  remove(child: Element): void {
    const i = this.children.indexOf(child);
    if (i >= 0) this.children.splice(i, 1);
  }

  last(): Element | undefined {
    return this.children[this.children.length - 1];
  }
}

// Python-Markdown's block-level tag list: it decides where prettifying adds newlines and
// which stashed HTML replaces its whole <p> wrapper.
const BLOCK_LEVEL = new Set([
  "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption",
  "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main",
  "menu", "nav", "ol", "p", "pre", "section", "table", "ul", "canvas", "colgroup", "dd", "body",
  "dt", "group", "html", "iframe", "li", "legend", "math", "map", "noscript", "output", "object",
  "option", "progress", "script", "style", "summary", "tbody", "td", "textarea", "tfoot", "th",
  "thead", "tr", "video",
]);

export function isBlockLevel(tag: string): boolean {
  return BLOCK_LEVEL.has(tag.toLowerCase());
}

const VOID = new Set(["area", "base", "basefont", "br", "col", "frame", "hr", "img", "input", "isindex", "link", "meta", "param"]);

// An ampersand that does not already start an entity (Python-Markdown leaves entities alone).
const LONE_AMP = /&(?!(?:#[0-9]+|#x[0-9a-f]+|[0-9a-z]+);)/gi;

export function escapeText(text: string): string {
  if (text.includes("&")) text = text.replace(LONE_AMP, "&amp;");
  if (text.includes("<")) text = text.replaceAll("<", "&lt;");
  if (text.includes(">")) text = text.replaceAll(">", "&gt;");
  return text;
}

export function escapeAttr(text: string): string {
  text = escapeText(text);
  if (text.includes('"')) text = text.replaceAll('"', "&quot;");
  return text;
}

/** Full escaping for code spans (Python-Markdown's code_escape): entities are shown literally. */
export function codeEscape(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function isBlank(s: string): boolean {
  return s.trim() === "";
}

/**
 * Python-Markdown's PrettifyTreeprocessor: newline after block-level elements, before the
 * first block child, and after every <br>. Runs before link previews are added, which is
 * why previews sit flush against their neighbours.
 */
export function prettify(root: Element): void {
  prettifyBlock(root);
  const visit = (el: Element): void => {
    for (const child of el.children) {
      if (child.tag === "br") child.tail = isBlank(child.tail) ? "\n" : "\n" + child.tail;
      visit(child);
    }
  };
  visit(root);
}

function prettifyBlock(el: Element): void {
  if (isBlockLevel(el.tag) && el.tag !== "code" && el.tag !== "pre") {
    if (isBlank(el.text) && el.children.length > 0 && isBlockLevel(el.children[0].tag)) el.text = "\n";
    for (const child of el.children) if (isBlockLevel(child.tag)) prettifyBlock(child);
    if (isBlank(el.tail)) el.tail = "\n";
  }
  if (isBlank(el.tail)) el.tail = "\n";
}

export function serialize(el: Element, out: string[]): void {
  out.push("<", el.tag);
  const names = Object.keys(el.attrs);
  if (names.length > 0) {
    // Zulip's output lists attributes in sorted order.
    if (names.length > 1) names.sort();
    for (const name of names) out.push(" ", name, '="', escapeAttr(el.attrs[name]), '"');
  }
  out.push(">");
  if (!VOID.has(el.tag)) {
    if (el.text) out.push(escapeText(el.text));
    for (const child of el.children) serialize(child, out);
    out.push("</", el.tag, ">");
  }
  if (el.tail) out.push(escapeText(el.tail));
}

/** Serializes the children of a root container (the implicit <div> Python-Markdown strips). */
export function serializeChildren(root: Element): string {
  const out: string[] = [];
  if (root.text) out.push(escapeText(root.text));
  for (const child of root.children) serialize(child, out);
  return out.join("");
}
