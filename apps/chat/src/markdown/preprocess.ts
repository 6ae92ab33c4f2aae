// Line-level passes that run before block parsing, mirroring Zulip's preprocessors in
// priority order: hanging lists, whitespace normalisation, then fenced blocks.
import type { HtmlStash } from "./stash.js";
import { stripControlMarkers } from "./stash.js";

// compat: Zulip's fence grammar. The language charset includes "," because upstream's
// `+-.` is a character range; a trailing header is only allowed after a language.
const FENCE_RE = /^(~{3,}|`{3,})[ ]*(?:\{?\.?([a-zA-Z0-9_+,\-./#]+)[ ]*([^ ~`][^~`]*)?\}?)?$/;
const LI_RE = /^[ ]*([*+-]|\d\.)[ ]+/;

/**
 * compat: Zulip inserts a blank line before a list item that directly follows a non-list
 * line (or a list of the other kind), so lists may "hang" off a paragraph. Lines inside
 * non-quote fences are left alone.
 */
export function separateHangingLists(lines: string[]): string[] {
  const out = lines.slice();
  let inserts = 0;
  const open: { fence: string; isCode: boolean }[] = [];
  let inCode = false;
  for (let i = 0; i < lines.length - 1; i++) {
    const m = FENCE_RE.exec(lines[i]);
    if (m) {
      const fence = m[1];
      const lang = m[2];
      const isCode = lang !== "quote" && lang !== "quoted";
      const closesLast = !lang && open.length > 0 && open[open.length - 1].fence === fence;
      if (closesLast) open.pop();
      else open.push({ fence, isCode });
      inCode = open.some((f) => f.isCode);
    }
    const li1 = LI_RE.exec(lines[i]);
    const li2 = LI_RE.exec(lines[i + 1]);
    if (!inCode && lines[i] && ((li2 && !li1) || (li1 && li2 && (li1[1].length === 1) !== (li2[1].length === 1)))) {
      out.splice(i + inserts + 1, 0, "");
      inserts++;
    }
  }
  return out;
}

/** Python-Markdown's NormalizeWhitespace: unify newlines, expand tabs, blank out space-only lines. */
export function normalizeWhitespace(lines: string[]): string[] {
  let source = stripControlMarkers(lines.join("\n"));
  source = source.replace(/\r\n?/g, "\n") + "\n\n";
  if (source.includes("\t")) source = expandTabs(source, 4);
  source = source.replace(/(?<=\n) +\n/g, "\n");
  return source.split("\n");
}

function expandTabs(text: string, size: number): string {
  let out = "";
  let col = 0;
  for (const ch of text) {
    if (ch === "\t") {
      const n = size - (col % size);
      out += " ".repeat(n);
      col += n;
    } else {
      out += ch;
      col = ch === "\n" ? 0 : col + 1;
    }
  }
  return out;
}

export interface FenceRenderers {
  /** Highlighted code block HTML for a fence (lang already lower-cased, or null). */
  code(lang: string | null, text: string): string;
  /** Display math HTML, or null when KaTeX rejects the input. */
  tex(text: string): string | null;
}

interface Handler {
  handleLine(line: string): void;
  done(): void;
}

/**
 * Zulip's fenced block preprocessor: code and math become stashed HTML, quotes become
 * "> " lines and spoilers become stashed wrapper HTML around their (still Markdown) body.
 */
export function processFences(lines: string[], stash: HtmlStash, render: FenceRenderers, defaultLanguage: string | null): string[] {
  const output: string[] = [];
  const handlers: Handler[] = [];
  const pop = (): void => {
    handlers.pop();
  };

  const makeBlockHandler = (
    out: string[],
    fence: string,
    processContents: boolean,
    format: (text: string) => string,
    nested: ((lines: string[], line: string) => void) | null,
  ): Handler => {
    const own: string[] = [];
    return {
      handleLine(line: string): void {
        if (line.trimEnd() === fence) this.done();
        else if (nested) nested(own, line);
        else own.push(line.trimEnd());
      },
      done(): void {
        if (own.length > 0) {
          let text = format(own.join("\n"));
          if (!processContents) text = stash.store(text);
          out.push("", ...text.split("\n"), "");
        }
        pop();
      },
    };
  };

  const checkForNewFence = (out: string[], line: string, defaultLang: string | null): void => {
    const m = FENCE_RE.exec(line);
    if (!m) {
      out.push(line);
      return;
    }
    const fence = m[1];
    let lang: string | null = m[2] ?? null;
    const header: string | null = m[3] ?? null;
    if (!lang && defaultLang) lang = defaultLang;
    if (lang !== null) lang = lang.toLowerCase();
    let handler: Handler;
    if (lang === "quote" || lang === "quoted") {
      handler = makeBlockHandler(out, fence, true, formatQuote, (own, l) => checkForNewFence(own, l, defaultLang));
    } else if (lang === "math") {
      handler = makeBlockHandler(out, fence, false, (text) => formatTex(text, render), null);
    } else if (lang === "spoiler") {
      handler = makeBlockHandler(out, fence, true, (text) => formatSpoiler(header, text, stash), (own, l) => checkForNewFence(own, l, null));
    } else {
      const codeLang = lang;
      handler = makeBlockHandler(out, fence, false, (text) => render.code(codeLang, text), null);
    }
    handlers.push(handler);
  };

  handlers.push({
    handleLine: (line) => checkForNewFence(output, line, defaultLanguage),
    done: pop,
  });
  for (const line of lines) handlers[handlers.length - 1].handleLine(line);
  while (handlers.length > 0) handlers[handlers.length - 1].done();

  // compat: upstream pads the end with a blank line "to make existing tests pass".
  if (output.length > 2 && output[output.length - 2] !== "") output.push("");
  return output;
}

function formatQuote(text: string): string {
  return text
    .split("\n")
    .map((line) => "> " + line)
    .join("\n");
}

function formatSpoiler(header: string | null, text: string, stash: HtmlStash): string {
  const parts = [stash.store('<div class="spoiler-block"><div class="spoiler-header">')];
  if (header !== null) parts.push(header);
  parts.push(stash.store('</div><div class="spoiler-content" aria-hidden="true">'));
  parts.push(text);
  parts.push(stash.store("</div></div>"));
  return parts.join("\n\n");
}

function formatTex(text: string, render: FenceRenderers): string {
  return text
    .split("\n\n")
    .map((paragraph) => render.tex(paragraph) ?? `<span class="tex-error">${djangoEscape(paragraph)}</span>`)
    .join("\n\n");
}

/** Django's escape(): the five HTML-special characters, with ' as &#x27;. */
export function djangoEscape(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}
