import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PeopleIndex, channelLink, fold, groupMention, matchesWords, personMention, replaceToken, tokenAt, topicLink } from "../src/ui/compose/typeahead/match.js";
import { insertAt, placeholderFor } from "../src/ui/compose/tools/insert.js";

// The compose box's typeahead without a DOM: which token the caret is in, matching on word
// starts in a large organization, and the Zulip Markdown a choice inserts.
const at = (text: string) => tokenAt(text, text.length);

describe("the token at the caret", () => {
  it("finds mentions, silent mentions, channels, topic links and emoji after a space or at the start", () => {
    assert.deepEqual(at("@"), { kind: "mention", query: "", silent: false, start: 0 });
    assert.deepEqual(at("hi @ada lo"), { kind: "mention", query: "ada lo", silent: false, start: 3 });
    assert.deepEqual(at("(@_gr"), { kind: "mention", query: "gr", silent: true, start: 1 });
    assert.deepEqual(at("see #des"), { kind: "channel", query: "des", start: 4 });
    assert.deepEqual(at("see #**design>lau"), { kind: "topic-link", query: "lau", channel: "design", start: 4 });
    assert.deepEqual(at("see #**design**>"), { kind: "topic-link", query: "", channel: "design", start: 4 });
    assert.deepEqual(at("nice :tad"), { kind: "emoji", query: "tad", start: 5 });
  });

  it("starts nothing inside a word, an email, a time or one-letter emoji, nor in prose after a mention", () => {
    for (const text of ["ada@acme.example.com", "at 12:30", "smile :)", "x :t", "a#b", "@ ada", "@ada lovelace is here today", "line\n@"]) {
      const token = at(text);
      assert.ok(token === null || (text === "line\n@" && token.kind === "mention"), `${JSON.stringify(text)} → ${JSON.stringify(token)}`);
    }
    assert.equal(tokenAt("@ada and more", 4)?.query, "ada", "the caret decides, not the end of the text");
  });
});

describe("matching on word starts", () => {
  it("folds case and accents and matches any word's start", () => {
    assert.equal(fold("José Ñúñez"), "jose nunez");
    assert.ok(matchesWords("Anne-Marie O'Neil", "mar"));
    assert.ok(matchesWords("Anne-Marie O'Neil", "anne ne"));
    assert.ok(!matchesWords("Anne-Marie O'Neil", "arie"));
    assert.ok(matchesWords("launch plan", ""));
  });

  const people = [
    { id: 1, name: "Ada Lovelace", email: "ada@acme.example.com" },
    { id: 2, name: "Grace Hopper", email: "grace@acme.example.com" },
    { id: 3, name: "Alan Turing", email: "alan.t@acme.example.com" },
    { id: 4, name: "Adam Smith", email: "adam@acme.example.com" },
    { id: 5, name: "Maria Adams", email: "m.adams@acme.example.com" },
    { id: 6, name: "Ada Lovelace", email: "ada2@acme.example.com" },
  ];

  it("puts names that start with the query first, then other words, each in name order", () => {
    const index = new PeopleIndex(people);
    assert.deepEqual(index.search("ad").map((p) => p.id), [1, 6, 4, 5]);
    assert.deepEqual(index.search("ada l").map((p) => p.id), [1, 6]);
    assert.deepEqual(index.search("hop").map((p) => p.id), [2]);
    assert.deepEqual(index.search("grace@").map((p) => p.id), [2], "by email");
    assert.deepEqual(index.search("t").map((p) => p.id), [3], "the email's words count (alan.t)");
    assert.deepEqual(index.search("zzz"), []);
  });

  it("prefers the conversation's people, leaves out those excluded, and stops at the limit", () => {
    const index = new PeopleIndex(people);
    assert.deepEqual(index.search("ad", 8, new Set([6, 5])).map((p) => p.id), [6, 1, 4, 5], "the second Ada first among those whose name starts so");
    assert.deepEqual(index.search("adams", 8, new Set([5])).map((p) => p.id), [5]);
    assert.deepEqual(index.search("ad", 2).map((p) => p.id), [1, 6]);
    assert.deepEqual(index.search("ad", 8, new Set(), new Set([1, 6])).map((p) => p.id), [4, 5]);
    assert.deepEqual(index.search("", 3, new Set([3])).map((p) => p.id), [3, 1, 6], "an empty query: the conversation's people, then by name");
  });

  it("searches 10,000 people without sorting per keystroke", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `Person ${String(i).padStart(5, "0")} ${["Ada", "Grace", "Alan", "Edsger"][i % 4]}`, email: `p${i}@example.com` }));
    const index = new PeopleIndex(many);
    assert.equal(index.size, 10_000);
    const found = index.search("gra", 8);
    assert.equal(found.length, 8);
    assert.ok(found.every((p) => p.name.endsWith("Grace")));
    assert.deepEqual(found.map((p) => p.id), [2, 6, 10, 14, 18, 22, 26, 30], "in name order");
    assert.deepEqual(index.search("person 00042").map((p) => p.id), [43]);
  });
});

describe("what a choice inserts", () => {
  it("writes Zulip's mention syntax, with the id when two people share the name", () => {
    const index = new PeopleIndex([
      { id: 1, name: "Ada Lovelace", email: "a@x" },
      { id: 6, name: "ada lovelace", email: "b@x" },
      { id: 2, name: "Grace Hopper", email: "g@x" },
    ]);
    assert.equal(personMention({ id: 2, name: "Grace Hopper" }, false, index.nameIsShared("Grace Hopper")), "@**Grace Hopper**");
    assert.equal(personMention({ id: 1, name: "Ada Lovelace" }, false, index.nameIsShared("Ada Lovelace")), "@**Ada Lovelace|1**");
    assert.equal(personMention({ id: 2, name: "Grace Hopper" }, true, false), "@_**Grace Hopper**");
    assert.equal(groupMention("support", false), "@*support*");
    assert.equal(groupMention("support", true), "@_*support*");
    assert.equal(channelLink("design"), "#**design**");
    assert.equal(topicLink("design", "launch plan"), "#**design>launch plan**");
  });

  it("replaces the token up to the caret, adds a space, and keeps what follows", () => {
    const text = "hi @gra and bye";
    const token = tokenAt(text, 7)!;
    assert.deepEqual(replaceToken(text, token, 7, "@**Grace Hopper**"), { text: "hi @**Grace Hopper** and bye", caret: 20 });
    const end = "see #des";
    assert.deepEqual(replaceToken(end, at(end)!, end.length, "#**design**"), { text: "see #**design** ", caret: 16 });
  });

  it("puts an upload's placeholder at the caret as a word of its own", () => {
    assert.equal(placeholderFor("shot [1].png"), "[Uploading shot 1.png…]");
    assert.deepEqual(insertAt("Look:", 5, "[Uploading a.png…]"), { content: "Look: [Uploading a.png…] ", caret: 25 });
    assert.deepEqual(insertAt("", 0, "[Uploading a.png…]"), { content: "[Uploading a.png…] ", caret: 19 });
    assert.deepEqual(insertAt("ab\ncd", 3, "X"), { content: "ab\nX cd", caret: 5 });
  });
});
