// Block structure, reproducing Python-Markdown's block parser as Zulip configures it: the
// text is cut into blank-line-separated chunks and each chunk is offered to processors in
// priority order (empty, list indent, code, heading, table, hr, ordered list, unordered
// list, quote, paragraph). Zulip's quirks (2-space list nesting, lazy quotes that run to
// the next blank line, no setext headings, no raw HTML) fall out of that model, which a
// CommonMark parser cannot be configured into.
import { lastChild, looseDetab, BlockParser, type BlockProcessor } from "./block-parser.js";
import { listIndentProcessor, orderedList, unorderedList } from "./lists.js";
import { tableProcessor } from "./tables.js";

const emptyProcessor: BlockProcessor = {
  test: (_p, _parent, block) => !block || block.startsWith("\n"),
  run(_p, parent, blocks) {
    const block = blocks.shift() as string;
    let filler = "\n\n";
    if (block) {
      filler = "\n";
      const rest = block.slice(1);
      if (rest) blocks.unshift(rest);
    }
    const sibling = lastChild(parent);
    if (sibling && sibling.tag === "pre" && sibling.children[0]?.tag === "code") {
      sibling.children[0].text += filler;
    }
  },
};

/** Removes `length` leading spaces from each line until an unindented non-blank line. */
function detab(text: string, length: number): [string, string] {
  const lines = text.split("\n");
  const kept: string[] = [];
  const prefix = " ".repeat(length);
  for (const line of lines) {
    if (line.startsWith(prefix)) kept.push(line.slice(length));
    else if (!line.trim()) kept.push("");
    else break;
  }
  return [kept.join("\n"), lines.slice(kept.length).join("\n")];
}

const codeProcessor: BlockProcessor = {
  test: (_p, _parent, block) => block.startsWith("    "),
  run(_p, parent, blocks) {
    const sibling = lastChild(parent);
    const [block, rest] = detab(blocks.shift() as string, 4);
    if (sibling && sibling.tag === "pre" && sibling.children[0]?.tag === "code") {
      const code = sibling.children[0];
      code.text = `${code.text}\n${block.trimEnd()}\n`;
    } else {
      const pre = parent.sub("pre");
      const code = pre.sub("code");
      code.atomic = true;
      code.text = `${block.trimEnd()}\n`;
    }
    if (rest) blocks.unshift(rest);
  },
};

// compat: Zulip requires whitespace after the hashes.
const HASH_HEADER_RE = /(?:^|\n)(#{1,6})\s((?:\\[^\n]|[^\\])*?)#*(?:\n|$)/;

const hashHeaderProcessor: BlockProcessor = {
  test: (_p, _parent, block) => HASH_HEADER_RE.test(block),
  run(parser, parent, blocks) {
    const block = blocks.shift() as string;
    const m = HASH_HEADER_RE.exec(block);
    if (!m) return;
    const before = block.slice(0, m.index);
    const after = block.slice(m.index + m[0].length);
    if (before) parser.parseBlocks(parent, [before]);
    const h = parent.sub(`h${m[1].length}`);
    h.text = m[2].trim();
    if (after) blocks.unshift(parser.isState("looselist") ? looseDetab(after, 1, 2) : after);
  },
};

const HR_RE = /^ {0,3}(?:(?:-+ {0,2}){3,}|(?:_+ {0,2}){3,}|(?:\*+ {0,2}){3,}) *$/m;

const hrProcessor: BlockProcessor = {
  test: (_p, _parent, block) => HR_RE.test(block),
  run(parser, parent, blocks) {
    const block = blocks.shift() as string;
    const m = HR_RE.exec(block) as RegExpExecArray;
    const pre = block.slice(0, m.index).replace(/\n+$/, "");
    if (pre) parser.parseBlocks(parent, [pre]);
    parent.sub("hr");
    const post = block.slice(m.index + m[0].length).replace(/^\n+/, "");
    if (post) blocks.unshift(post);
  },
};

// compat: a run of ">" lines with nothing after them is not a quote (Zulip's lookahead).
const QUOTE_RE = /(^|\n)(?!(?:[ ]{0,3}>\s*(?:$|\n))*(?:$|\n))[ ]{0,3}>[ ]?(.*)/;
const QUOTE_LINE_RE = /^(?!(?:[ ]{0,3}>\s*(?:$|\n))*(?:$|\n))[ ]{0,3}>[ ]?(.*)/;

const quoteProcessor: BlockProcessor = {
  test: (_p, _parent, block) => QUOTE_RE.test(block),
  run(parser, parent, blocks) {
    let block = blocks.shift() as string;
    const m = QUOTE_RE.exec(block);
    if (m) {
      const before = block.slice(0, m.index);
      parser.parseBlocks(parent, [before]);
      block = block
        .slice(m.index)
        .split("\n")
        .map((line) => cleanQuoteLine(parser.silenceMentions(line)))
        .join("\n");
    }
    // compat: Zulip starts a new blockquote even right after another one (CommonMark-like).
    const quote = parent.sub("blockquote");
    parser.setState("blockquote");
    parser.parseChunk(quote, block);
    parser.resetState();
  },
};

function cleanQuoteLine(line: string): string {
  if (line.trim() === ">") return "";
  const m = QUOTE_LINE_RE.exec(line);
  return m ? m[1] : line;
}

const paragraphProcessor: BlockProcessor = {
  test: () => true,
  run(parser, parent, blocks) {
    const block = blocks.shift() as string;
    if (!block.trim()) return;
    if (parser.isState("list")) {
      // Tight list item: text goes straight into the <li>.
      const sibling = lastChild(parent);
      if (sibling) {
        sibling.tail = sibling.tail ? `${sibling.tail}\n${block}` : `\n${block}`;
      } else if (parent.text) {
        parent.text = `${parent.text}\n${block}`;
      } else {
        parent.text = block.trimStart();
      }
    } else {
      parent.sub("p").text = block.trimStart();
    }
  },
};

export function createBlockParser(silenceMentions: (line: string) => string): BlockParser {
  return new BlockParser(
    [
      emptyProcessor,
      listIndentProcessor,
      codeProcessor,
      hashHeaderProcessor,
      tableProcessor,
      hrProcessor,
      orderedList,
      unorderedList,
      quoteProcessor,
      paragraphProcessor,
    ],
    silenceMentions,
  );
}
