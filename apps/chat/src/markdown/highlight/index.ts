// Code blocks as Zulip renders them through Pygments: a codehilite <div>, Pygments' short
// token classes, and the lexer's display name in data-code-language. Only a few lexers are
// implemented (Python, PHP, TeX); other languages render as plain, escaped text, which is
// what Pygments does for languages it does not know.
import { lexPython } from "./python.js";
import { lexPhp } from "./php.js";
import { lexTex } from "./tex.js";
import type { Token } from "./token.js";

type Lexer = (src: string) => Token[];

// Pygments lexer names by alias (find_lexer_class_by_name(alias).name).
const LEXER_NAMES: Record<string, string> = {
  python: "Python", py: "Python", python3: "Python", py3: "Python", sage: "Python", bazel: "Python", starlark: "Python",
  python2: "Python 2.x", py2: "Python 2.x",
  pycon: "Python console session", pytb: "Python Traceback",
  php: "PHP", php3: "PHP", php4: "PHP", php5: "PHP", inlinephp: "PHP",
  "html+php": "HTML+PHP", "css+php": "CSS+PHP", "javascript+php": "JavaScript+PHP", "js+php": "JavaScript+PHP",
  "xml+php": "XML+PHP",
  tex: "TeX", latex: "TeX",
  javascript: "JavaScript", js: "JavaScript", typescript: "TypeScript", ts: "TypeScript",
  jsx: "JSX", json: "JSON", bash: "Bash", sh: "Bash", ksh: "Bash", zsh: "Bash", shell: "Bash",
  console: "Bash Session", "shell-session": "Bash Session", html: "HTML", xml: "XML", css: "CSS",
  c: "C", cpp: "C++", "c++": "C++", java: "Java", go: "Go", golang: "Go", rust: "Rust", rs: "Rust",
  ruby: "Ruby", rb: "Ruby", sql: "SQL", yaml: "YAML", markdown: "Markdown", md: "Markdown",
  diff: "Diff", udiff: "Diff", kotlin: "Kotlin", swift: "Swift", haskell: "Haskell", hs: "Haskell",
  scala: "Scala", perl: "Perl", pl: "Perl", lua: "Lua", text: "Text only", ini: "INI", cfg: "INI",
  toml: "TOML", docker: "Docker", dockerfile: "Docker", make: "Makefile", makefile: "Makefile",
  csharp: "C#", "c#": "C#", elixir: "Elixir", ex: "Elixir", erlang: "Erlang", clojure: "Clojure",
  powershell: "PowerShell", ps1: "PowerShell", graphql: "GraphQL", nginx: "Nginx configuration file",
};

const LEXERS: Record<string, Lexer> = {
  Python: (src) => lexPython(src, false),
  "Python 2.x": (src) => lexPython(src, true),
  PHP: lexPhp,
  "HTML+PHP": lexPhp,
  "CSS+PHP": lexPhp,
  "JavaScript+PHP": lexPhp,
  "XML+PHP": lexPhp,
  TeX: lexTex,
};

// Zulip's shebang handling: a first line like "#!python" or ":::python" picks the lexer
// but (unlike Python-Markdown) stays in the code.
const SHEBANG_RE = /^(?:(?:::+)|(#!))((?:\/\w+)*[/ ])?([\w#.+-]*)/;

function escapePygments(text: string, keepQuotes: boolean): string {
  text = text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  // compat: when a language was given Zulip re-serializes Pygments' HTML with lxml, which
  // writes quotes back as plain characters; otherwise Pygments' &quot; and &#39; survive.
  return keepQuotes ? text : text.replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

function formatTokens(tokens: Token[], keepQuotes: boolean): string {
  const merged: Token[] = [];
  for (const [cls, text] of tokens) {
    if (!text) continue;
    const last = merged[merged.length - 1];
    if (last && last[0] === cls) last[1] += text;
    else merged.push([cls, text]);
  }
  let out = "";
  for (const [cls, text] of merged) {
    const parts = escapePygments(text, keepQuotes).split("\n");
    out += parts.map((part) => (cls && part ? `<span class="${cls}">${part}</span>` : part)).join("\n");
  }
  return out;
}

export function lexerName(lang: string): string {
  return LEXER_NAMES[lang] ?? lang;
}

/**
 * HTML for a code block. `lang` comes from a fence (lower-cased) or is null for indented
 * code and bare fences, in which case a shebang line may still select a lexer.
 */
export function highlightCode(lang: string | null, text: string): string {
  let src = text.replace(/^\n+|\n+$/g, "");
  let lexLang = lang;
  if (lang === null) {
    const m = SHEBANG_RE.exec(src.split("\n")[0]);
    if (m) lexLang = m[3].toLowerCase();
  }
  const lexer = lexLang ? LEXERS[lexerName(lexLang)] : undefined;
  src += "\n";
  const body = formatTokens(lexer ? lexer(src) : [["", src]], lang !== null);
  const attr = lang ? ` data-code-language="${escapePygments(lexerName(lang), false)}"` : "";
  return `<div class="codehilite"${attr}><pre><span></span><code>${body}</code></pre></div>`;
}
