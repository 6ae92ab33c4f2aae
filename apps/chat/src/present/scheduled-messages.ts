// ScheduledMessage and Reminder objects as GET /scheduled_messages, GET /reminders and their
// events show them.
import type { ScheduledMessage } from "../store/scheduled-messages.js";

const seconds = (ms: number) => Math.floor(ms / 1000);

export function recipientIds(row: ScheduledMessage): number[] {
  return row.to_user_ids ? (JSON.parse(row.to_user_ids) as number[]) : [];
}

export function presentScheduledMessage(row: ScheduledMessage): Record<string, unknown> {
  const common = { scheduled_message_id: row.id, content: row.content, rendered_content: row.rendered_content, scheduled_delivery_timestamp: seconds(row.scheduled_timestamp), failed: Boolean(row.failed) };
  if (row.type === "stream") return { ...common, to: row.stream_id, type: "stream", topic: row.topic };
  return { ...common, to: recipientIds(row), type: "private" };
}

export function presentReminder(row: ScheduledMessage): Record<string, unknown> {
  return {
    reminder_id: row.id,
    type: "private",
    to: [row.sender_id],
    content: row.content,
    rendered_content: row.rendered_content,
    scheduled_delivery_timestamp: seconds(row.scheduled_timestamp),
    failed: Boolean(row.failed),
    reminder_target_message_id: row.reminder_target_message_id,
  };
}
