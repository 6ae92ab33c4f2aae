// The emoji name table (src/markdown/data/emoji.json) is Zulip's complete naming: emoji and
// aliases the earlier hand-written subset lacked render in Markdown and work as reactions.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { renderMarkdown } from "../../src/markdown/index.js";
import { testContext } from "./context.js";
import type { Account, ChatTest } from "../helpers.js";
import { createChannel, messagesTest, sendToChannel } from "../api/messages-support.js";

const ctx = testContext();
const table = JSON.parse(readFileSync(new URL("../../src/markdown/data/emoji.json", import.meta.url), "utf8")) as {
  codepoint_to_name: Record<string, string>;
  name_to_codepoint: Record<string, string>;
};

const span = (code: string, name: string): string => {
  const title = name.replaceAll("_", " ");
  return `<span aria-label="${title}" class="emoji emoji-${code}" role="img" title="${title}">:${name}:</span>`;
};

describe("emoji name table", () => {
  it("is the complete table, each canonical name naming its own codepoint", () => {
    const codepoints = Object.keys(table.codepoint_to_name);
    assert.ok(codepoints.length >= 1800, `only ${codepoints.length} emoji`);
    assert.ok(Object.keys(table.name_to_codepoint).length > codepoints.length);
    for (const code of codepoints) {
      assert.match(code, /^[0-9a-f]{4,5}(-[0-9a-f]{4,5})*$/);
      assert.ok(!code.split("-").includes("fe0f"), code);
      assert.equal(table.name_to_codepoint[table.codepoint_to_name[code]], code);
    }
    for (const code of Object.values(table.name_to_codepoint)) assert.ok(code in table.codepoint_to_name, code);
  });

  const NAMED: [name: string, code: string][] = [
    ["melting_face", "1fae0"], // Unicode 14
    ["heart_hands", "1faf6"],
    ["shaking_face", "1fae8"], // Unicode 15
    ["pink_heart", "1fa77"],
    ["black_bird", "1f426-200d-2b1b"],
    ["goose", "1fabf"],
    // aliases
    ["salute", "1fae1"],
    ["earthquake", "1fae8"],
    ["crow", "1f426-200d-2b1b"],
    ["like", "1f44d"],
    ["flag_turkiye", "1f1f9-1f1f7"],
  ];
  for (const [name, code] of NAMED) {
    it(`renders :${name}:`, () => assert.equal(renderMarkdown(`:${name}:`, ctx).html, `<p>${span(code, name)}</p>`));
  }

  it("names emoji typed directly by their canonical name", () => {
    assert.equal(renderMarkdown("\u{1fae0} \u{1f426}\u200d\u2b1b", ctx).html, `<p>${span("1fae0", "melting_face")} ${span("1f426-200d-2b1b", "black_bird")}</p>`);
    assert.equal(renderMarkdown("\u{1f1f9}\u{1f1f7}", ctx).html, `<p>${span("1f1f9-1f1f7", "flag_türkiye")}</p>`);
  });

  it("leaves names Zulip does not have as text", () => {
    assert.equal(renderMarkdown(":slight_smile: :fried_egg: :no_such_emoji:", ctx).html, "<p>:slight_smile: :fried_egg: :no_such_emoji:</p>");
  });
});

describe("reactions with names new to the table", () => {
  let t: ChatTest;
  let owner: Account;
  let id: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    await createChannel(t, owner, "general", [owner]);
    id = await sendToChannel(t, owner, "general", "t", "react to me");
  });
  after(() => t.close());

  it("adds them by name (canonical or alias) and by name and code", async () => {
    for (const emoji_name of ["shaking_face", "salute"]) {
      const res = await t.call(owner, "POST", `/messages/${id}/reactions`, { emoji_name });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    const res = await t.call(owner, "POST", `/messages/${id}/reactions`, { emoji_name: "crow", emoji_code: "1f426-200d-2b1b", reaction_type: "unicode_emoji" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const reactions = (await t.call(owner, "GET", `/messages/${id}`)).body.message.reactions;
    assert.deepEqual(
      reactions.map((r: { emoji_name: string; emoji_code: string }) => [r.emoji_name, r.emoji_code]),
      [["shaking_face", "1fae8"], ["salute", "1fae1"], ["crow", "1f426-200d-2b1b"]],
    );
  });
});

describe("server_emoji_data_url", () => {
  let t: ChatTest;
  let owner: Account;
  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
  });
  after(() => t.close());

  it("serves every emoji code with its names, canonical first, where /register points", async () => {
    const registered = await t.call(owner, "POST", "/register", { fetch_event_types: ["realm"] });
    assert.equal(registered.status, 200);
    const url = new URL(registered.body.server_emoji_data_url);
    const res = await t.app.inject({ url: url.pathname });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers["content-type"]), /^application\/json/);
    const { code_to_names: codeToNames } = res.json() as { code_to_names: Record<string, string[]> };
    assert.deepEqual(Object.keys(res.json()), ["code_to_names"]);
    assert.equal(Object.keys(codeToNames).length, Object.keys(table.codepoint_to_name).length);
    for (const [code, names] of Object.entries(codeToNames)) {
      assert.equal(names[0], table.codepoint_to_name[code], code);
      for (const name of names) assert.equal(table.name_to_codepoint[name], code, name);
    }
    const namesListed = Object.values(codeToNames).reduce((n, names) => n + names.length, 0);
    assert.equal(namesListed, Object.keys(table.name_to_codepoint).length, "every name listed once");
    assert.deepEqual(codeToNames["263a"], ["smiling_face", "relaxed"]);

    const again = await t.app.inject({ url: url.pathname, headers: { "if-none-match": String(res.headers.etag) } });
    assert.equal(again.statusCode, 304);
  });
});
