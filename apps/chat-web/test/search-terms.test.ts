import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { hashToNarrow, narrowToHash } from "../src/narrow/hash.js";
import { apiNarrow, matchesNarrow, narrowKey } from "../src/narrow/narrow.js";
import { narrowOfTerms, parseSearch, unparseSearch, type Names } from "../src/narrow/terms.js";
import { highlightPieces } from "../src/ui/search/Highlighted.js";

const ME = 3;
const channels: Record<number, string> = { 42: "design", 7: "Launch team" };
const people: Record<number, { name: string; email: string }> = { 3: { name: "Ada Lovelace", email: "ada@acme.test" }, 9: { name: "Grace Hopper", email: "grace@acme.test" }, 11: { name: "Alan Turing", email: "alan@acme.test" } };
const names: Names = {
  channelName: (id) => channels[id],
  channelByName: (name) => Number(Object.entries(channels).find(([, n]) => n.toLowerCase() === name.toLowerCase())?.[0]) || undefined,
  userName: (id) => people[id]?.name,
  userEmail: (id) => people[id]?.email,
  userByEmail: (email) => Number(Object.entries(people).find(([, p]) => p.email === email.toLowerCase())?.[0]) || undefined,
  myUserId: ME,
};
const byName = names.channelByName;
const search = (text: string) => narrowOfTerms(parseSearch(text, names));

describe("search text, as Zulip's search bar reads and writes it", () => {
  it("reads operators, negation, quoted and +-joined operands, and free words as one search term", () => {
    assert.deepEqual(parseSearch("channel:design -is:resolved deploy failed", names), [
      { operator: "channel", operand: "42" },
      { operator: "is", operand: "resolved", negated: true },
      { operator: "search", operand: "deploy failed" },
    ]);
    assert.deepEqual(parseSearch('stream:"Launch team" subject:launch+plan', names), [
      { operator: "channel", operand: "7" },
      { operator: "topic", operand: "launch plan" },
    ]);
    assert.deepEqual(parseSearch("sender:grace@acme.test has:link", names), [
      { operator: "sender", operand: "9" },
      { operator: "has", operand: "link" },
    ]);
    assert.deepEqual(parseSearch("sender:me dm:alan@acme.test,grace@acme.test,ada@acme.test", names), [
      { operator: "sender", operand: "3" },
      { operator: "dm", operand: "9,11" },
    ]);
    assert.deepEqual(parseSearch("is:private search:tea near:77", names), [
      { operator: "is", operand: "dm" },
      { operator: "search", operand: "tea" },
      { operator: "near", operand: "77" },
    ]);
    assert.deepEqual(parseSearch("nosuch:thing 10:30", names), [{ operator: "search", operand: "nosuch:thing 10:30" }]);
    assert.deepEqual(parseSearch("sender:nobody@else.test channel:nowhere", names), [
      { operator: "sender", operand: "nobody@else.test" },
      { operator: "channel", operand: "nowhere" },
    ], "unknown names are left for the server to refuse");
  });

  it("writes terms back as text that reads the same", () => {
    for (const text of ["channel:design -is:resolved deploy failed", "channel:Launch+team topic:launch+plan has:image", "sender:me -has:reaction", "dm:alan@acme.test,grace@acme.test", "is:unread 100%+done"]) {
      const terms = parseSearch(text, names);
      assert.deepEqual(parseSearch(unparseSearch(terms, names), names), terms, text);
    }
    assert.equal(unparseSearch(parseSearch('channel:"Launch team" deploy', names), names), "channel:Launch+team deploy");
  });

  it("makes the simple narrow when the terms say no more than a channel, a topic, a conversation, mentions or starred", () => {
    assert.deepEqual(search("channel:design"), { channelId: 42 });
    assert.deepEqual(search("channel:design topic:x near:5"), { channelId: 42, topic: "x", near: 5 });
    assert.deepEqual(search("dm:grace@acme.test"), { dm: [9] });
    assert.deepEqual(search("is:starred"), { is: "starred" });
    assert.deepEqual(search("-is:starred"), { terms: [{ operator: "is", operand: "starred", negated: true }] });
    assert.deepEqual(search("channel:design deploy"), { terms: [{ operator: "channel", operand: "42" }, { operator: "search", operand: "deploy" }] });
    assert.deepEqual(search(""), {});
  });
});

