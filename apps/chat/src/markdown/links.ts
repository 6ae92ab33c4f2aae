// `[text](url "title")` parsing, after Python-Markdown's LinkInlineProcessor: brackets and
// parentheses nest, and a quoted title is only taken when it closes right before the ")".

/** Link text up to the matching "]"; null when the brackets never close. */
export function linkText(data: string, index: number): { text: string; end: number } | null {
  let depth = 1;
  for (let pos = index; pos < data.length; pos++) {
    const c = data[pos];
    if (c === "]") depth--;
    else if (c === "[") depth++;
    if (depth === 0) return { text: data.slice(index, pos), end: pos + 1 };
  }
  return null;
}

const ANGLE_LINK_RE = /\(\s*(?:(<[^<>]*>)\s*(?:('[^']*'|"[^"]*")\s*)?\))?/y;

export interface LinkTarget {
  href: string;
  title: string | null;
  end: number;
}

export function linkTarget(data: string, index: number): LinkTarget | null {
  ANGLE_LINK_RE.lastIndex = index;
  const m = ANGLE_LINK_RE.exec(data);
  if (!m) return null;
  if (m[1]) {
    return { href: m[1].slice(1, -1).trim(), title: m[2] ? m[2].slice(1, -1) : null, end: index + m[0].length };
  }
  const startIndex = index + m[0].length;
  let pos = startIndex;
  let brackets = 1;
  let backtrack = 1;
  let lastBracket = -1;
  let quote: string | null = null;
  let startQuote = -1;
  let exitQuote = -1;
  let ignoreMatches = false;
  let altQuote: string | null = null;
  let startAltQuote = -1;
  let exitAltQuote = -1;
  let last = "";
  let href = "";
  let title: string | null = null;
  for (let i = startIndex; i < data.length; i++) {
    const c = data[i];
    if (c === "(") {
      if (!ignoreMatches) brackets++;
      else if (backtrack > 0) backtrack--;
    } else if (c === ")") {
      if ((exitQuote !== -1 && quote === last) || (exitAltQuote !== -1 && altQuote === last)) brackets = 0;
      else if (!ignoreMatches) brackets--;
      else if (backtrack > 0) {
        backtrack--;
        if (backtrack === 0) lastBracket = pos + 1;
      }
    } else if (c === "'" || c === '"') {
      if (!quote) {
        ignoreMatches = true;
        backtrack = brackets;
        brackets = 1;
        startQuote = pos + 1;
        quote = c;
      } else if (c !== quote && !altQuote) {
        startAltQuote = pos + 1;
        altQuote = c;
      } else if (c === quote) {
        exitQuote = pos + 1;
      } else if (altQuote && c === altQuote) {
        exitAltQuote = pos + 1;
      }
    }
    pos++;
    if (brackets === 0) {
      if (exitQuote >= 0 && quote === last) {
        href = data.slice(startIndex, startQuote - 1);
        title = data.slice(startQuote, exitQuote - 1);
      } else if (exitAltQuote >= 0 && altQuote === last) {
        href = data.slice(startIndex, startAltQuote - 1);
        title = data.slice(startAltQuote, exitAltQuote - 1);
      } else {
        href = data.slice(startIndex, pos - 1);
      }
      break;
    }
    if (c !== " ") last = c;
  }
  if (brackets !== 0 && backtrack === 0) {
    href = data.slice(startIndex, lastBracket - 1);
    pos = lastBracket;
    brackets = 0;
  }
  if (brackets !== 0) return null;
  return { href: href.trim(), title: title === null ? null : title.trim().replace(/\s/g, " "), end: pos };
}
