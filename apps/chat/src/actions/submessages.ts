// Widget submessages: the "widget" submessage a /poll or /todo message gets when it is sent,
// and the votes, options and ticks readers add afterwards (Zulip's do_widget_post_save_actions
// and do_add_submessage). Each addition is told to everyone who can see the message.
import type { ChatDeps } from "../deps.js";
import type { ChatDb } from "../store/schema.js";
import { BadRequestError } from "../http/errors.js";
import { checkPollData, checkTodoData, pythonJsonDumps, widgetOf, WidgetDataError } from "../lib/widgets.js";
import { messageAudience } from "../events/message-events.js";
import type { Message } from "../store/messages.js";
import { hasSubmessageFrom, insertSubmessage, widgetSubmessage, type Submessage } from "../store/submessages.js";
import type { User } from "../store/users.js";
import { publish } from "./publish.js";

/**
 * In a send's transaction (`db`), before its event is built: the widget a /poll or /todo
 * message starts. Returns it (its message event carries it), or undefined when the content
 * starts none.
 */
export async function addWidgetSubmessage(db: ChatDb, messageId: number, senderId: number, content: string): Promise<Submessage | undefined> {
  const widget = widgetOf(content);
  if (!widget) return undefined;
  const row = { message_id: messageId, sender_id: senderId, msg_type: "widget", content: pythonJsonDumps(widget) };
  return { id: await insertSubmessage(db, row), ...row };
}

function widgetType(content: string): string | undefined {
  try {
    const type = (JSON.parse(content) as { widget_type?: unknown }).widget_type;
    return typeof type === "string" ? type : undefined;
  } catch {
    return undefined;
  }
}

/** POST /submessage after the message was accessed: Zulip's process_submessage. */
export async function checkAddSubmessage(deps: ChatDeps, user: User, message: Message, msgType: string, content: string): Promise<number> {
  // The first submessage of a message must come from its sender (verify_submessage_sender).
  if (message.sender_id !== user.id && !(await hasSubmessageFrom(deps.db, message.id, message.sender_id))) {
    throw new BadRequestError("You cannot attach a submessage to this message.");
  }
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    throw new BadRequestError("Invalid json for submessage");
  }
  const widget = await widgetSubmessage(deps.db, message.id);
  const type = widget ? widgetType(widget.content) : undefined;
  const isAuthor = message.sender_id === user.id;
  try {
    if (type === "poll") checkPollData(data, isAuthor);
    if (type === "todo") checkTodoData(data, isAuthor);
  } catch (error) {
    if (error instanceof WidgetDataError) throw new BadRequestError(error.message);
    throw error;
  }
  return doAddSubmessage(deps, { messageId: message.id, streamId: message.stream_id, realmId: message.realm_id, senderId: user.id, msgType, content });
}

export async function doAddSubmessage(deps: ChatDeps, s: { messageId: number; streamId: number | null; realmId: number; senderId: number; msgType: string; content: string }): Promise<number> {
  const { value: id, stamp } = await deps.events.transaction((trx) => insertSubmessage(trx, { message_id: s.messageId, sender_id: s.senderId, msg_type: s.msgType, content: s.content }));
  const event = { type: "submessage", msg_type: s.msgType, message_id: s.messageId, submessage_id: id, sender_id: s.senderId, content: s.content };
  publish(deps, [{ event, users: await messageAudience(deps.db, [s.messageId], s.streamId), stamp, realmId: s.realmId }]);
  return id;
}
