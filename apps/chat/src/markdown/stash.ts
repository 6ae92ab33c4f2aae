import { isBlockLevel } from "./element.js";

// Raw HTML produced before or during parsing (highlighted code, KaTeX, spoiler wrappers) is
// parked behind a placeholder and put back after serialization, as Python-Markdown's
// HtmlStash does. The placeholder characters (STX/ETX) are stripped from user input first,
// so user text can never forge one.
const STX = "\u0002";
const ETX = "\u0003";

export class HtmlStash {
  private blocks: string[] = [];

  store(html: string): string {
    this.blocks.push(html);
    return `${STX}wzxhzdk:${this.blocks.length - 1}${ETX}`;
  }

  get size(): number {
    return this.blocks.length;
  }

  /**
   * Python-Markdown's RawHtmlPostprocessor: a placeholder alone in a paragraph is replaced
   * together with its <p> wrapper when the HTML is block-level; elsewhere just the placeholder.
   */
  restore(html: string): string {
    if (this.blocks.length === 0) return html;
    return html.replace(RESTORE_RE, (whole, inP: string | undefined, bare: string | undefined) => {
      if (inP !== undefined) {
        const raw = this.blocks[Number(inP)];
        if (raw === undefined) return whole;
        return startsBlockLevel(raw) ? raw : `<p>${raw}</p>`;
      }
      return this.blocks[Number(bare)] ?? whole;
    });
  }
}

const RESTORE_RE = /<p>\u0002wzxhzdk:(\d+)\u0003<\/p>|\u0002wzxhzdk:(\d+)\u0003/g;
const FIRST_TAG_RE = /^<\/?([^ >]+)/;

function startsBlockLevel(html: string): boolean {
  const m = FIRST_TAG_RE.exec(html);
  if (!m) return false;
  if ("!?@%".includes(m[1][0])) return true;
  return isBlockLevel(m[1]);
}

export function stripControlMarkers(text: string): string {
  return text.includes(STX) || text.includes(ETX) ? text.replace(/[\u0002\u0003]/g, "") : text;
}
