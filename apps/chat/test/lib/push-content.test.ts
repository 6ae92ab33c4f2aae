import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mobilePushContent, truncateContent } from "../../src/lib/push-content.js";

describe("the text phones show for a message", () => {
  it("turns emoji into their characters and images into their alt text", () => {
    assert.equal(mobilePushContent('<p>Hi <span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span> <img alt=":party:" class="emoji" src="/x.png"></p>'), "Hi 🙂 :party:");
  });

  it("quotes a quote, and collapses quotes beside other text", () => {
    assert.equal(mobilePushContent("<blockquote>\n<p>quoted\nline</p>\n</blockquote>"), "> quoted\n> line\n");
    assert.equal(mobilePushContent("<blockquote>\n<p>old</p>\n</blockquote>\n<p>reply</p>"), "[…]\nreply");
  });

  it("numbers ordered lists and hides spoilers behind their header", () => {
    assert.equal(mobilePushContent('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>'), "3. three\n4. four");
    assert.equal(mobilePushContent('<div class="spoiler-block"><div class="spoiler-header">\n<p>Ending</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>secret</p>\n</div></div>'), "Ending (…)\n");
  });

  it("shows math as its TeX source and decodes entities", () => {
    const katex = '<span class="katex"><span class="katex-mathml"><math><semantics><mrow></mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span><span class="katex-html">x2</span></span>';
    assert.equal(mobilePushContent(`<p>${katex} &amp; &lt;b&gt;</p>`), "$$x^2$$ & <b>");
  });

  it("cuts after 200 characters, counting characters rather than UTF-16 units", () => {
    assert.deepEqual(truncateContent("a".repeat(200)), { content: "a".repeat(200), truncated: false });
    assert.deepEqual(truncateContent("🙂".repeat(201)), { content: "🙂".repeat(200) + "…", truncated: true });
  });
});
