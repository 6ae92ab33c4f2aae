// The user's scheduled messages and message reminders (GET /json/scheduled_messages and
// /json/reminders), loaded when their list opens and kept by scheduled_messages and reminders
// events (add, update, remove), so that one scheduled, sent or deleted elsewhere (another tab,
// the server delivering it) changes the list at once. Soonest first.
import { signal } from "@preact/signals";
import { api } from "../api/client";

export interface Scheduled {
  scheduled_message_id: number;
  type: "stream" | "private";
  to: number | number[];
  topic?: string;
  content: string;
  rendered_content: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
}

export interface Reminder {
  reminder_id: number;
  content: string;
  rendered_content: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
  reminder_target_message_id: number;
}

/** null until loaded */
export const scheduledMessages = signal<readonly Scheduled[] | null>(null);
export const reminders = signal<readonly Reminder[] | null>(null);

const soonestFirst = <T extends { scheduled_delivery_timestamp: number }>(list: readonly T[]) => [...list].sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp);

export async function loadScheduled(): Promise<void> {
  const [s, r] = await Promise.all([api.get<{ scheduled_messages: Scheduled[] }>("/scheduled_messages"), api.get<{ reminders: Reminder[] }>("/reminders")]);
  scheduledMessages.value = soonestFirst(s.scheduled_messages);
  reminders.value = soonestFirst(r.reminders);
}

/** Adds or replaces items by id, and takes out the ids removed; a list not loaded is left to its fetch. */
function change<T extends { scheduled_delivery_timestamp: number }>(list: readonly T[] | null, idOf: (item: T) => number, put: readonly T[], removed: readonly number[]): readonly T[] | null {
  if (!list) return null;
  const gone = new Set([...removed, ...put.map(idOf)]);
  return soonestFirst([...list.filter((item) => !gone.has(idOf(item))), ...put]);
}

export interface ScheduledEvent {
  op: string;
  scheduled_messages?: Scheduled[];
  scheduled_message?: Scheduled;
  scheduled_message_id?: number;
}

export interface ReminderEvent {
  op: string;
  reminders?: Reminder[];
  reminder_id?: number;
}

/** A scheduled_messages event: add (a list), update (one) or remove (by id). */
export function applyScheduledEvent(event: ScheduledEvent): void {
  const put = event.op === "add" ? (event.scheduled_messages ?? []) : event.op === "update" && event.scheduled_message ? [event.scheduled_message] : [];
  const removed = event.op === "remove" && event.scheduled_message_id !== undefined ? [event.scheduled_message_id] : [];
  scheduledMessages.value = change(scheduledMessages.peek(), (s) => s.scheduled_message_id, put, removed);
}

/** A reminders event: add (a list) or remove (by id). */
export function applyReminderEvent(event: ReminderEvent): void {
  const put = event.op === "add" ? (event.reminders ?? []) : [];
  const removed = event.op === "remove" && event.reminder_id !== undefined ? [event.reminder_id] : [];
  reminders.value = change(reminders.peek(), (r) => r.reminder_id, put, removed);
}
