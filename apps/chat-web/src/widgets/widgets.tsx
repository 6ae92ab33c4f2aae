// Poll and to-do widgets under a message: drawn from its submessages (data.ts), and each click
// sent back as a submessage through `send` (POST /json/submessage, msg_type "widget"). The
// state shown is always the server's: a click changes nothing until its submessage event
// arrives and the message's submessages grow.
import { useState } from "preact/hooks";
import { widgetEvents, widgetOf, type Poll, type Submessage, type Todo } from "./data";
import "./widgets.css";

export interface WidgetProps {
  senderId: number;
  submessages: Submessage[];
  myUserId: number;
  userName: (id: number) => string;
  send: (content: Record<string, unknown>) => void | Promise<void>;
}

function AddForm(props: { placeholder: string; button: string; onAdd: (text: string) => void }) {
  const [text, setText] = useState("");
  const submit = (e: Event) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) return;
    props.onAdd(value);
    setText("");
  };
  return (
    <form class="widget-add" onSubmit={submit}>
      <input value={text} placeholder={props.placeholder} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      <button type="submit" disabled={!text.trim()}>
        {props.button}
      </button>
    </form>
  );
}

function PollView({ poll, props }: { poll: Poll; props: WidgetProps }) {
  const mine = props.senderId === props.myUserId;
  const [editing, setEditing] = useState(false);
  return (
    <div class="widget widget-poll">
      <div class="widget-heading">
        {editing ? (
          <AddForm placeholder={poll.question || "Question"} button="Save" onAdd={(q) => (setEditing(false), props.send(widgetEvents.question(q)))} />
        ) : (
          <>
            <span class="widget-title">{poll.question || (mine ? "Add a question" : "Poll")}</span>
            {mine && (
              <button class="widget-link" onClick={() => setEditing(true)}>
                Edit
              </button>
            )}
          </>
        )}
      </div>
      <ul class="widget-options">
        {poll.options.map((option) => {
          const voted = option.voters.includes(props.myUserId);
          return (
            <li key={option.key}>
              <button class={voted ? "widget-vote voted" : "widget-vote"} aria-pressed={voted} onClick={() => props.send(widgetEvents.vote(option, props.myUserId))}>
                {option.voters.length}
              </button>
              <span class="widget-option">{option.option}</span>
              {option.voters.length > 0 && <span class="widget-voters">{option.voters.map(props.userName).join(", ")}</span>}
            </li>
          );
        })}
      </ul>
      <AddForm placeholder="New option" button="Add option" onAdd={(text) => props.send(widgetEvents.newOption(poll, props.myUserId, text))} />
    </div>
  );
}

function TodoView({ todo, props }: { todo: Todo; props: WidgetProps }) {
  return (
    <div class="widget widget-todo">
      <div class="widget-heading">
        <span class="widget-title">{todo.title || "Task list"}</span>
      </div>
      <ul class="widget-tasks">
        {todo.tasks.map((task) => (
          <li key={task.key} class={task.completed ? "done" : ""}>
            <label>
              <input type="checkbox" checked={task.completed} onChange={() => props.send(widgetEvents.strike(task))} />
              <strong>{task.task}</strong>
              {task.desc && <span class="widget-desc">: {task.desc}</span>}
            </label>
          </li>
        ))}
      </ul>
      <AddForm placeholder="New task" button="Add task" onAdd={(text) => {
        const at = text.indexOf(": ");
        props.send(at < 0 ? widgetEvents.newTask(todo, props.myUserId, text, "") : widgetEvents.newTask(todo, props.myUserId, text.slice(0, at), text.slice(at + 2)));
      }} />
    </div>
  );
}

/** The widget of a message, or nothing for a message without one. */
export function MessageWidget(props: WidgetProps) {
  const widget = widgetOf(props.senderId, props.submessages);
  if (!widget) return null;
  return widget.type === "poll" ? <PollView poll={widget} props={props} /> : <TodoView todo={widget} props={props} />;
}
