// Mentions, channel/topic/message links and what the render reports for message sending.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderMarkdown } from "../../src/markdown/index.js";
import { testContext } from "./context.js";

const ctx = testContext();

interface Case {
  input: string;
  html: string;
  users?: number[];
  groups?: number[];
  wildcard?: "all" | "topic" | null;
}

const CASES: Case[] = [
  { input: "@**King Hamlet**", html: '<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>', users: [10] },
  { input: "@**king hamlet**", html: '<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>', users: [10] },
  { input: "@**|10**", html: '<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>', users: [10] },
  { input: "@**King Hamlet|10**", html: '<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>', users: [10] },
  { input: "@**Mark Twin|17**", html: '<p><span class="user-mention" data-user-id="17">@Mark Twin</span></p>', users: [17] },
  // A name that does not belong to the id is not a mention at all.
  { input: "@**Iago|10**", html: "<p>@<strong>Iago|10</strong></p>", users: [] },
  { input: "@_**King Hamlet**", html: '<p><span class="user-mention silent" data-user-id="10">King Hamlet</span></p>', users: [] },
  { input: "@**Polonius**", html: '<p><span class="user-mention silent" data-user-id="15">Polonius</span></p>', users: [] },
  { input: "@**Nobody** there", html: "<p>@<strong>Nobody</strong> there</p>", users: [] },
  { input: "(@**King Hamlet**)", html: '<p>(<span class="user-mention" data-user-id="10">@King Hamlet</span>)</p>', users: [10] },
  { input: ".@**King Hamlet**", html: "<p>.@<strong>King Hamlet</strong></p>", users: [] },
  { input: "@aaron test", html: "<p>@aaron test</p>", users: [] },
  {
    input: "@**all** test",
    html: '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> test</p>',
    wildcard: "all",
  },
  {
    input: "@**everyone**",
    html: '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@everyone</span></p>',
    wildcard: "all",
  },
  {
    input: "@**channel**",
    html: '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@channel</span></p>',
    wildcard: "all",
  },
  { input: "@**topic** test", html: '<p><span class="topic-mention">@topic</span> test</p>', wildcard: "topic" },
  {
    input: "@_**all**",
    html: '<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>',
    wildcard: null,
  },
  {
    input: "@*support* and @*backend*, check this out",
    html:
      '<p><span class="user-group-mention" data-user-group-id="30">@support</span> and ' +
      '<span class="user-group-mention" data-user-group-id="31">@backend</span>, check this out</p>',
    groups: [30, 31],
  },
  { input: "@_*support*", html: '<p><span class="user-group-mention silent" data-user-group-id="30">support</span></p>', groups: [] },
  { input: "@*retired*", html: '<p><span class="user-group-mention silent" data-user-group-id="32">retired</span></p>', groups: [] },
  { input: "Hey @*Nonexistent group*", html: "<p>Hey @<em>Nonexistent group</em></p>", groups: [] },
  {
    input: "> @**King Hamlet** and @*support* said\n> hi",
    html:
      '<blockquote>\n<p><span class="user-mention silent" data-user-id="10">King Hamlet</span> and ' +
      '<span class="user-group-mention silent" data-user-group-id="30">support</span> said<br>\nhi</p>\n</blockquote>',
    users: [],
    groups: [],
  },
  {
    input: "```quote\n@**King Hamlet**\n```",
    html: '<blockquote>\n<p><span class="user-mention silent" data-user-id="10">King Hamlet</span></p>\n</blockquote>',
    users: [],
  },
];

describe("mentions", () => {
  for (const c of CASES) {
    it(JSON.stringify(c.input), () => {
      const r = renderMarkdown(c.input, ctx);
      assert.equal(r.html, c.html);
      if (c.users) assert.deepEqual([...r.mentionedUserIds].sort(), c.users);
      if (c.groups) assert.deepEqual([...r.mentionedGroupIds].sort(), c.groups);
      if (c.wildcard !== undefined) assert.equal(r.wildcardMention, c.wildcard);
    });
  }

  it("reports both wildcard kinds", () => {
    const r = renderMarkdown("@**all** and @**topic**", ctx);
    assert.equal(r.mentionsStreamWildcard, true);
    assert.equal(r.mentionsTopicWildcard, true);
    assert.equal(r.wildcardMention, "all");
  });
});

const LINKS: [string, string][] = [
  ["#**Denmark**", '<p><a class="stream" data-stream-id="1" href="/#narrow/channel/1-Denmark">#Denmark</a></p>'],
  ["#**Rome City**", '<p><a class="stream" data-stream-id="9" href="/#narrow/channel/9-Rome-City">#Rome City</a></p>'],
  [
    "Look to #**Denmark** and #**Scotland**, there something",
    '<p>Look to <a class="stream" data-stream-id="1" href="/#narrow/channel/1-Denmark">#Denmark</a> and ' +
      '<a class="stream" data-stream-id="3" href="/#narrow/channel/3-Scotland">#Scotland</a>, there something</p>',
  ],
  [
    "#**Denmark>some topic.x**",
    '<p><a class="stream-topic" data-stream-id="1" href="/#narrow/channel/1-Denmark/topic/some.20topic.2Ex">#Denmark &gt; some topic.x</a></p>',
  ],
  [
    "#**Denmark>t@123**",
    '<p><a class="message-link" href="/#narrow/channel/1-Denmark/topic/t/near/123">#Denmark &gt; t @ 💬</a></p>',
  ],
  ["#**Nope**", "<p>#<strong>Nope</strong></p>"],
];

describe("channel, topic and message links", () => {
  for (const [input, html] of LINKS) {
    it(JSON.stringify(input), () => assert.equal(renderMarkdown(input, ctx).html, html));
  }

  it("counts channel links as links", () => {
    assert.equal(renderMarkdown("#**Denmark**", ctx).hasLink, true);
  });
});
