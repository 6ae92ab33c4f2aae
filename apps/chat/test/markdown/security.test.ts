// Hostile input: whatever the message says, the HTML may only contain the renderer's own
// tags and attributes, no event handlers, and no script-capable URLs.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderMarkdown } from "../../src/markdown/index.js";
import { testContext } from "./context.js";

const ALLOWED_TAGS = new Set([
  "p", "br", "strong", "em", "del", "code", "pre", "div", "span", "a", "img", "blockquote", "ul", "ol", "li",
  "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table", "thead", "tbody", "tr", "th", "td", "time",
  // KaTeX's MathML and SVG output
  "math", "semantics", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "msup", "msub", "msubsup", "mfrac",
  "msqrt", "mroot", "mover", "munder", "munderover", "mtable", "mtr", "mtd", "mstyle", "mpadded", "mphantom",
  "menclose", "annotation", "svg", "path", "line",
]);
const ALLOWED_ATTRS = new Set([
  "class", "href", "title", "src", "alt", "role", "aria-label", "aria-hidden", "style", "start", "datetime",
  "data-user-id", "data-user-group-id", "data-stream-id", "data-code-language", "data-src-fullsize",
  "xmlns", "display", "encoding", "mathvariant", "stretchy", "separator", "lspace", "rspace", "width", "height",
  "viewBox", "preserveAspectRatio", "d", "fence", "minsize", "maxsize", "accent", "accentunder", "columnalign",
  "rowspacing", "columnspacing", "scriptlevel", "displaystyle", "linethickness", "notation", "x1", "x2", "y1", "y2",
  "stroke-width", "movablelimits", "mathcolor",
]);
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-:]+="[^"]*")*)\s*>/g;
const ATTR_RE = /\s+([a-zA-Z-:]+)="([^"]*)"/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#([0-9]+);?/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function assertSafe(html: string): void {
  const leftover = html.replace(TAG_RE, (whole, _close, tag: string, attrs: string) => {
    assert.ok(ALLOWED_TAGS.has(tag.toLowerCase()), `unexpected tag <${tag}> in ${html}`);
    for (const [, name, raw] of attrs.matchAll(ATTR_RE)) {
      assert.ok(ALLOWED_ATTRS.has(name), `unexpected attribute ${name} in ${whole}`);
      assert.ok(!/^on/i.test(name), `event handler ${name}`);
      if (name === "href" || name === "src" || name === "data-src-fullsize") {
        const url = decodeEntities(raw).replace(/[\u0000-\u0020]/g, "").toLowerCase();
        assert.ok(!/^(javascript|vbscript|data|livescript):/.test(url), `dangerous URL ${raw}`);
      }
    }
    return "";
  });
  assert.ok(!leftover.includes("<"), `raw "<" left in output: ${html}`);
  assert.ok(!/<script/i.test(html), "script tag");
}

const HOSTILE = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  "<svg/onload=alert(1)>",
  "<<script>script>evil()<</script>/script>",
  "<iframe src=javascript:alert(1)>",
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x]( javascript:alert(1))",
  "[x](java\tscript:alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](javascript&colon;alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](vbscript:msgbox(1))",
  "[x](<javascript:alert(1)>)",
  "<javascript:alert(1)>",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  '[x](http://a.com" onmouseover="alert(1))',
  "[x](http://a.com 'title\" onclick=\"alert(1)')",
  '[x](http://a.com "a\\" onclick=\\"b")',
  'http://example.com/"onmouseover=alert(1)',
  'http://example.com/a.png?x="onerror=alert(1)',
  "https://example.com/a.png#<script>",
  "**<script>alert(1)</script>**",
  "`<script>alert(1)</script>`",
  "~~~\n<script>alert(1)</script>\n~~~",
  '```"onmouseover="alert(1)\ncode\n```',
  "```spoiler <img src=x onerror=alert(1)>\n<script>alert(1)</script>\n```",
  "```quote\n<script>alert(1)</script>\n```",
  "> <script>alert(1)</script>",
  "* <script>alert(1)</script>\n* [x](javascript:alert(1))",
  "a | b\n--|--\n<script>x</script> | <img src=x onerror=1>",
  "# <script>alert(1)</script>",
  "<time:\"><script>alert(1)</script>>",
  "<time:<img src=x onerror=alert(1)>>",
  "$$\\href{javascript:alert(1)}{x}$$",
  "$$\\url{javascript:alert(1)}$$",
  "$$\\htmlClass{x\" onclick=\"y}{z}$$",
  "~~~math\n\\href{javascript:alert(1)}{x}\n~~~",
  "$$<script>alert(1)</script>$$",
  ":smile\" onload=\"alert(1):",
  "@**\"><script>alert(1)</script>**",
  "@*\"><img src=x onerror=1>*",
  "#**\"><img src=x onerror=1>**",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&#60;script&#62;alert(1)&#60;/script&#62;",
  "\u0002wzxhzdk:0\u0003 \u0002klzzwxh:0000\u0003",
  "[![x](javascript:alert(1))](javascript:alert(1))",
  "[a](http://x.com/`<script>`)",
  "[a](http://x.com/@**King Hamlet**)",
];

describe("hostile input", () => {
  const ctx = testContext();
  for (const input of HOSTILE) {
    it(JSON.stringify(input), () => assertSafe(renderMarkdown(input, ctx).html));
  }

  it("escapes hostile names coming from the realm", () => {
    const evil = '"><img src=x onerror=alert(1)><script>alert(1)</script>';
    const hostile = testContext({
      userByName: (n) => (n === "evil" ? { id: 1, fullName: evil } : undefined),
      groupByName: (n) => (n === "evil" ? { id: 2, name: evil } : undefined),
      channelByName: (n) => ({ id: 3, name: n }),
      realmEmoji: () => ({ id: "1", url: 'x" onerror="alert(1)' }),
      linkifiers: [{ pattern: "EVIL-(?P<id>[0-9]+)", urlTemplate: "javascript:alert({id})" }],
    });
    for (const input of ["@**evil**", "@*evil*", `#**${evil}**`, `#**${evil}>${evil}**`, ":anything:", "EVIL-12"]) {
      const html = renderMarkdown(input, hostile).html;
      assertSafe(html);
    }
    assert.equal(renderMarkdown("EVIL-12", hostile).html, "<p>EVIL-12</p>");
  });

  it("keeps the linkifier of a realm from looping on placeholder digits", () => {
    const ctx2 = testContext({ linkifiers: [{ pattern: "[0-9]+", urlTemplate: "https://example.com/{0}" }] });
    const html = renderMarkdown(":smile: `code` 1234", ctx2).html;
    assertSafe(html);
    assert.match(html, /<code>code<\/code>/);
  });

  it("survives random punctuation soup", () => {
    const alphabet = ["<", ">", "&", '"', "'", "*", "_", "~", "`", "[", "]", "(", ")", "$", "#", "@", ":", "\n", " ", "a", "javascript:", "http://x.y/", "|", "-", "1."];
    let seed = 42;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 300; i++) {
      let input = "";
      const len = 5 + rand(60);
      for (let j = 0; j < len; j++) input += alphabet[rand(alphabet.length)];
      assertSafe(renderMarkdown(input, ctx).html);
    }
  });
});
