import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, registerQueue, type Capture } from "../events/support.js";
import { createChannel } from "./messages-support.js";

describe("drafts: GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let other: Account;
  let channelId: number;
  let secretId: number;
  let notices: Capture;
  const now = Math.floor(Date.parse("2025-01-15T12:00:00Z") / 1000);

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    other = await t.user(owner);
    channelId = await createChannel(t, owner, "general", [owner, member]);
    secretId = await createChannel(t, owner, "secret", [owner], { invite_only: true });
    notices = capture(t);
  });
  after(() => t.close());

  it("creates drafts in order, normalizes them and tells the user's clients", async () => {
    await t.deps.events.flush();
    notices.clear();
    const drafts = [
      { type: "stream", to: [channelId], topic: "sync drafts", content: "  Let's add it.  ", timestamp: 1595479019 },
      { type: "private", to: [other.id, member.id], topic: "ignored", content: "psst", timestamp: 1595479020.5 },
      { type: "private", to: [], topic: "", content: "nobody yet" },
    ];
    const res = await t.call(member, "POST", "/drafts", { drafts });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const ids = res.body.ids as number[];
    assert.equal(ids.length, 3);
    const expected = [
      { id: ids[0], type: "stream", to: [channelId], topic: "sync drafts", content: "Let's add it.", timestamp: 1595479019 },
      { id: ids[1], type: "private", to: [other.id], topic: "", content: "psst", timestamp: 1595479020 },
      { id: ids[2], type: "", to: [], topic: "", content: "nobody yet", timestamp: now },
    ];
    await t.deps.events.flush();
    const [notice] = notices.of("drafts", "add");
    assert.deepEqual(notice!.event, { type: "drafts", op: "add", drafts: expected });
    assert.deepEqual(notice!.users, [member.id]);
    const list = await t.call(member, "GET", "/drafts");
    assert.deepEqual(list.body, { result: "success", msg: "", count: 3, drafts: [expected[2], expected[1], expected[0]] });
    const queue = await registerQueue(t, member, { fetch_event_types: ["drafts"] });
    assert.deepEqual(queue.state.drafts, [expected[2], expected[1], expected[0]]);
    assert.deepEqual((await t.call(other, "GET", "/drafts")).body.drafts, []);
  });

  it("keeps a note to self as a draft to oneself", async () => {
    const res = await t.call(member, "POST", "/drafts", { drafts: [{ type: "private", to: [member.id], topic: "", content: "note" }] });
    const { drafts } = (await t.call(member, "GET", "/drafts")).body;
    assert.deepEqual(drafts.find((d: any) => d.id === res.body.ids[0]).to, [member.id]);
  });

  it("refuses malformed drafts with Zulip's messages", async () => {
    const base = { type: "stream", to: [channelId], topic: "t", content: "c" };
    const cases: [unknown, string][] = [
      [[{ ...base, to: [channelId, channelId] }], "Must specify exactly 1 channel ID for channel messages"],
      [[{ ...base, to: [secretId] }], "Invalid channel ID"],
      [[{ ...base, to: [9999] }], "Invalid channel ID"],
      [[{ ...base, type: "direct" }], 'Invalid drafts[0]["type"]'],
      [[{ ...base, content: "   " }], 'drafts[0]["content"] cannot be blank'],
      [[{ ...base, timestamp: -1 }], "Timestamp must not be negative."],
      [[{ ...base, extra: 1 }], 'Argument "extra" at drafts[0] is unexpected'],
      [[{ type: "stream", to: [channelId], content: "c" }], 'drafts[0]["topic"] field is missing'],
      [[{ ...base, type: "private", to: [9999] }], "Invalid user ID 9999"],
      [[{ ...base, topic: "a\u0000b" }], "Topic must not contain null bytes"],
      [{ not: "a list" }, "drafts is not a list"],
    ];
    for (const [drafts, msg] of cases) {
      const res = await t.call(member, "POST", "/drafts", { drafts });
      assert.deepEqual([res.status, res.body], [400, badRequest(msg)], JSON.stringify(drafts));
    }
    assert.equal((await t.call(member, "POST", "/drafts", {})).body.code, "REQUEST_VARIABLE_MISSING");
  });

  it("edits a draft, replacing it whole", async () => {
    const { ids } = (await t.call(member, "POST", "/drafts", { drafts: [{ type: "stream", to: [channelId], topic: "a", content: "b", timestamp: 100 }] })).body;
    await t.deps.events.flush();
    notices.clear();
    const draft = { type: "private", to: [owner.id], topic: "", content: "changed", timestamp: 200 };
    const res = await t.call(member, "PATCH", `/drafts/${ids[0]}`, { draft });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    await t.deps.events.flush();
    assert.deepEqual(notices.of("drafts", "update")[0]!.event, { type: "drafts", op: "update", draft: { id: ids[0], ...draft } });
    const { drafts } = (await t.call(member, "GET", "/drafts")).body;
    assert.deepEqual(drafts.find((d: any) => d.id === ids[0]), { id: ids[0], ...draft });
  });

  it("deletes a draft and answers 404 for drafts that are not the user's", async () => {
    const { ids } = (await t.call(member, "POST", "/drafts", { drafts: [{ type: "", to: [], topic: "", content: "bye" }] })).body;
    await t.deps.events.flush();
    notices.clear();
    const stranger = await t.call(other, "DELETE", `/drafts/${ids[0]}`);
    assert.deepEqual([stranger.status, stranger.body], [404, badRequest("Draft does not exist")]);
    const patch = await t.call(other, "PATCH", `/drafts/${ids[0]}`, { draft: { type: "", to: [], topic: "", content: "x" } });
    assert.deepEqual([patch.status, patch.body], [404, badRequest("Draft does not exist")]);
    assert.equal((await t.call(member, "DELETE", `/drafts/${ids[0]}`)).status, 200);
    await t.deps.events.flush();
    assert.deepEqual(notices.of("drafts", "remove")[0]!.event, { type: "drafts", op: "remove", draft_id: ids[0] });
    assert.equal((await t.call(member, "DELETE", `/drafts/${ids[0]}`)).status, 404);
  });

  it("refuses every draft endpoint while synchronization is off, and drops stored drafts when it is turned off", async () => {
    assert.ok((await t.call(member, "GET", "/drafts")).body.count > 0);
    assert.equal((await t.call(member, "PATCH", "/settings", { enable_drafts_synchronization: false })).status, 200);
    const refused = badRequest("User has disabled synchronizing drafts.");
    assert.deepEqual((await t.call(member, "GET", "/drafts")).body, refused);
    assert.deepEqual((await t.call(member, "POST", "/drafts", { drafts: [] })).body, refused);
    assert.deepEqual((await t.call(member, "PATCH", "/drafts/1", { draft: {} })).body, refused);
    assert.deepEqual((await t.call(member, "DELETE", "/drafts/1")).body, refused);
    assert.deepEqual((await registerQueue(t, member, { fetch_event_types: ["drafts"] })).state.drafts, []);
    await t.call(member, "PATCH", "/settings", { enable_drafts_synchronization: true });
    assert.deepEqual((await t.call(member, "GET", "/drafts")).body.drafts, []);
  });
});
