// GET, POST /reminders; DELETE /reminders/{reminder_id} (FL 399; `note` FL 415).
import type { Api } from "../http/endpoint.js";
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

export function register(api: Api): void {
  const { deps } = api;

  api.user("GET", "/reminders", async (ctx) => {
    const rows = await undeliveredScheduledMessages(deps.db, ctx.realm.id, ctx.user.id, REMIND);
    return { reminders: rows.map(presentReminder) };
  });

  api.user("POST", "/reminders", async (ctx) => {
    const { params } = ctx;
    const messageId = params.required("message_id", json(int()));
    const timestamp = params.required("scheduled_delivery_timestamp", json(int({ max: 253402300799 })));
    const noteRaw = params.optional("note", raw());
    const now = deps.clock.now().getTime();
    checkDeliveryTime(timestamp * 1000, now);
    const scope = await messageScope(deps, ctx.realm, ctx.user);
    const { message } = await accessMessage(deps, scope, messageId);
    const note = noteRaw ? normalizeNote(noteRaw) : null;
    const { id } = await doScheduleReminder(deps, { scope, message, note: note || null, deliverAt: timestamp * 1000, client: clientName(ctx.req), now });
    return { reminder_id: id };
  });

  api.user("DELETE", "/reminders/:reminder_id", async (ctx) => {
    const scope = await messageScope(deps, ctx.realm, ctx.user);
    const row = await accessReminder(deps, scope, pathId(ctx.path.reminder_id));
    await doDeleteScheduledMessage(deps, scope, row, "reminders");
    return {};
  });
}
