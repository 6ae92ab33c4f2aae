// Behaviour beyond the upstream fixtures: tables, code, emoji, timestamps, linkifiers,
// previews, options and the flags message sending needs.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderMarkdown } from "../../src/markdown/index.js";
import { testContext } from "./context.js";

const ctx = testContext({
  linkifiers: [
    { pattern: "#(?P<id>[0-9]+)", urlTemplate: "https://trac.example.com/ticket/{id}" },
    { pattern: "(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)", urlTemplate: "https://github.com/{org}/{repo}/issues/{id}" },
  ],
});

const thumb = (url: string): string =>
  `<img data-src-fullsize="/thumbnail?url=${encodeURIComponent(url)}&amp;size=full" src="/thumbnail?url=${encodeURIComponent(url)}&amp;size=thumbnail">`;

const CASES: [name: string, input: string, html: string][] = [
  ["empty input", "   \n ", ""],
  [
    "aligned table",
    "a | b\n:-|-:\n1 | 2",
    '<table>\n<thead>\n<tr>\n<th style="text-align: left;">a</th>\n<th style="text-align: right;">b</th>\n</tr>\n</thead>\n' +
      '<tbody>\n<tr>\n<td style="text-align: left;">1</td>\n<td style="text-align: right;">2</td>\n</tr>\n</tbody>\n</table>',
  ],
  [
    "pipe inside code in a table",
    "| x |\n|---|\n| `a|b` |",
    "<table>\n<thead>\n<tr>\n<th>x</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><code>a|b</code></td>\n</tr>\n</tbody>\n</table>",
  ],
  ["horizontal rule", "---", "<hr>"],
  ["no setext headings", "text\n---", "<p>text</p>\n<hr>"],
  ["closing hashes", "## Title ##", "<h2>Title</h2>"],
  ["list item continued after a blank line", "1. one\n\n   still one", "<ol>\n<li>\n<p>one</p>\n<p>still one</p>\n</li>\n</ol>"],
  [
    "unknown language stays plain, quotes unescaped",
    '```js\nconst x = "a" < 1;\n```',
    '<div class="codehilite" data-code-language="JavaScript"><pre><span></span><code>const x = "a" &lt; 1;\n</code></pre></div>',
  ],
  [
    "quotes in text stay raw, continuation indent kept",
    'class Foo(Bar):\n    """doc"""',
    '<p>class Foo(Bar):<br>\n    """doc"""</p>',
  ],
  [
    "python lexer in a fence",
    '```python\nfrom a import b\nclass Foo(Bar):\n    """doc"""\n    def __init__(self, x=1.5):\n        return None  # hi\n```',
    '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="kn">from</span> <span class="nn">a</span> ' +
      '<span class="kn">import</span> <span class="nn">b</span>\n<span class="k">class</span> <span class="nc">Foo</span>' +
      '<span class="p">(</span><span class="n">Bar</span><span class="p">):</span>\n    <span class="sd">"""doc"""</span>\n' +
      '    <span class="k">def</span> <span class="fm">__init__</span><span class="p">(</span><span class="bp">self</span>' +
      '<span class="p">,</span> <span class="n">x</span><span class="o">=</span><span class="mf">1.5</span><span class="p">):</span>\n' +
      '        <span class="k">return</span> <span class="kc">None</span>  <span class="c1"># hi</span>\n</code></pre></div>',
  ],
  [
    "indented code followed by text",
    "    indented\n\npara",
    '<div class="codehilite"><pre><span></span><code>indented\n</code></pre></div>\n\n<p>para</p>',
  ],
  [
    "linkifiers",
    "see #123, zulip/zulip#45",
    '<p>see <a href="https://trac.example.com/ticket/123">#123</a>, <a href="https://github.com/zulip/zulip/issues/45">zulip/zulip#45</a></p>',
  ],
  ["linkifier needs a boundary", "a#123 #12b", "<p>a#123 #12b</p>"],
  [
    "timestamps",
    "<time:2024-01-02T03:04:05+01:00> <time:1496701800> <time:tomorrow>",
    '<p><time datetime="2024-01-02T02:04:05Z">2024-01-02T03:04:05+01:00</time> <time datetime="2017-06-05T22:30:00Z">1496701800</time> ' +
      '<span class="timestamp-error">Invalid time format: tomorrow</span></p>',
  ],
  [
    "realm and zulip emoji",
    ":green_tick: :zulip:",
    '<p><img alt=":green_tick:" class="emoji" src="/user_avatars/2/emoji/images/1.png" title="green tick"> ' +
      '<img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"></p>',
  ],
  [
    "unicode emoji: text presentation left alone",
    "☺ ☺️ 1️⃣",
    '<p>☺ <span aria-label="smiling face" class="emoji emoji-263a" role="img" title="smiling face">:smiling_face:</span> ' +
      '<span aria-label="one" class="emoji emoji-0031-20e3" role="img" title="one">:one:</span></p>',
  ],
  ["no backslash escapes (as Zulip)", "\\*not em\\*", "<p>\\<em>not em\\</em></p>"],
  ["entities kept, lone & escaped", "&copy; &amp; & <", "<p>&copy; &amp; &amp; &lt;</p>"],
  ["bold URL is not autolinked (Zulip quirk)", "**http://example.com**", "<p><strong>http://example.com</strong></p>"],
  ["nested emphasis", "x *y **z** w*", "<p>x <em>y <strong>z</strong> w</em></p>"],
  [
    "two image previews in order",
    "http://example.com/a.png and http://example.com/b.jpg",
    '<p><a href="http://example.com/a.png">http://example.com/a.png</a> and <a href="http://example.com/b.jpg">http://example.com/b.jpg</a></p>\n' +
      `<div class="message_inline_image"><a href="http://example.com/a.png">${thumb("http://example.com/a.png")}</a></div>` +
      `<div class="message_inline_image"><a href="http://example.com/b.jpg">${thumb("http://example.com/b.jpg")}</a></div>`,
  ],
  [
    "named image link keeps its title on the preview",
    '[x](http://example.com/a.png "Title here")',
    '<p><a href="http://example.com/a.png" title="Title here">x</a></p>\n' +
      `<div class="message_inline_image"><a href="http://example.com/a.png" title="x">${thumb("http://example.com/a.png")}</a></div>`,
  ],
  [
    "no previews in quotes",
    "> http://example.com/a.png",
    '<blockquote>\n<p><a href="http://example.com/a.png">http://example.com/a.png</a></p>\n</blockquote>',
  ],
];

