import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Account, ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";

describe("notification-bot notices after topic and channel moves", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let general: number;
  let archive: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    general = await createChannel(t, owner, "general", [owner, alice]);
    archive = await createChannel(t, owner, "archive", [owner, alice]);
  });
  after(() => t.close());

  const topic = async (channel: number, name: string) => (await fetchMessages(t, owner, [{ operator: "channel", operand: channel }, { operator: "topic", operand: name }])).messages;
  const raw = async (id: number) => (await t.call(owner, "GET", `/messages/${id}`)).body.raw_content;
  const mention = () => `@_**Olivia Owner|${owner.id}**`;

  it("moves a whole topic to another channel with notices in both threads", async () => {
    const first = await sendToChannel(t, alice, "general", "plans", "one");
    await sendToChannel(t, alice, "general", "plans", "two");
    const res = await t.call(owner, "PATCH", `/messages/${first}`, { stream_id: archive, propagate_mode: "change_all", send_notification_to_old_thread: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const moved = await topic(archive, "plans");
    assert.equal(moved.length, 3);
    const notice = moved[2];
    assert.equal(notice.sender_full_name, "Notification Bot");
    assert.equal(await raw(notice.id), `This topic was moved here from #**general>plans** by ${mention()}.`);
    assert.ok(notice.flags.includes("read"), "the mover has the notice read");
    const left = await topic(general, "plans");
    assert.equal(left.length, 1);
    assert.equal(await raw(left[0].id), `This topic was moved to #**archive>plans** by ${mention()}.`);
  });

  it("counts the messages of a partial move and links a single moved message", async () => {
    const ids = [];
    for (const c of ["a", "b", "c"]) ids.push(await sendToChannel(t, alice, "general", "split", c));
    await sendToChannel(t, alice, "general", "target", "already here");
    const res = await t.call(owner, "PATCH", `/messages/${ids[1]}`, { topic: "target", propagate_mode: "change_later", send_notification_to_old_thread: true });
    assert.equal(res.status, 200);
    const target = await topic(general, "target");
    assert.equal(await raw(target[target.length - 1].id), `2 messages were moved here from #**general>split** by ${mention()}.`);
    const split = await topic(general, "split");
    assert.equal(await raw(split[split.length - 1].id), `2 messages were moved from this topic to #**general>target** by ${mention()}.`);

    await t.call(owner, "PATCH", `/messages/${ids[0]}`, { topic: "target", propagate_mode: "change_one", send_notification_to_old_thread: true });
    const after = await topic(general, "target");
    assert.match(await raw(after[after.length - 1].id), new RegExp(`^\\[A message\\]\\(http[^)]*/near/${ids[0]}\\) was moved here from #\\*\\*general>split\\*\\* by `));
    const old = await topic(general, "split");
    assert.equal(await raw(old[old.length - 1].id), `A message was moved from this topic to #**general>target** by ${mention()}.`);
  });

  it("sends nothing when asked for no notices, and none to the new thread when resolving", async () => {
    const id = await sendToChannel(t, alice, "general", "quiet", "shh");
    await t.call(owner, "PATCH", `/messages/${id}`, { topic: "silent", propagate_mode: "change_all", send_notification_to_new_thread: false });
    assert.equal((await topic(general, "silent")).length, 1);
    await t.call(owner, "PATCH", `/messages/${id}`, { topic: "✔ silent", propagate_mode: "change_all" });
    // Only the resolve notice (resolve-topic.test.ts), no "moved here" one.
    const resolved = await topic(general, "✔ silent");
    assert.equal(resolved.length, 2);
    assert.equal(await raw(resolved[1].id), `${mention()} has marked this topic as resolved.`);
  });

  it("falls back to a Markdown link for names the #**…** syntax cannot hold", async () => {
    const id = await sendToChannel(t, alice, "general", "a*b", "star");
    await t.call(owner, "PATCH", `/messages/${id}`, { topic: "plain", propagate_mode: "change_all" });
    const moved = await topic(general, "plain");
    assert.equal(await raw(moved[1].id), `This topic was moved here from [#general > a&#42;b](#narrow/channel/${general}-general/topic/a*b) by ${mention()}.`);
  });
});
