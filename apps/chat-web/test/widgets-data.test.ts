import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { widgetEvents, widgetOf, type Poll, type Todo } from "../src/widgets/data.js";

// Submessages as the chat server stores them: the widget in Python's json.dumps form, then events.
const widget = (content: string) => ({ id: 1, sender_id: 10, msg_type: "widget", content });
const event = (id: number, sender: number, content: unknown) => ({ id, sender_id: sender, msg_type: "widget", content: JSON.stringify(content) });

describe("poll and to-do widget state", () => {
  it("tallies votes, which toggle, and options anyone adds", () => {
    const subs = [
      widget('{"widget_type": "poll", "extra_data": {"question": "Lunch?", "options": ["Pizza", "Sushi"]}}'),
      event(2, 11, { type: "vote", key: "canned,0", vote: 1 }),
      event(3, 12, { type: "vote", key: "canned,0", vote: 1 }),
      event(4, 11, { type: "vote", key: "canned,0", vote: -1 }),
      event(5, 12, { type: "new_option", idx: 0, option: "Tacos" }),
      event(6, 11, { type: "vote", key: "12,0", vote: 1 }),
      event(7, 11, { type: "question", question: "Not yours to change" }),
      event(8, 10, { type: "question", question: "Lunch today?" }),
    ];
    // Out of order on arrival: the ids decide.
    const poll = widgetOf(10, [...subs].reverse()) as Poll;
    assert.equal(poll.question, "Lunch today?");
    assert.deepEqual(poll.options.map((o) => [o.key, o.option, o.voters]), [["canned,0", "Pizza", [12]], ["canned,1", "Sushi", []], ["12,0", "Tacos", [11]]]);
    assert.deepEqual(widgetEvents.vote(poll.options[0]!, 12), { type: "vote", key: "canned,0", vote: -1 });
    assert.deepEqual(widgetEvents.newOption(poll, 12, "Soup"), { type: "new_option", idx: 1, option: "Soup" });
  });

  it("ticks tasks, ignores repeated task names and keeps the title the author set", () => {
    const todo = widgetOf(10, [
      widget('{"widget_type": "todo", "extra_data": {"task_list_title": "Trip", "tasks": [{"task": "Tickets", "desc": "by Friday"}]}}'),
      event(2, 11, { type: "new_task", key: 0, task: "Pack", desc: "", completed: false }),
      event(3, 12, { type: "new_task", key: 0, task: "Pack", desc: "again", completed: false }),
      event(4, 12, { type: "strike", key: "0,canned" }),
      event(5, 11, { type: "strike", key: "0,11" }),
      event(6, 11, { type: "strike", key: "0,11" }),
      event(7, 11, { type: "new_task_list_title", title: "Hijacked" }),
    ]) as Todo;
    assert.equal(todo.title, "Trip");
    assert.deepEqual(todo.tasks.map((t) => [t.key, t.task, t.desc, t.completed]), [["0,canned", "Tickets", "by Friday", true], ["0,11", "Pack", "", false]]);
    assert.deepEqual(widgetEvents.newTask(todo, 11, "Passport", ""), { type: "new_task", key: 1, task: "Passport", desc: "", completed: false });
  });

  it("finds no widget on plain messages", () => {
    assert.equal(widgetOf(10, []), undefined);
    assert.equal(widgetOf(10, [event(1, 10, { anything: 1 })]), undefined);
  });
});
