// Zulip-flavoured Markdown → HTML, byte-compatible with Zulip's server renderer where the
// shared test fixtures pin the output. Pipeline (as Zulip's, see docs in each module):
//   preprocess (hanging lists, whitespace, fenced blocks) → block parse → inline patterns
//   → prettify → link previews → serialize → restore stashed HTML.
import type { Element } from "./element.js";
import { prettify, serializeChildren } from "./element.js";
import { HtmlStash } from "./stash.js";
import { normalizeWhitespace, processFences, separateHangingLists } from "./preprocess.js";
import { createBlockParser } from "./blocks.js";
import { InlineProcessor } from "./inline.js";
import type { RenderState } from "./patterns.js";
import { GROUP_MENTIONS_RE, MENTIONS_RE, currentState, patternsFor } from "./patterns.js";
import { compileLinkifiers } from "./linkifiers.js";
import { highlightCode } from "./highlight/index.js";
import { renderTex } from "./tex.js";
import { processLinks } from "./previews.js";
import type { MarkdownContext, RenderOptions, RenderResult } from "./types.js";

export type {
  MarkdownChannel, MarkdownContext, MarkdownGroup, MarkdownLinkifier, MarkdownRealmEmoji, MarkdownUser,
  RenderOptions, RenderResult,
} from "./types.js";

const fenceRenderers = {
  code: highlightCode,
  tex: (text: string) => renderTex(text, true),
};

/** compat: mentions inside quotes notify nobody, so they are rewritten to silent ones. */
function silenceMentions(line: string): string {
  if (!line.includes("@")) return line;
  return line
    .replace(MENTIONS_RE, (_m, _s, _w, name: string) => `@_**${name}**`)
    .replace(GROUP_MENTIONS_RE, (_m, _s, _w, name: string) => `@_*${name}*`);
}

const blockParser = createBlockParser(silenceMentions);

/** Indented code blocks are highlighted after parsing (Python-Markdown's codehilite pass). */
function highlightIndentedCode(root: Element, stash: HtmlStash): void {
  for (const child of root.children) {
    if (child.tag === "pre" && child.children.length === 1 && child.children[0].tag === "code") {
      const code = child.children[0];
      const html = highlightCode(null, code.text);
      child.children = [];
      child.tag = "p";
      child.atomic = true;
      // Python-Markdown keeps Pygments' trailing newline here (unlike fenced blocks).
      child.text = stash.store(html + "\n");
    } else {
      highlightIndentedCode(child, stash);
    }
  }
}

function emptyResult(): RenderResult {
  return {
    html: "",
    mentionedUserIds: new Set(),
    mentionedGroupIds: new Set(),
    mentionsStreamWildcard: false,
    mentionsTopicWildcard: false,
    wildcardMention: null,
    hasLink: false,
    hasImage: false,
    hasAttachment: false,
    attachmentPathIds: [],
  };
}

export function renderMarkdown(content: string, ctx: MarkdownContext, options: RenderOptions = {}): RenderResult {
  const result = emptyResult();
  if (!content.trim()) return result;

  const stash = new HtmlStash();
  let lines = separateHangingLists(content.split("\n"));
  lines = normalizeWhitespace(lines);
  lines = processFences(lines, stash, fenceRenderers, options.defaultCodeBlockLanguage?.toLowerCase() || null);

  const root = blockParser.parseDocument(lines);
  highlightIndentedCode(root, stash);

  let inline: InlineProcessor | null = null;
  const state: RenderState = {
    ctx,
    html: stash,
    translateEmoticons: options.translateEmoticons === true,
    linkifiers: compileLinkifiers(ctx.linkifiers),
    mentionedUserIds: result.mentionedUserIds,
    mentionedGroupIds: result.mentionedGroupIds,
    mentionsStreamWildcard: false,
    mentionsTopicWildcard: false,
    lookupInline: (id) => inline?.lookup(id),
  };
  const outer = currentState();
  inline = new InlineProcessor(patternsFor(state));
  try {
    inline.processTree(root);
  } finally {
    // A context callback may itself render Markdown; hand the slot back to the caller.
    if (outer) patternsFor(outer);
  }
  prettify(root);

  const links = processLinks(root, ctx.realmUrl, options.inlineImagePreview !== false);
  result.html = stash.restore(serializeChildren(root).trim()).trim();
  result.mentionsStreamWildcard = state.mentionsStreamWildcard;
  result.mentionsTopicWildcard = state.mentionsTopicWildcard;
  result.wildcardMention = state.mentionsStreamWildcard ? "all" : state.mentionsTopicWildcard ? "topic" : null;
  result.hasLink = links.hasLink;
  result.hasImage = links.hasImage;
  result.attachmentPathIds = links.attachmentPathIds;
  result.hasAttachment = links.attachmentPathIds.length > 0;
  return result;
}
