// Scheduling messages to send later: checkScheduleMessage runs the send action's own checks
// (and rendering) now, as Zulip's check_schedule_message does; the delivery worker checks
// again at delivery time. Editing re-checks whatever changed; deleting cancels.
import type { ChatDeps } from "../deps.js";
import { BadRequestError, ResourceNotFoundError } from "../http/errors.js";
import type { PendingEvent } from "../lib/events.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import { normalizeContent, normalizeTopic } from "../lib/topics.js";
import { presentScheduledMessage, recipientIds } from "../present/scheduled-messages.js";
import { deleteScheduledMessage, insertScheduledMessage, ownScheduledMessage, SEND_LATER, updateUndelivered, type ScheduledMessage } from "../store/scheduled-messages.js";
import { usersByIds } from "../store/users.js";
import type { MessageScope } from "./message-context.js";
import { checkSendMessage, type CheckedMessage, type SendTarget } from "./send-message.js";
import { publish } from "./publish.js";

export const deliveryNotInFuture = () => new BadRequestError("Scheduled delivery time must be in the future.");
export const scheduledMessageMissing = () => new ResourceNotFoundError("Scheduled message does not exist");

export function checkDeliveryTime(deliverAt: number, now: number): void {
  if (deliverAt <= now) throw deliveryNotInFuture();
}

export interface ScheduleRequest {
  scope: MessageScope;
  target: SendTarget;
  /** raw, normalized here as sending does */
  content: string;
  deliverAt: number;
  readBySender?: boolean;
  client: string;
  now: number;
}

const targetColumns = (target: SendTarget) =>
  target.kind === "stream"
    ? { type: "stream", stream_id: target.stream.id, to_user_ids: null, topic: target.topic }
    : { type: "private", stream_id: null, to_user_ids: JSON.stringify(target.recipients.map((u) => u.id).sort((a, b) => a - b)), topic: "" };

const toSelfOnly = (scope: MessageScope, target: SendTarget) => target.kind === "private" && target.recipients.every((u) => u.id === scope.user.id);

export async function checkScheduleMessage(deps: ChatDeps, req: ScheduleRequest): Promise<CheckedMessage> {
  return checkSendMessage(deps, { scope: req.scope, target: req.target, content: normalizeContent(req.content), client: req.client, now: req.now });
}

export async function doScheduleMessage(deps: ChatDeps, req: ScheduleRequest, checked: CheckedMessage): Promise<{ id: number; events: PendingEvent[] }> {
  const { scope } = req;
  // compat: the legacy default marks the message read for its sender when the send action
  // would (a full UI client), unless it goes to the sender alone.
  const readBySender = req.readBySender ?? (Boolean(checked.flags.get(scope.user.id)! & FLAG_BITS.read) && !toSelfOnly(scope, req.target));
  const row = await insertScheduledMessage(deps.db, {
    realm_id: scope.realm.id,
    sender_id: scope.user.id,
    ...targetColumns(req.target),
    content: checked.input.content,
    rendered_content: checked.rendered.html,
    scheduled_timestamp: req.deliverAt,
    read_by_sender: readBySender ? 1 : 0,
    client: req.client,
    date_created: req.now,
    delivery_type: SEND_LATER,
    delivered: 0,
    failed: 0,
  });
  const events: PendingEvent[] = [{ event: { type: "scheduled_messages", op: "add", scheduled_messages: [presentScheduledMessage(row)] }, users: [scope.user.id] }];
  publish(deps, events);
  return { id: row.id, events };
}

export async function accessScheduledMessage(deps: ChatDeps, scope: MessageScope, id: number | undefined): Promise<ScheduledMessage> {
  const row = id === undefined ? undefined : await ownScheduledMessage(deps.db, scope.user.id, id, SEND_LATER);
  if (!row) throw scheduledMessageMissing();
  return row;
}

/** The stored target, as a send target (for an edit that keeps it, and for delivery). */
export async function storedTarget(deps: ChatDeps, scope: MessageScope, row: ScheduledMessage): Promise<SendTarget> {
  if (row.type === "stream") {
    const stream = scope.streams.get(row.stream_id!);
    if (!stream) throw new BadRequestError("Invalid channel ID");
    return { kind: "stream", stream, topic: row.topic };
  }
  const ids = recipientIds(row);
  const users = await usersByIds(deps.db, scope.realm.id, ids);
  return { kind: "private", recipients: ids.map((id) => users.find((u) => u.id === id)!).filter(Boolean) };
}

export interface ScheduledEdit {
  scope: MessageScope;
  row: ScheduledMessage;
  /** a new target, when `type` or `to` was given (resolved by the route) */
  target?: SendTarget;
  /** normalized already; only applied to channel messages */
  topic?: string;
  content?: string;
  deliverAt?: number;
  client: string;
  now: number;
}

export async function doEditScheduledMessage(deps: ChatDeps, edit: ScheduledEdit): Promise<{ events: PendingEvent[] }> {
  const { scope, row } = edit;
  if (row.delivered) throw new BadRequestError("Scheduled message was already sent");
  if (row.failed && edit.deliverAt === undefined) throw deliveryNotInFuture();
  const changes: Parameters<typeof updateUndelivered>[2] = { client: edit.client, failed: 0, failure_message: null };
  if (edit.target !== undefined || edit.content !== undefined) {
    // Anything about the recipients or the content changed: check the whole message again.
    let target = edit.target ?? (await storedTarget(deps, scope, row));
    if (target.kind === "stream" && edit.topic !== undefined) target = { ...target, topic: edit.topic };
    const checked = await checkSendMessage(deps, { scope, target, content: edit.content !== undefined ? normalizeContent(edit.content) : row.content, client: edit.client, now: edit.now });
    if (edit.target !== undefined) Object.assign(changes, targetColumns(target));
    if (edit.content !== undefined) Object.assign(changes, { content: checked.input.content, rendered_content: checked.rendered.html });
  }
  // A topic alone applies to channel messages and is ignored for direct ones.
  if (edit.target === undefined && edit.topic !== undefined && row.type === "stream") changes.topic = normalizeTopic(edit.topic);
  if (edit.deliverAt !== undefined) changes.scheduled_timestamp = edit.deliverAt;
  const updated = await updateUndelivered(deps.db, row.id, changes);
  // The worker delivered it while we checked: as if we had seen delivered above.
  if (!updated) throw new BadRequestError("Scheduled message was already sent");
  const events: PendingEvent[] = [{ event: { type: "scheduled_messages", op: "update", scheduled_message: presentScheduledMessage(updated) }, users: [scope.user.id] }];
  publish(deps, events);
  return { events };
}

export async function doDeleteScheduledMessage(deps: ChatDeps, scope: MessageScope, row: ScheduledMessage, eventType: "scheduled_messages" | "reminders"): Promise<{ events: PendingEvent[] }> {
  await deleteScheduledMessage(deps.db, row.id);
  const event = eventType === "reminders" ? { type: "reminders", op: "remove", reminder_id: row.id } : { type: "scheduled_messages", op: "remove", scheduled_message_id: row.id };
  const events: PendingEvent[] = [{ event, users: [scope.user.id] }];
  publish(deps, events);
  return { events };
}
