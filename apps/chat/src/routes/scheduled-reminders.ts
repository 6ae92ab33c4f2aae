// GET, POST /reminders; DELETE /reminders/{reminder_id} (FL 399; `note` FL 415).
import { handler, raising, RESOURCE_NOT_FOUND } from "../http/endpoint.js";
import { optional, required } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { int } from "../http/validators.js";
import { messageScope } from "../actions/message-context.js";
import { checkDeliveryTime, doDeleteScheduledMessage } from "../actions/scheduled-messages.js";
import { accessReminder, doScheduleReminder, normalizeNote } from "../actions/scheduled-reminders.js";
import { presentReminder } from "../present/scheduled-messages.js";
import { REMIND, undeliveredScheduledMessages } from "../store/scheduled-messages.js";
import { pathId } from "./access.js";
import { accessMessage } from "./message-access.js";
import { clientName } from "./message-targets.js";

export const listReminders = handler({}, async ({ deps, realm, user }) => {
  const rows = await undeliveredScheduledMessages(deps.db, realm.id, user.id, REMIND);
  return { reminders: rows.map(presentReminder) };
});

export const scheduleReminder = handler(
  {
    messageId: required("message_id", json(int())),
    timestamp: required("scheduled_delivery_timestamp", json(int({ max: 253402300799 }))),
    noteRaw: optional("note", raw()),
  },
  async (ctx, { messageId, timestamp, noteRaw }) => {
    const { deps } = ctx;
    const now = deps.clock.now().getTime();
    checkDeliveryTime(timestamp * 1000, now);
    const scope = await messageScope(deps, ctx.realm, ctx.user);
    const { message } = await accessMessage(deps, scope, messageId);
    const note = noteRaw ? normalizeNote(noteRaw) : null;
    const { id } = await doScheduleReminder(deps, { scope, message, note: note || null, deliverAt: timestamp * 1000, client: clientName(ctx.req), now });
    return { reminder_id: id };
  },
);

export const deleteReminder = raising([RESOURCE_NOT_FOUND], handler({}, async ({ deps, realm, user, path }) => {
  const scope = await messageScope(deps, realm, user);
  const row = await accessReminder(deps, scope, pathId(path.reminder_id));
  await doDeleteScheduledMessage(deps, scope, row, "reminders");
  return {};
}));