describe("search URLs, as Zulip's web app writes them", () => {
  const cases: [string, string][] = [
    ["deploy failed", "#narrow/search/deploy.20failed"],
    ["channel:design deploy failed", "#narrow/channel/42-design/search/deploy.20failed"],
    ["sender:grace@acme.test", "#narrow/sender/9-Grace-Hopper"],
    ["has:link", "#narrow/has/link"],
    ["channel:Launch+team -is:resolved", "#narrow/channel/7-Launch-team/-is/resolved"],
    ["dm:grace@acme.test,alan@acme.test is:starred", "#narrow/dm/9,11-group/is/starred"],
    ["topic:v1.2 search:(beta)", "#narrow/topic/v1.2E2/search/.28beta.29"],
    ["is:unread near:12", "#narrow/is/unread/near/12"],
  ];
  it("writes a search's fragment and reads it back to the same narrow", () => {
    for (const [text, hash] of cases) {
      const narrow = search(text);
      assert.equal(narrowToHash(narrow, names), hash, text);
      assert.deepEqual(hashToNarrow(hash, byName, ME), narrow, hash);
    }
  });

  it("reads older and hand-written forms", () => {
    assert.deepEqual(hashToNarrow("#narrow/stream/design/search/tea", byName, ME), { terms: [{ operator: "channel", operand: "42" }, { operator: "search", operand: "tea" }] });
    assert.deepEqual(hashToNarrow("#narrow/is/private", byName, ME), { terms: [{ operator: "is", operand: "dm" }] });
    assert.deepEqual(hashToNarrow("#narrow/sender/grace.40acme.2Etest", byName, ME), { terms: [{ operator: "sender", operand: "grace@acme.test" }] });
    assert.deepEqual(hashToNarrow("#narrow/-has/link/near/x", byName, ME), { terms: [{ operator: "has", operand: "link", negated: true }] });
  });

  it("asks the API for the terms with ids as numbers and negation kept", () => {
    assert.deepEqual(apiNarrow(search("channel:design -sender:grace@acme.test dm: tea"), ME), [
      { operator: "channel", operand: 42 },
      { operator: "sender", operand: 9, negated: true },
      { operator: "dm", operand: [ME] },
      { operator: "search", operand: "tea" },
    ]);
  });

  it("keys a search apart from its simple narrow, ignoring the case of words", () => {
    assert.notEqual(narrowKey(search("channel:design tea")), narrowKey(search("channel:design")));
    assert.equal(narrowKey(search("channel:design Tea")), narrowKey(search("channel:design tea")));
  });

  it("lets new messages into a search only when every term can be told from the message", () => {
    const m = { type: "stream", stream_id: 42, subject: "✔ launch", sender_id: 9, sender_email: "grace@acme.test", flags: [], reactions: [], display_recipient: "design" } as any;
    assert.ok(matchesNarrow(search("channel:design sender:grace@acme.test is:resolved is:unread"), m, ME));
    assert.ok(!matchesNarrow(search("channel:design -sender:grace@acme.test"), m, ME));
    assert.ok(!matchesNarrow(search("channel:design launch"), m, ME), "free text: not judged here");
    assert.ok(!matchesNarrow(search("-has:link"), m, ME));
  });
});

describe("highlighted topics", () => {
  it("reads the server's match_subject as text pieces, never as markup", () => {
    assert.deepEqual(highlightPieces('the <span class="highlight">deploy</span> &amp; &lt;b&gt;'), [
      { text: "the ", marked: false },
      { text: "deploy", marked: true },
      { text: " & <b>", marked: false },
    ]);
  });
});
