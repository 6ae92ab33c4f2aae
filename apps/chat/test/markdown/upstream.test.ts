// Zulip's own fixtures (transcribed): the renderer must reproduce them byte for byte.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderMarkdown } from "../../src/markdown/index.js";
import { LINKIFY_CASES, REGULAR_CASES } from "./upstream-cases.js";
import { testContext } from "./context.js";

const ctx = testContext();

describe("upstream regular cases", () => {
  for (const c of REGULAR_CASES) {
    it(c.name, () => {
      assert.equal(renderMarkdown(c.input, ctx, { translateEmoticons: c.translateEmoticons === true }).html, c.expected);
    });
  }
});

describe("upstream linkify cases", () => {
  for (const [input, template, url] of LINKIFY_CASES) {
    it(JSON.stringify(input), () => {
      let expected = template;
      if (template.includes("%s")) {
        const href = url.startsWith("http") ? url : url.includes("@") ? `mailto:${url}` : `http://${url}`;
        expected = template.replace("%s", `<a href="${href}">${url}</a>`);
      }
      assert.equal(renderMarkdown(input, ctx).html, expected);
    });
  }
});
