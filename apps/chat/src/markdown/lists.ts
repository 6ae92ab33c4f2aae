// Lists as Zulip parses them: Python-Markdown's "sane" list processors with a 2-space
// indent. Items of one kind stay in one list whatever the bullet character; a list that
// resumes after a blank line turns its neighbouring items into loose (<p>) items.
import type { Element } from "./element.js";
import { Element as El } from "./element.js";
import { lastChild, looseDetab, type BlockParser, type BlockProcessor } from "./block-parser.js";

const TAB = 2;
const INDENT_ITEM_RE = /^[ ]{2,3}((\d+\.)|[*+-])[ ]+.*/;
const LIST_TAGS = new Set(["ul", "ol"]);

interface ListKind {
  tag: "ol" | "ul";
  re: RegExp;
  childRe: RegExp;
}

const OL: ListKind = { tag: "ol", re: /^[ ]{0,1}\d+\.[ ]+(.*)/, childRe: /^[ ]{0,1}((\d+\.))[ ]+(.*)/ };
const UL: ListKind = { tag: "ul", re: /^[ ]{0,1}[*+-][ ]+(.*)/, childRe: /^[ ]{0,1}(([*+-]))[ ]+(.*)/ };

function getItems(kind: ListKind, block: string): { items: string[]; start: string } {
  const items: string[] = [];
  let start = "1";
  for (const line of block.split("\n")) {
    const m = kind.childRe.exec(line);
    if (m) {
      if (items.length === 0 && kind.tag === "ol") start = (/\d+/.exec(m[1]) as RegExpExecArray)[0];
      items.push(m[3]);
    } else if (INDENT_ITEM_RE.test(line)) {
      // An indented (nested) item: joins a previous indented item, or starts one.
      if (items.length > 0 && items[items.length - 1].startsWith("  ")) items[items.length - 1] += `\n${line}`;
      else items.push(line);
    } else if (items.length > 0) {
      items[items.length - 1] += `\n${line}`;
    } else {
      items.push(line);
    }
  }
  return { items, start };
}

function makeListProcessor(kind: ListKind): BlockProcessor {
  return {
    test: (_p, _parent, block) => kind.re.test(block),
    run(parser, parent, blocks) {
      const { items, start } = getItems(kind, blocks.shift() as string);
      const sibling = lastChild(parent);
      let lst: Element;
      if (sibling && sibling.tag === kind.tag) {
        // The list resumes after a blank line: the previous item becomes loose.
        lst = sibling;
        const prevItem = lst.children[lst.children.length - 1];
        if (prevItem.text) {
          const p = new El("p");
          p.text = prevItem.text;
          prevItem.text = "";
          prevItem.insert(0, p);
        }
        const lch = lastChild(prevItem);
        if (lch && lch.tail) {
          const p = prevItem.sub("p");
          p.text = lch.tail.trimStart();
          lch.tail = "";
        }
        const li = lst.sub("li");
        parser.setState("looselist");
        parser.parseBlocks(li, [items.shift() as string]);
        parser.resetState();
      } else if (LIST_TAGS.has(parent.tag)) {
        lst = parent;
      } else {
        lst = parent.sub(kind.tag);
        if (kind.tag === "ol" && start !== "1") lst.set("start", start);
      }
      parser.setState("list");
      for (const item of items) {
        if (item.startsWith("  ")) {
          const last = lst.children[lst.children.length - 1];
          parser.parseBlocks(last ?? lst.sub("li"), [item]);
        } else {
          parser.parseBlocks(lst.sub("li"), [item]);
        }
      }
      parser.resetState();
    },
  };
}

export const orderedList = makeListProcessor(OL);
export const unorderedList = makeListProcessor(UL);

const INDENT_RE = /^((?: {2})+)/;

/** Blocks indented by 2+ spaces that continue a preceding list. */
export const listIndentProcessor: BlockProcessor = {
  test: (parser, parent, block) =>
    block.startsWith("  ") &&
    !parser.isState("detabbed") &&
    (parent.tag === "li" || (parent.children.length > 0 && LIST_TAGS.has(lastChild(parent)?.tag ?? ""))),
  run(parser, parent, blocks) {
    const block0 = blocks.shift() as string;
    const [level, sibling] = getLevel(parser, parent, block0);
    const block = looseDetab(block0, level, TAB);
    parser.setState("detabbed");
    if (parent.tag === "li") {
      const lch = lastChild(parent);
      if (lch && LIST_TAGS.has(lch.tag)) parser.parseBlocks(lch, [block]);
      else parser.parseBlocks(parent, [block]);
    } else if (sibling.tag === "li") {
      parser.parseBlocks(sibling, [block]);
    } else if (sibling.children.length > 0 && sibling.children[sibling.children.length - 1].tag === "li") {
      const li = sibling.children[sibling.children.length - 1];
      if (li.text) {
        const p = new El("p");
        p.text = li.text;
        li.text = "";
        li.insert(0, p);
      }
      parser.parseChunk(li, block);
    } else {
      parser.parseBlocks(sibling.sub("li"), [block]);
    }
    parser.resetState();
  },
};

function getLevel(parser: BlockParser, parent: Element, block: string): [number, Element] {
  const m = INDENT_RE.exec(block);
  const indentLevel = m ? m[1].length / TAB : 0;
  let level = parser.isState("list") ? 1 : 0;
  let node = parent;
  while (indentLevel > level) {
    const child = lastChild(node);
    if (child && (LIST_TAGS.has(child.tag) || child.tag === "li")) {
      if (LIST_TAGS.has(child.tag)) level++;
      node = child;
    } else {
      break;
    }
  }
  return [level, node];
}
