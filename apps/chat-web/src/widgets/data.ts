// The state of a message's /poll or /todo widget, rebuilt from its submessages the way Zulip's
// web app reads them (web/shared/src/poll_data.ts and todo_widget.ts): the first "widget"
// submessage gives the type and initial data, each later one an event from its sender.
// Pure data: the components in widgets.tsx draw it.

export interface Submessage {
  id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

export interface PollOption {
  /** "<sender id>,<index>", or "canned,<index>" for the options the message listed */
  key: string;
  option: string;
  voters: number[];
}

export interface Poll {
  type: "poll";
  question: string;
  options: PollOption[];
}

export interface TodoTask {
  /** "<index>,<sender id>", or "<index>,canned" for the tasks the message listed */
  key: string;
  task: string;
  desc: string;
  completed: boolean;
}

export interface Todo {
  type: "todo";
  title: string;
  tasks: TodoTask[];
}

export type Widget = Poll | Todo;

const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};
const str = (v: unknown) => (typeof v === "string" ? v : "");

function poll(extra: Record<string, unknown>, ownerId: number, events: Submessage[]): Poll {
  const options = new Map<string, PollOption>();
  const add = (key: string, option: string) => {
    if (!options.has(key)) options.set(key, { key, option, voters: [] });
  };
  (Array.isArray(extra.options) ? extra.options : []).forEach((o, i) => add(`canned,${i}`, str(o)));
  let question = str(extra.question);
  for (const s of events) {
    const e = parse(s.content);
    if (!e) continue;
    if (e.type === "new_option" && typeof e.idx === "number") add(`${s.sender_id},${e.idx}`, str(e.option));
    // Only the poll's author may change the question (the server enforces it too).
    if (e.type === "question" && s.sender_id === ownerId) question = str(e.question);
    if (e.type === "vote") {
      const option = options.get(str(e.key));
      if (!option) continue;
      option.voters = option.voters.filter((id) => id !== s.sender_id);
      if (e.vote === 1) option.voters.push(s.sender_id);
    }
  }
  return { type: "poll", question, options: [...options.values()] };
}

function todo(extra: Record<string, unknown>, ownerId: number, events: Submessage[]): Todo {
  const tasks = new Map<string, TodoTask>();
  const add = (key: string, task: string, desc: string, completed: boolean) => {
    // A task name already on the list is not added twice.
    if (!task || [...tasks.values()].some((t) => t.task === task)) return;
    tasks.set(key, { key, task, desc, completed });
  };
  (Array.isArray(extra.tasks) ? extra.tasks : []).forEach((t, i) => add(`${i},canned`, str((t as Record<string, unknown>)?.task), str((t as Record<string, unknown>)?.desc), false));
  let title = str(extra.task_list_title);
  for (const s of events) {
    const e = parse(s.content);
    if (!e) continue;
    if (e.type === "new_task" && typeof e.key === "number") add(`${e.key},${s.sender_id}`, str(e.task), str(e.desc), e.completed === true);
    if (e.type === "strike") {
      const task = tasks.get(str(e.key));
      if (task) task.completed = !task.completed;
    }
    if (e.type === "new_task_list_title" && s.sender_id === ownerId) title = str(e.title);
  }
  return { type: "todo", title, tasks: [...tasks.values()] };
}

/** The widget of a message (its sender and submessages), or undefined for a plain message. */
export function widgetOf(senderId: number, submessages: Submessage[]): Widget | undefined {
  const sorted = [...submessages].sort((a, b) => a.id - b.id);
  const first = sorted[0];
  if (!first || first.msg_type !== "widget") return undefined;
  const spec = parse(first.content);
  const extra = (spec?.extra_data ?? {}) as Record<string, unknown>;
  const events = sorted.slice(1).filter((s) => s.msg_type === "widget");
  if (spec?.widget_type === "poll") return poll(extra, senderId, events);
  if (spec?.widget_type === "todo") return todo(extra, senderId, events);
  return undefined;
}

/** The next index for options or tasks this user adds (unique per sender, as keys need). */
export function nextIndex(widget: Widget, userId: number): number {
  const mine = widget.type === "poll" ? widget.options.map((o) => o.key.split(",")).filter(([who]) => who === String(userId)).map(([, i]) => Number(i)) : widget.tasks.map((t) => t.key.split(",")).filter(([, who]) => who === String(userId)).map(([i]) => Number(i));
  return mine.length ? Math.max(...mine) + 1 : 0;
}

/** What the user's click sends as a submessage's content. */
export const widgetEvents = {
  vote: (option: PollOption, userId: number) => ({ type: "vote", key: option.key, vote: option.voters.includes(userId) ? -1 : 1 }),
  newOption: (widget: Poll, userId: number, option: string) => ({ type: "new_option", idx: nextIndex(widget, userId), option }),
  question: (question: string) => ({ type: "question", question }),
  strike: (task: TodoTask) => ({ type: "strike", key: task.key }),
  newTask: (widget: Todo, userId: number, task: string, desc: string) => ({ type: "new_task", key: nextIndex(widget, userId), task, desc, completed: false }),
  title: (title: string) => ({ type: "new_task_list_title", title }),
};