describe("features", () => {
  for (const [name, input, html] of CASES) {
    it(name, () => assert.equal(renderMarkdown(input, ctx).html, html));
  }

  it("applies the realm's default code block language", () => {
    assert.equal(
      renderMarkdown("```\nx\n```", ctx, { defaultCodeBlockLanguage: "python" }).html,
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">x</span>\n</code></pre></div>',
    );
  });

  it("translates emoticons only when asked", () => {
    assert.equal(renderMarkdown(":)", ctx).html, "<p>:)</p>");
    assert.match(renderMarkdown(":) ;)", ctx, { translateEmoticons: true }).html, /emoji-1f642.*emoji-1f609/);
  });

  it("can turn image previews off", () => {
    const r = renderMarkdown("http://example.com/a.png", ctx, { inlineImagePreview: false });
    assert.equal(r.html, '<p><a href="http://example.com/a.png">http://example.com/a.png</a></p>');
    assert.equal(r.hasImage, false);
    assert.equal(r.hasLink, true);
  });

  it("reports links, images and attachments", () => {
    const r = renderMarkdown("[a](/user_uploads/2/ab/x.pdf) http://zulip.testserver/user_uploads/2/cd/y.png https://other.org/user_uploads/1/z.png", ctx);
    assert.equal(r.hasLink, true);
    assert.equal(r.hasImage, true);
    assert.equal(r.hasAttachment, true);
    assert.deepEqual(r.attachmentPathIds, ["2/ab/x.pdf", "2/cd/y.png"]);
    const plain = renderMarkdown("just words", ctx);
    assert.deepEqual([plain.hasLink, plain.hasImage, plain.hasAttachment], [false, false, false]);
  });
});
