// Delivering one claimed scheduled message or reminder. The send goes through the ordinary
// send action, checked again as of now (permissions may have changed since scheduling), and
// the row is marked delivered inside the send's own transaction, on condition that this
// worker still holds the claim: a send either commits together with its mark or not at all,
// so no row is ever delivered twice, whatever crashes or races with another worker, an edit
// or a delete. A failure is recorded as Zulip does (failed, failure_message), and the sender
// hears about it from the Notification Bot.
import { storageFault } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { RealmDeactivatedError, UserDeactivatedError, ZulipError } from "../http/errors.js";
import type { PendingEvent } from "../lib/events.js";
import { globalTime } from "../lib/notice-syntax.js";
import { presentScheduledMessage } from "../present/scheduled-messages.js";
import { messageById, userMessageFlags } from "../store/messages.js";
import { getRealm } from "../store/realms.js";
import { markDelivered, markFailed, REMIND, type ScheduledMessage } from "../store/scheduled-messages.js";
import { getUser } from "../store/users.js";
import { canReadChannelHistory, messageScope, type MessageScope } from "./message-context.js";
import { sendInternalMessage } from "./notification-bot.js";
import { reminderContent } from "./scheduled-reminders.js";
import { storedTarget } from "./scheduled-messages.js";
import { checkSendMessage, doSendMessage, type SendInput } from "./send-message.js";
import { publish } from "./publish.js";

/** Zulip refuses to send a scheduled message more than this late. */
export const LATE_CUTOFF_MS = 10 * 60 * 1000;

/** Thrown inside the send transaction when the claim is gone: the send rolls back. */
class ClaimLostError extends Error {}

/** "retry": a fault that was not the user's kept the row for a later cycle. */
export type DeliveryOutcome = "delivered" | "failed" | "lost" | "retry";

const whileClaimed =
  (row: ScheduledMessage, token: string): SendInput["inTransaction"] =>
  async (trx, messageId) => {
    if (!(await markDelivered(trx, row.id, token, messageId))) throw new ClaimLostError();
  };

/** Whether the sender may still read the reminder's message (has_message_access). */
async function reminderTarget(deps: ChatDeps, scope: MessageScope, row: ScheduledMessage) {
  const message = row.reminder_target_message_id === null ? undefined : await messageById(deps.db, scope.realm.id, row.reminder_target_message_id);
  if (!message) return undefined;
  if ((await userMessageFlags(deps.db, scope.user.id, message.id)) !== undefined) return message;
  const stream = message.stream_id !== null ? scope.streams.get(message.stream_id) : undefined;
  return stream && canReadChannelHistory(scope, stream) ? message : undefined;
}

/** How late a row due at `dueAt` is: real time since then (the worker discounts clock steps). */
export type Lateness = (dueAt: number) => number;

async function send(deps: ChatDeps, row: ScheduledMessage, token: string, now: number, lateBy: Lateness): Promise<PendingEvent[]> {
  const realm = await getRealm(deps.db, row.realm_id);
  if (!realm || realm.deactivated) throw new RealmDeactivatedError();
  const sender = await getUser(deps.db, row.sender_id);
  if (!sender || !sender.is_active) throw new UserDeactivatedError();
  const scope = await messageScope(deps, realm, sender);

  if (row.delivery_type === REMIND) {
    // Reminders go to the sender alone, so they are sent however late the worker is.
    const message = await reminderTarget(deps, scope, row);
    const content = message ? await reminderContent(deps, scope, message, row.reminder_note) : row.content;
    await sendInternalMessage(deps, { realm, target: { kind: "private", recipients: [sender] }, content, now, inTransaction: whileClaimed(row, token) });
    return [{ event: { type: "reminders", op: "remove", reminder_id: row.id }, users: [sender.id] }];
  }

  if (lateBy(row.scheduled_timestamp) > LATE_CUTOFF_MS) throw new ZulipError("Message could not be sent at the scheduled time.");
  const target = await storedTarget(deps, scope, row);
  const checked = await checkSendMessage(deps, { scope, target, content: row.content, client: row.client, readBySender: Boolean(row.read_by_sender), now, inTransaction: whileClaimed(row, token) });
  await doSendMessage(deps, checked);
  return [{ event: { type: "scheduled_messages", op: "remove", scheduled_message_id: row.id }, users: [sender.id] }];
}

async function notifyFailure(deps: ChatDeps, row: ScheduledMessage, now: number): Promise<void> {
  const [realm, sender] = await Promise.all([getRealm(deps.db, row.realm_id), getUser(deps.db, row.sender_id)]);
  if (!realm || !sender) return;
  publish(deps, [{ event: { type: "scheduled_messages", op: "update", scheduled_message: presentScheduledMessage(row) }, users: [sender.id] }]);
  const content = `The message you scheduled for ${globalTime(row.scheduled_timestamp)} was not sent because of the following error:\n\n> ${row.failure_message}\n\n[View scheduled messages](#scheduled)`;
  await sendInternalMessage(deps, { realm, target: { kind: "private", recipients: [sender] }, content, now });
}

/** Delivers a row this worker claimed with `token`. */
export async function deliverScheduledMessage(deps: ChatDeps, row: ScheduledMessage, token: string, lateBy?: Lateness): Promise<DeliveryOutcome> {
  const now = deps.clock.now().getTime();
  let events: PendingEvent[];
  try {
    events = await send(deps, row, token, now, lateBy ?? ((dueAt) => now - dueAt));
  } catch (error) {
    if (error instanceof ClaimLostError) return "lost";
    // Only the user's own error (Zulip's answer to the send: a deactivated channel, a lost
    // permission, too late) fails the message for good. Anything else (the database down, a
    // full disk, a deadlock, a bug) keeps it: the claim is left to lapse, so the row is tried
    // again a lease later, and delivered once the fault clears.
    if (!(error instanceof ZulipError)) {
      const fault = storageFault(error);
      deps.log.warn({ err: fault ? undefined : error, fault: fault?.kind, cause: (error as Error)?.message, scheduledMessageId: row.id }, "scheduled message not delivered yet; it is retried when its claim lapses");
      return "retry";
    }
    const failed = await markFailed(deps.db, row.id, token, error.message);
    if (!failed) return "lost";
    const deactivated = error instanceof RealmDeactivatedError || error instanceof UserDeactivatedError;
    // Reminders have no failure notice; nobody reads one for a deactivated account.
    if (failed.delivery_type !== REMIND && !deactivated) {
      try {
        await notifyFailure(deps, failed, now);
      } catch (notifyError) {
        deps.log.error({ err: notifyError, scheduledMessageId: row.id }, "could not send the failed-delivery notice");
      }
    }
    return "failed";
  }
  publish(deps, events);
  return "delivered";
}
