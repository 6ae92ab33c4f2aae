// Reminders (FL 399, notes FL 415): a direct message the Notification Bot sends the user at a
// chosen time, quoting a message they could read. The content is written when the reminder
// is scheduled and again at delivery, if the message is still accessible.
import type { ChatDeps } from "../deps.js";
import { BadRequestError, ResourceNotFoundError } from "../http/errors.js";
import type { PendingEvent } from "../lib/events.js";
import { channelMessageUrl, directMessageUrl } from "../lib/message-urls.js";
import { messageLinkSyntax, silentMention, unusedFence } from "../lib/notice-syntax.js";
import { MAX_MESSAGE_LENGTH, truncate } from "../lib/topics.js";
import { realmUrl } from "../config.js";
import { presentReminder } from "../present/scheduled-messages.js";
import { recipientMembers, type Message } from "../store/messages.js";
import { insertScheduledMessage, ownScheduledMessage, REMIND, type ScheduledMessage } from "../store/scheduled-messages.js";
import { usersByIds } from "../store/users.js";
import type { MessageScope } from "./message-context.js";
import { checkSendMessage } from "./send-message.js";
import { publish } from "./publish.js";

export const MAX_REMINDER_NOTE_LENGTH = 1000;

/** normalize_note_text */
export function normalizeNote(note: string): string {
  const body = note.replace(/\s+$/u, "").replace(/^\n+/, "");
  if ([...body].length > MAX_REMINDER_NOTE_LENGTH) throw new BadRequestError(`Maximum reminder note length: ${MAX_REMINDER_NOTE_LENGTH} characters`);
  return body;
}

/** "A, B, and C" of silent mentions, as Zulip lists people in its notices. */
export function listMentions(users: { id: number; full_name: string }[]): string {
  const mentions = users.map(silentMention);
  if (mentions.length <= 1) return mentions.join("");
  const last = mentions.pop()!;
  return `${mentions.join(", ")}${mentions.length > 1 ? "," : ""} and ${last}`;
}

/** get_reminder_formatted_content */
export async function reminderContent(deps: ChatDeps, scope: MessageScope, message: Message, note: string | null): Promise<string> {
  const base = realmUrl(deps.config, scope.realm.string_id);
  const [sender] = await usersByIds(deps.db, scope.realm.id, [message.sender_id]);
  const who = silentMention(sender);
  let content: string;
  let said: string;
  let widget: string;
  const intro = (what: string) => (note ? `You requested a reminder for the following ${what}. Note:\n > ${note}` : `You requested a reminder for the following ${what}.`);
  if (message.stream_id !== null) {
    const stream = scope.streams.get(message.stream_id)!;
    const url = channelMessageUrl(base, stream, message.topic, message.id);
    const where = messageLinkSyntax(stream, message.topic, message.id);
    content = intro("message");
    said = `${who} [said](${url}) in ${where}:`;
    widget = `${who} [sent](${url}) a {widget} in ${where}.`;
  } else {
    const members = (await recipientMembers(deps.db, [message.recipient_id])).get(message.recipient_id) ?? [];
    const people = await usersByIds(deps.db, scope.realm.id, members);
    const others = people.filter((u) => u.id !== scope.user.id);
    const url = directMessageUrl(base, others.length ? others : [scope.user], message.id);
    let recipients = people.filter((u) => u.id !== message.sender_id);
    if (!recipients.length) recipients = [sender];
    content = intro("direct message");
    said = `${who} [said](${url}) to ${listMentions(recipients)}:`;
    widget = `${who} [sent](${url}) a {widget} to ${listMentions(recipients)}.`;
  }
  content += "\n\n";
  if (message.content.startsWith("/poll")) return content + widget.replace("{widget}", "poll");
  if (message.content.startsWith("/todo")) return content + widget.replace("{widget}", "todo list");
  content += `${said}\n`;
  const fence = unusedFence(content);
  const room = MAX_MESSAGE_LENGTH - [...`${content}${fence}quote\n\n${fence}`].length;
  return `${content}${fence}quote\n${truncate(message.content, room, "\n[message truncated]")}\n${fence}`;
}

export interface ReminderRequest {
  scope: MessageScope;
  message: Message;
  note: string | null;
  deliverAt: number;
  client: string;
  now: number;
}

export async function doScheduleReminder(deps: ChatDeps, req: ReminderRequest): Promise<{ id: number; events: PendingEvent[] }> {
  const { scope } = req;
  const content = await reminderContent(deps, scope, req.message, req.note);
  // The reminder is checked as a message to oneself: the Notification Bot sends it later.
  const checked = await checkSendMessage(deps, { scope, target: { kind: "private", recipients: [scope.user] }, content, client: req.client, readBySender: false, now: req.now });
  const row = await insertScheduledMessage(deps.db, {
    realm_id: scope.realm.id,
    sender_id: scope.user.id,
    type: "private",
    stream_id: null,
    to_user_ids: JSON.stringify([scope.user.id]),
    topic: "",
    content: checked.input.content,
    rendered_content: checked.rendered.html,
    scheduled_timestamp: req.deliverAt,
    read_by_sender: 0,
    client: req.client,
    date_created: req.now,
    delivery_type: REMIND,
    delivered: 0,
    failed: 0,
    reminder_target_message_id: req.message.id,
    reminder_note: req.note,
  });
  const events: PendingEvent[] = [{ event: { type: "reminders", op: "add", reminders: [presentReminder(row)] }, users: [scope.user.id] }];
  publish(deps, events);
  return { id: row.id, events };
}

export async function accessReminder(deps: ChatDeps, scope: MessageScope, id: number | undefined): Promise<ScheduledMessage> {
  const row = id === undefined ? undefined : await ownScheduledMessage(deps.db, scope.user.id, id, REMIND);
  if (!row) throw new ResourceNotFoundError("Reminder does not exist");
  return row;
}
