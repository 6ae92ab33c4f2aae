// GET, POST /scheduled_messages; PATCH, DELETE /scheduled_messages/{scheduled_message_id}.
import { handler, raising, RESOURCE_NOT_FOUND } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { optional, refine, required } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { bool, int } from "../http/validators.js";
import { messageScope, type MessageScope } from "../actions/message-context.js";
import { accessScheduledMessage, checkDeliveryTime, checkScheduleMessage, doDeleteScheduledMessage, doEditScheduledMessage, doScheduleMessage } from "../actions/scheduled-messages.js";
import type { SendTarget } from "../actions/send-message.js";
import { normalizeTopic } from "../lib/topics.js";
import { presentScheduledMessage } from "../present/scheduled-messages.js";
import { SEND_LATER, undeliveredScheduledMessages } from "../store/scheduled-messages.js";
import type { ChatDb } from "../store/schema.js";
import { pathId } from "./access.js";
import { clientName, findChannel, findRecipients, messageKind, topicParam, type MessageKind } from "./message-targets.js";

/** Python's datetime stops at year 9999; Zulip fails later timestamps, we refuse them. */
const TIMESTAMP = json(int({ max: 253402300799 }));


/** extract_stream_id: `to` as one channel id. */
function channelId(to: string): number {
  if (!/^\s*[+-]?\d+\s*$/.test(to)) throw new BadRequestError("Invalid data type for channel ID");
  return Number(to);
}

/** extract_direct_message_recipient_ids: `to` as a JSON list of user ids. */
function recipientIdList(to: string): number[] {
  let data: unknown;
  try {
    data = JSON.parse(to);
  } catch {
    data = to;
  }
  if (!Array.isArray(data)) throw new BadRequestError("Invalid data type for recipients");
  if (!data.every((v) => typeof v === "number" && Number.isInteger(v))) throw new BadRequestError("Recipient list may only contain user IDs");
  return [...new Set(data as number[])];
}

async function resolveScheduledTarget(db: ChatDb, scope: MessageScope, kind: MessageKind, to: string, topic: string | undefined): Promise<SendTarget> {
  if (kind === "stream") {
    const stream = findChannel(scope, channelId(to));
    if (topic === undefined) throw new BadRequestError("Missing topic");
    return { kind, stream, topic };
  }
  return { kind, recipients: await findRecipients(db, scope, recipientIdList(to)) };
}

export const listScheduledMessages = handler({}, async ({ deps, realm, user }) => {
  const rows = await undeliveredScheduledMessages(deps.db, realm.id, user.id, SEND_LATER);
  return { scheduled_messages: rows.map(presentScheduledMessage) };
});

export const scheduleMessage = raising(["STREAM_DOES_NOT_EXIST"], handler(
  {
    kind: refine(required("type", raw()), messageKind),
    to: required("to", raw()),
    topicRaw: topicParam,
    content: required("content", raw({ ownNulCheck: true })),
    timestamp: required("scheduled_delivery_timestamp", TIMESTAMP),
    readBySender: optional("read_by_sender", json(bool)),
  },
  async (ctx, { kind, to, topicRaw, content, timestamp, readBySender }) => {
    const { deps } = ctx;
    const now = deps.clock.now().getTime();
    checkDeliveryTime(timestamp * 1000, now);
    const scope = await messageScope(deps, ctx.realm, ctx.user);
    const topic = kind === "stream" && topicRaw !== undefined ? normalizeTopic(topicRaw) : undefined;
    const target = await resolveScheduledTarget(deps.db, scope, kind, to, topic);
    const request = { scope, target, content, deliverAt: timestamp * 1000, readBySender, client: clientName(ctx.req), now };
    const checked = await checkScheduleMessage(deps, request);
    const { id } = await doScheduleMessage(deps, request, checked);
    return { scheduled_message_id: id };
  },
));

export const editScheduledMessage = raising(["STREAM_DOES_NOT_EXIST", RESOURCE_NOT_FOUND], handler(
  {
    kind: refine(optional("type", raw()), (type) => (type === undefined ? undefined : messageKind(type))),
    to: optional("to", raw()),
    topicRaw: topicParam,
    content: optional("content", raw({ ownNulCheck: true })),
    timestamp: optional("scheduled_delivery_timestamp", TIMESTAMP),
  },
  async (ctx, { kind, to, topicRaw, content, timestamp }) => {
    const { deps } = ctx;
    if (kind === undefined && to === undefined && topicRaw === undefined && content === undefined && timestamp === undefined) throw new BadRequestError("Nothing to change");
    if (kind !== undefined && to === undefined) throw new BadRequestError("Recipient required when updating type of scheduled message.");
    if (kind === "stream" && topicRaw === undefined) throw new BadRequestError("Topic required when updating scheduled message type to stream.");
    const now = deps.clock.now().getTime();
    if (timestamp !== undefined) checkDeliveryTime(timestamp * 1000, now);
    const scope = await messageScope(deps, ctx.realm, ctx.user);
    const row = await accessScheduledMessage(deps, scope, pathId(ctx.path.scheduled_message_id));
    const newKind = kind ?? (row.type === "stream" ? "stream" : "private");
    const topic = topicRaw !== undefined && newKind === "stream" ? normalizeTopic(topicRaw) : undefined;
    // A new `to` without a topic keeps the stored one (empty when the message was direct).
    const target = to === undefined ? undefined : await resolveScheduledTarget(deps.db, scope, newKind, to, topic ?? row.topic);
    await doEditScheduledMessage(deps, { scope, row, target, topic, content, deliverAt: timestamp === undefined ? undefined : timestamp * 1000, client: clientName(ctx.req), now });
    return {};
  },
));

export const deleteScheduledMessage = raising([RESOURCE_NOT_FOUND], handler({}, async ({ deps, realm, user, path }) => {
  const scope = await messageScope(deps, realm, user);
  const row = await accessScheduledMessage(deps, scope, pathId(path.scheduled_message_id));
  await doDeleteScheduledMessage(deps, scope, row, "scheduled_messages");
  return {};
}));

