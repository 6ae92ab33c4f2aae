import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { nextEvents, registerQueue } from "../events/support.js";

describe("DELETE /streams/{stream_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let id: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    id = (await t.call(owner, "POST", "/channels/create", { name: "old", subscribers: [owner.id, member.id], is_default_stream: true })).body.id;
  });
  after(() => t.close());

  it("refuses members who do not administer the channel", async () => {
    assert.equal((await t.call(member, "DELETE", `/streams/${id}`)).body.code, "CANNOT_ADMINISTER_CHANNEL");
  });

  it("archives the channel, which leaves the default channels", async () => {
    assert.equal((await t.call(owner, "DELETE", `/streams/${id}`)).status, 200);
    const channel = (await t.call(owner, "GET", `/streams/${id}`)).body.stream;
    assert.equal(channel.is_archived, true);
    const listed = (await t.call(owner, "GET", "/streams", { include_default: true, exclude_archived: false })).body.streams;
    assert.equal(listed.find((s: any) => s.stream_id === id).is_default, false);
  });

  it("unarchives through PATCH is_archived=false", async () => {
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { is_archived: true })).body, badRequest("Invalid parameters"));
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { is_archived: false })).status, 200);
    assert.equal((await t.call(owner, "GET", `/streams/${id}`)).body.stream.is_archived, false);
  });
});

describe("archiving a channel held by default channel groups", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
  });
  after(() => t.close());

  const create = async (name: string) => (await t.call(owner, "POST", "/channels/create", { name, subscribers: [owner.id] })).body.id as number;
  const groups = async () => (await t.call(owner, "POST", "/register", { fetch_event_types: ["default_stream_groups"] })).body.realm_default_stream_groups;

  it("takes it out of every group, one default_stream_groups event per group as Zulip's do_deactivate_stream", async () => {
    const [old, keep] = [await create("old"), await create("keep")];
    for (const group_name of ["Second", "First"]) {
      assert.equal((await t.call(owner, "POST", "/default_stream_groups/create", { group_name, description: "", stream_names: ["old", "keep"] })).status, 200);
    }
    const [first, second] = await groups();
    assert.equal(first.name, "First");
    const queue = await registerQueue(t, member, { event_types: ["default_stream_groups", "stream"] });

    assert.equal((await t.call(owner, "DELETE", `/streams/${old}`)).status, 200);

    assert.deepEqual(await groups(), [
      { ...first, streams: [keep] },
      { ...second, streams: [keep] },
    ]);
    const events = (await nextEvents(t, member, queue)).map(({ id: _id, ...e }) => e);
    // Groups are emptied in the order they were created ("Second" first); each event lists them all.
    assert.deepEqual(events.filter((e) => e.type === "default_stream_groups"), [
      { type: "default_stream_groups", default_stream_groups: [first, { ...second, streams: [keep] }] },
      { type: "default_stream_groups", default_stream_groups: [{ ...first, streams: [keep] }, { ...second, streams: [keep] }] },
    ]);
    assert.deepEqual(events.map((e) => `${e.type}/${e.op ?? ""}`), ["default_stream_groups/", "default_stream_groups/", "stream/delete"]);
  });

  it("leaves a channel that no group holds with no default_stream_groups event", async () => {
    const lone = await create("lone");
    const queue = await registerQueue(t, member, { event_types: ["default_stream_groups", "stream"] });
    assert.equal((await t.call(owner, "DELETE", `/streams/${lone}`)).status, 200);
    assert.deepEqual((await nextEvents(t, member, queue)).map((e) => `${e.type}/${e.op ?? ""}`), ["stream/delete"]);
  });
});
