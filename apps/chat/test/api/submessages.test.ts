import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, sendDirect, sendToChannel } from "./messages-support.js";
import { nextEvents, registerQueue, withoutIds } from "../events/support.js";

describe("POST /submessage and /poll, /todo widgets", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let outsider: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    outsider = await t.user(owner, { name: "Outsider" });
    await createChannel(t, owner, "lunch", [owner, alice, bob], { invite_only: true });
  });
  after(() => t.close());

  const message = async (who: Account, id: number) => (await t.call(who, "GET", `/messages/${id}`)).body.message;
  const submit = (who: Account, messageId: unknown, content: unknown, msgType = "widget") =>
    t.call(who, "POST", "/submessage", { message_id: messageId, msg_type: msgType, content: typeof content === "string" ? content : JSON.stringify(content) });

  it("gives a /poll message its widget submessage with the question and options", async () => {
    const id = await sendToChannel(t, alice, "lunch", "plans", "/poll Where shall we eat?\n- Pizza\n* Sushi\n\n  Tacos  ");
    const m = await message(bob, id);
    assert.deepEqual(m.submessages, [
      {
        id: m.submessages[0].id,
        message_id: id,
        sender_id: alice.id,
        msg_type: "widget",
        // compat: stored as Python's json.dumps writes it.
        content: '{"widget_type": "poll", "extra_data": {"question": "Where shall we eat?", "options": ["Pizza", "Sushi", "Tacos"]}}',
      },
    ]);
  });

  it("gives a /todo message its task list, splitting descriptions at the first colon", async () => {
    const id = await sendDirect(t, alice, [bob], "/todo Trip\nTickets: book by Friday: latest\nPack");
    const [widget] = (await message(alice, id)).submessages;
    assert.deepEqual(JSON.parse(widget.content), {
      widget_type: "todo",
      extra_data: { task_list_title: "Trip", tasks: [{ task: "Tickets", desc: "book by Friday: latest" }, { task: "Pack", desc: "" }] },
    });
  });

  it("escapes non-ASCII text in the stored widget as Python does", async () => {
    const id = await sendDirect(t, alice, [bob], "/poll Café ☕?");
    assert.equal((await message(alice, id)).submessages[0].content, '{"widget_type": "poll", "extra_data": {"question": "Caf\\u00e9 \\u2615?", "options": []}}');
  });

  it("gives ordinary messages and unknown commands no submessages", async () => {
    for (const content of ["Just lunch", "/pollster", " /poll leading space", "/me waves"]) {
      const id = await sendDirect(t, alice, [bob], content);
      assert.deepEqual((await message(alice, id)).submessages, [], content);
    }
  });

  it("records votes from any reader and tells everyone who can see the message", async () => {
    const id = await sendToChannel(t, alice, "lunch", "votes", "/poll Dessert?\nCake\nFruit");
    const aliceQueue = await registerQueue(t, alice, { event_types: ["submessage"] });
    const ownerQueue = await registerQueue(t, owner, { event_types: ["submessage"] });
    const outsiderQueue = await registerQueue(t, outsider, { event_types: ["submessage"] });
    const vote = { type: "vote", key: "canned,0", vote: 1 };
    assert.deepEqual((await submit(bob, id, vote)).body, { result: "success", msg: "" });

    const [event] = withoutIds(await nextEvents(t, alice, aliceQueue));
    assert.deepEqual(event, { type: "submessage", msg_type: "widget", message_id: id, submessage_id: event.submessage_id, sender_id: bob.id, content: JSON.stringify(vote) });
    assert.equal((await nextEvents(t, owner, ownerQueue)).length, 1);
    assert.deepEqual(await nextEvents(t, outsider, outsiderQueue), []);

    // The vote is on the message from now on, after the widget, with the bytes Bob sent.
    const subs = (await message(owner, id)).submessages;
    assert.deepEqual(
      subs.map((s: any) => [s.sender_id, s.content]),
      [
        [alice.id, '{"widget_type": "poll", "extra_data": {"question": "Dessert?", "options": ["Cake", "Fruit"]}}'],
        [bob.id, JSON.stringify(vote)],
      ],
    );
    assert.equal(subs[1].id, event.submessage_id);
    // GET /messages shows the same list.
    const fetched = await t.call(bob, "GET", "/messages", { anchor: id, num_before: 0, num_after: 0 });
    assert.deepEqual(fetched.body.messages[0].submessages, subs);
  });

  it("lets only the author change the question or the task list title", async () => {
    const poll = await sendToChannel(t, alice, "lunch", "q", "/poll Tea?");
    assert.equal((await submit(alice, poll, { type: "question", question: "Coffee?" })).status, 200);
    assert.deepEqual((await submit(bob, poll, { type: "question", question: "Juice?" })).body, badRequest("You can't edit a question unless you are the author."));
    const todo = await sendToChannel(t, alice, "lunch", "t", "/todo Chores");
    assert.deepEqual((await submit(bob, todo, { type: "new_task_list_title", title: "Mine" })).body, badRequest("You can't edit the task list title unless you are the author."));
    assert.equal((await submit(bob, todo, { type: "new_task", key: 3, task: "Dishes", desc: "", completed: false })).status, 200);
    assert.equal((await submit(alice, todo, { type: "strike", key: `${bob.id},3` })).status, 200);
  });

  it("checks widget data with Zulip's messages", async () => {
    const poll = await sendToChannel(t, alice, "lunch", "checks", "/poll Check?");
    const todo = await sendToChannel(t, alice, "lunch", "checks", "/todo Check");
    const cases: [number, unknown, string][] = [
      [poll, { type: "vote", key: "canned,0", vote: 2 }, 'Invalid poll data["vote"]'],
      [poll, { type: "vote", key: 5, vote: 1 }, 'poll data["key"] is not a string'],
      [poll, { type: "vote", vote: 1 }, "key key is missing from poll data"],
      [poll, { type: "vote", key: "a", vote: 1, extra: true }, "Unexpected arguments: extra"],
      [poll, { type: "new_option", idx: 1001, option: "x" }, 'poll data["idx"] is too large'],
      [poll, { type: "new_option", idx: -1, option: "x" }, 'poll data["idx"] is too small'],
      [poll, { type: "launch" }, "Unknown type for poll data: launch"],
      [poll, [1, 2], "poll data is not a dict"],
      [poll, { kind: "vote" }, "type key is missing from poll data"],
      [todo, { type: "new_task", key: 1, task: "x", desc: "", completed: "no" }, 'todo data["completed"] is not a boolean'],
      [todo, { type: "strike" }, "key key is missing from todo data"],
      [todo, { type: "erase" }, "Unknown type for todo data: erase"],
    ];
    for (const [id, content, msg] of cases) assert.deepEqual((await submit(bob, id, content)).body, badRequest(msg), msg);
    assert.deepEqual((await submit(bob, poll, "{not json")).body, badRequest("Invalid json for submessage"));
  });

  it("refuses a first submessage from anyone but the message's sender", async () => {
    const plain = await sendToChannel(t, alice, "lunch", "plain", "No widget here");
    assert.deepEqual((await submit(bob, plain, { anything: 1 })).body, badRequest("You cannot attach a submessage to this message."));
    // The sender may start; then anyone may add, and content outside a widget is not checked.
    assert.equal((await submit(alice, plain, { anything: 1 })).status, 200);
    assert.equal((await submit(bob, plain, { anything: 2 }, "zform")).status, 200);
  });

  it("answers Invalid message(s) for messages the caller cannot see", async () => {
    const id = await sendToChannel(t, alice, "lunch", "private", "/poll Secret?");
    assert.deepEqual((await submit(outsider, id, { type: "vote", key: "canned,0", vote: 1 })).body, badRequest("Invalid message(s)"));
    assert.deepEqual((await submit(bob, 999999, { type: "vote", key: "canned,0", vote: 1 })).body, badRequest("Invalid message(s)"));
    assert.deepEqual((await submit(bob, "x", {})).body, badRequest("message_id is not valid JSON"));
    assert.deepEqual((await t.call(bob, "POST", "/submessage", { message_id: id, msg_type: "widget" })).body, { result: "error", msg: "Missing 'content' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "content" });
  });

  it("deletes a message's submessages with it", async () => {
    const id = await sendToChannel(t, alice, "lunch", "gone", "/poll Keep?");
    await submit(bob, id, { type: "vote", key: "canned,0", vote: 1 });
    assert.equal((await t.call(owner, "DELETE", `/messages/${id}`)).status, 200);
    const rows = await t.deps.db.selectFrom("submessages").select("id").where("message_id", "=", id).execute();
    assert.deepEqual(rows, []);
  });

  it("puts the widget on the message event that announces a /poll", async () => {
    const queue = await registerQueue(t, bob, { event_types: ["message"] });
    const id = await sendToChannel(t, alice, "lunch", "live", "/poll Now?\nYes");
    const [event] = await nextEvents(t, bob, queue);
    assert.equal(event.message.id, id);
    assert.deepEqual(JSON.parse(event.message.submessages[0].content).extra_data, { question: "Now?", options: ["Yes"] });
  });
});
