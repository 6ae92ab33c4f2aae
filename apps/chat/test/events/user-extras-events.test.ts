// The per-user events reach the right queues: user_status everyone's, drafts, saved_snippets
// and muted_users only the acting user's.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { nextEvents, registerQueue, withoutIds, type Queue } from "./support.js";

describe("user status, drafts, saved snippets and muted users events", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let mine: Queue;
  let theirs: Queue;
  const eventTypes = ["user_status", "drafts", "saved_snippets", "muted_users"];

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    mine = await registerQueue(t, member, { event_types: eventTypes, fetch_event_types: eventTypes });
    theirs = await registerQueue(t, owner, { event_types: eventTypes, fetch_event_types: eventTypes });
  });
  after(() => t.close());

  it("registers with each section in its initial shape", () => {
    assert.deepEqual([mine.state.user_status, mine.state.drafts, mine.state.saved_snippets, mine.state.muted_users], [{}, [], [], []]);
  });

  it("delivers a status change to every user and private changes to the user alone", async () => {
    await t.call(member, "POST", "/users/me/status", { status_text: "busy" });
    const draftId = (await t.call(member, "POST", "/drafts", { drafts: [{ type: "", to: [], topic: "", content: "later", timestamp: 5 }] })).body.ids[0];
    const snippetId = (await t.call(member, "POST", "/saved_snippets", { title: "hi", content: "hello" })).body.saved_snippet_id;
    await t.call(member, "POST", `/users/me/muted_users/${owner.id}`);
    const status = { type: "user_status", user_id: member.id, status_text: "busy" };
    const created = Math.floor(t.clock.now().getTime() / 1000);
    assert.deepEqual(withoutIds(await nextEvents(t, member, mine)), [
      status,
      { type: "drafts", op: "add", drafts: [{ id: draftId, type: "", to: [], topic: "", content: "later", timestamp: 5 }] },
      { type: "saved_snippets", op: "add", saved_snippet: { id: snippetId, title: "hi", content: "hello", date_created: created } },
      { type: "muted_users", muted_users: [{ id: owner.id, timestamp: created }] },
    ]);
    assert.deepEqual(withoutIds(await nextEvents(t, owner, theirs)), [status]);
  });

  it("shows the same state to a queue registered afterwards", async () => {
    const later = await registerQueue(t, member, { fetch_event_types: eventTypes });
    assert.deepEqual(later.state.user_status, { [member.id]: { status_text: "busy" } });
    assert.equal(later.state.drafts.length, 1);
    assert.equal(later.state.saved_snippets.length, 1);
    assert.deepEqual(later.state.muted_users.map((m: any) => m.id), [owner.id]);
  });
});
