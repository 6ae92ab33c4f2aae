import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { decodeHashComponent, encodeHashComponent, hashToNarrow, narrowToHash } from "../src/narrow/hash.js";
import { matchesNarrow, narrowKey } from "../src/narrow/narrow.js";

const names = { channelName: (id: number) => ({ 42: "design", 7: "Launch team" })[id], userName: (id: number) => ({ 9: "Grace Hopper" })[id] };
const byName = (name: string) => ({ design: 42, "launch team": 7 })[name.toLowerCase()];
const ME = 3;

describe("Zulip URL fragments", () => {
  it("encodes parts as Zulip's hash_util does: % becomes a dot, dots and brackets are escaped", () => {
    assert.equal(encodeHashComponent("launch plan"), "launch.20plan");
    assert.equal(encodeHashComponent("v1.2 (beta)"), "v1.2E2.20.28beta.29");
    assert.equal(encodeHashComponent("café/ü"), "caf.C3.A9.2F.C3.BC");
    for (const text of ["launch plan", "v1.2 (beta)", "café/ü", "100% done", ""]) assert.equal(decodeHashComponent(encodeHashComponent(text)), text);
    assert.equal(decodeHashComponent(".E0.A4"), ".E0.A4", "a broken escape is kept as it is");
  });

  it("writes the fragments Zulip's web app writes", () => {
    assert.equal(narrowToHash({}, names), "#feed");
    assert.equal(narrowToHash({ channelId: 42 }, names), "#narrow/channel/42-design");
    assert.equal(narrowToHash({ channelId: 7, topic: "launch plan" }, names), "#narrow/channel/7-Launch-team/topic/launch.20plan");
    assert.equal(narrowToHash({ channelId: 42, topic: "x", near: 123 }, names), "#narrow/channel/42-design/topic/x/near/123");
    assert.equal(narrowToHash({ dm: [9] }, names), "#narrow/dm/9-Grace-Hopper");
    assert.equal(narrowToHash({ dm: [9, 11] }, names), "#narrow/dm/9,11-group");
    assert.equal(narrowToHash({ is: "starred" }, names), "#narrow/is/starred");
    assert.equal(narrowToHash({ near: 5 }, names), "#narrow/near/5");
  });

  it("reads them back, with the legacy stream, pm-with and subject forms", () => {
    assert.deepEqual(hashToNarrow("#narrow/channel/42-design/topic/launch.20plan", byName, ME), { channelId: 42, topic: "launch plan" });
    assert.deepEqual(hashToNarrow("#narrow/stream/42-design/subject/launch.20plan/near/77", byName, ME), { channelId: 42, topic: "launch plan", near: 77 });
    assert.deepEqual(hashToNarrow("#narrow/stream/Launch.20team", byName, ME), { channelId: 7 });
    assert.deepEqual(hashToNarrow("#narrow/dm/11,9,3-group", byName, ME), { dm: [9, 11] });
    assert.deepEqual(hashToNarrow("#narrow/pm-with/9-grace", byName, ME), { dm: [9] });
    assert.deepEqual(hashToNarrow("#narrow/dm/3-me", byName, ME), { dm: [] });
    assert.deepEqual(hashToNarrow("#narrow/is/mentioned", byName, ME), { is: "mentioned" });
    assert.deepEqual(hashToNarrow("#narrow/near/12", byName, ME), { near: 12 });
    assert.deepEqual(hashToNarrow("", byName, ME), {});
    assert.deepEqual(hashToNarrow("#feed", byName, ME), {});
    assert.equal(hashToNarrow("#narrow/channel/nowhere", byName, ME), null);
    assert.deepEqual(hashToNarrow("#narrow/search/x", byName, ME), { terms: [{ operator: "search", operand: "x" }] });
    assert.equal(hashToNarrow("#narrow/bogus/x", byName, ME), null);
    assert.equal(hashToNarrow("#settings", byName, ME), null);
  });
});

describe("narrows", () => {
  const channelMessage = { type: "stream", stream_id: 42, subject: "Launch Plan", flags: [], display_recipient: "design" } as any;
  const dm = { type: "private", flags: ["mentioned"], display_recipient: [{ id: 3 }, { id: 11 }, { id: 9 }] } as any;

  it("match new messages as the server's narrow filter would", () => {
    assert.ok(matchesNarrow({}, channelMessage, ME));
    assert.ok(matchesNarrow({ channelId: 42, topic: "launch plan" }, channelMessage, ME), "topics compare without case");
    assert.ok(!matchesNarrow({ channelId: 42, topic: "other" }, channelMessage, ME));
    assert.ok(!matchesNarrow({ channelId: 7 }, channelMessage, ME));
    assert.ok(matchesNarrow({ dm: [9, 11] }, dm, ME));
    assert.ok(!matchesNarrow({ dm: [9] }, dm, ME));
    assert.ok(matchesNarrow({ is: "mentioned" }, dm, ME));
    assert.ok(!matchesNarrow({ is: "starred" }, dm, ME));
  });

  it("key views by what they hold: near and topic case do not make another view", () => {
    assert.equal(narrowKey({ channelId: 42, topic: "Launch", near: 4 }), narrowKey({ channelId: 42, topic: "launch" }));
    assert.notEqual(narrowKey({ channelId: 42 }), narrowKey({ channelId: 42, topic: "launch" }));
  });
});
