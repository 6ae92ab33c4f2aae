// Zulip's message widgets: a message starting with /poll or /todo carries a "widget" submessage
// with the widget's initial data, and readers change the widget by posting submessages whose
// content the server checks (zerver/lib/widget.py and validate_poll_data/validate_todo_data in
// zerver/lib/validator.py, with their messages).

export const WIDGET_TYPES = ["poll", "todo"] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Highest option or task index the web app's widgets use (Zulip's MAX_IDX). */
export const MAX_IDX = 1000;

export interface WidgetContent {
  widget_type: WidgetType;
  extra_data: Record<string, unknown>;
}

// Python's str.splitlines: every line boundary it knows, no trailing empty line.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
function splitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** A list item's text without its "-" or "*" bullet. */
const unbullet = (line: string) => line.trim().replace(/^\s*[-*]?\s*/, "");

function pollData(rest: string): Record<string, unknown> {
  const lines = splitLines(rest);
  let question = "";
  if (lines.length && lines[0]) question = lines.shift()!.trim();
  const options = lines.map(unbullet).filter((option) => option.length > 0);
  return { question, options };
}

function todoData(rest: string): Record<string, unknown> {
  const lines = splitLines(rest);
  let title = "";
  if (lines.length && lines[0]) title = lines.shift()!.trim();
  const tasks: { task: string; desc: string }[] = [];
  for (const line of lines) {
    const item = unbullet(line);
    if (!item) continue;
    // A task and its optional description are separated by the first ": ".
    const at = item.indexOf(": ");
    tasks.push(at < 0 ? { task: item.trim(), desc: "" } : { task: item.slice(0, at).trim(), desc: item.slice(at + 2).trim() });
  }
  return { task_list_title: title, tasks };
}

/** The widget a message's content starts, if any (Zulip's get_widget_data). */
export function widgetOf(content: string): WidgetContent | undefined {
  const first = content.split(/\s+/, 1)[0]!;
  if (!first.startsWith("/")) return undefined;
  const type = first.slice(1);
  if (!(WIDGET_TYPES as readonly string[]).includes(type)) return undefined;
  const rest = content.replace(first, "");
  return { widget_type: type as WidgetType, extra_data: type === "poll" ? pollData(rest) : todoData(rest) };
}

/** JSON as Python's json.dumps writes it (", " and ": " separators, non-ASCII escaped), as Zulip stores widget content. */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (typeof value === "number" || typeof value === "boolean") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pythonJsonDumps(k)}: ${pythonJsonDumps(v)}`)
    .join(", ")}}`;
}

/** A submessage the server refuses, with Zulip's message. */
export class WidgetDataError extends Error {}

type Check = (value: unknown, name: string) => void;
const fail = (message: string): never => {
  throw new WidgetDataError(message);
};
// compat: Python's isinstance(x, int) accepts booleans, so Zulip does too.
const isInt = (v: unknown) => typeof v === "boolean" || (typeof v === "number" && Number.isInteger(v));
const checkString: Check = (v, name) => void (typeof v === "string" || fail(`${name} is not a string`));
const checkBool: Check = (v, name) => void (typeof v === "boolean" || fail(`${name} is not a boolean`));
const checkIntIn =
  (values: number[]): Check =>
  (v, name) => {
    if (!isInt(v)) fail(`${name} is not an integer`);
    if (!values.includes(Number(v))) fail(`Invalid ${name}`);
  };
const checkIntRange =
  (low: number, high: number): Check =>
  (v, name) => {
    if (!isInt(v)) fail(`${name} is not an integer`);
    if (Number(v) < low) fail(`${name} is too small`);
    if (Number(v) > high) fail(`${name} is too large`);
  };

/** Zulip's check_dict_only: every listed key present and valid, no other key. */
function checkDictOnly(name: string, value: Record<string, unknown>, keys: [string, Check][]): void {
  for (const [key, check] of keys) {
    if (!(key in value)) fail(`${key} key is missing from ${name}`);
    check(value[key], `${name}["${key}"]`);
  }
  const extra = Object.keys(value).filter((key) => !keys.some(([k]) => k === key));
  if (extra.length) fail(`Unexpected arguments: ${extra.join(", ")}`);
}

function typed(name: string, value: unknown): Record<string, unknown> & { type: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(`${name} is not a dict`);
  const dict = value as Record<string, unknown>;
  if (!("type" in dict)) fail(`type key is missing from ${name}`);
  checkString(dict.type, `${name}["type"]`);
  return dict as Record<string, unknown> & { type: string };
}

export function checkPollData(value: unknown, isWidgetAuthor: boolean): void {
  const data = typed("poll data", value);
  if (data.type === "vote") return checkDictOnly("poll data", data, [["type", checkString], ["key", checkString], ["vote", checkIntIn([1, -1])]]);
  if (data.type === "question") {
    if (!isWidgetAuthor) fail("You can't edit a question unless you are the author.");
    return checkDictOnly("poll data", data, [["type", checkString], ["question", checkString]]);
  }
  if (data.type === "new_option") return checkDictOnly("poll data", data, [["type", checkString], ["option", checkString], ["idx", checkIntRange(0, MAX_IDX)]]);
  fail(`Unknown type for poll data: ${data.type}`);
}

export function checkTodoData(value: unknown, isWidgetAuthor: boolean): void {
  const data = typed("todo data", value);
  if (data.type === "new_task") {
    return checkDictOnly("todo data", data, [["type", checkString], ["key", checkIntRange(0, MAX_IDX)], ["task", checkString], ["desc", checkString], ["completed", checkBool]]);
  }
  if (data.type === "strike") return checkDictOnly("todo data", data, [["type", checkString], ["key", checkString]]);
  if (data.type === "new_task_list_title") {
    if (!isWidgetAuthor) fail("You can't edit the task list title unless you are the author.");
    return checkDictOnly("todo data", data, [["type", checkString], ["title", checkString]]);
  }
  fail(`Unknown type for todo data: ${data.type}`);
}
