// Where a message goes, as POST /messages and /scheduled_messages name it: `type` with its
// legacy aliases, `to` as a channel name or id, or as user ids or emails (JSON list or a
// comma-separated string), and the topic.
import type { FastifyRequest } from "fastify";
import type { ChatDb } from "../store/schema.js";
import { userByApiEmailIn } from "../store/realm-state.js";
import { BadRequestError, StreamDoesNotExistError, StreamWithIdDoesNotExistError } from "../http/errors.js";
import { optional, refine, required } from "../http/declare.js";
import { raw } from "../http/params.js";
import { normalizeTopic } from "../lib/topics.js";
import type { SendTarget } from "../actions/send-message.js";
import type { MessageScope } from "../actions/message-context.js";
import type { User } from "../store/users.js";

export type MessageKind = "stream" | "private";

const TYPES: Record<string, MessageKind> = { stream: "stream", channel: "stream", private: "private", direct: "private" };

export function messageKind(type: string): MessageKind {
  const kind = TYPES[type];
  if (!kind) throw new BadRequestError("Invalid type");
  return kind;
}

/** `type`, with its legacy names, as a message kind. */
export const messageType = refine(required("type", raw()), messageKind);

// What a JSON text can start with. Most `to` values are plain channel names or e-mail lists:
// refusing them here spares JSON.parse building and throwing a SyntaxError on every send.
const JSON_START = /^\s*(?:[[{"\-\d]|true|false|null)/;

function decode(value: string): unknown {
  if (!JSON_START.test(value)) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** extract_stream_indicator: a name, an id, or a one-element JSON list of either. */
export function channelIndicator(to: string): string | number {
  let data = decode(to);
  if (data === undefined) return to;
  if (Array.isArray(data)) {
    if (data.length !== 1) throw new BadRequestError("Expected exactly one channel");
    data = data[0];
  }
  if (typeof data === "string") return data;
  if (typeof data === "number" && Number.isSafeInteger(data)) return data;
  throw new BadRequestError("Invalid data type for channel");
}

/** extract_private_recipients: user ids or emails, never both. */
export function directIndicator(to: string): string[] | number[] {
  let data = decode(to);
  if (data === undefined || typeof data === "string") data = (typeof data === "string" ? data : to).split(",");
  else if (typeof data === "number") data = [data];
  if (!Array.isArray(data)) throw new BadRequestError("Invalid data type for recipients");
  if (data.every((v) => typeof v === "number")) return [...new Set(data as number[])];
  if (data.every((v) => typeof v === "string")) return [...new Set((data as string[]).map((s) => s.trim()).filter(Boolean))];
  throw new BadRequestError("Recipient lists may contain emails or user IDs, but not both.");
}

export function findChannel(scope: MessageScope, indicator: string | number) {
  if (typeof indicator === "number") {
    const stream = scope.streams.get(indicator);
    if (!stream) throw new StreamWithIdDoesNotExistError(indicator);
    return stream;
  }
  const key = indicator.trim().toLowerCase();
  for (const stream of scope.streams.values()) if (stream.name_key === key) return stream;
  throw new StreamDoesNotExistError(indicator);
}

/** The recipients of a direct message, the sender dropped unless they are the only one. */
export async function findRecipients(db: ChatDb, scope: MessageScope, indicator: string[] | number[]): Promise<User[]> {
  if (indicator.length === 0) throw new BadRequestError("Message must have recipients");
  const users = scope.state.users;
  const out: User[] = [];
  for (const item of indicator) {
    // By the API email (Zulip's get_user_profiles): a hidden address is named by its stand-in.
    const user = typeof item === "number" ? users.find((u) => u.id === item) : userByApiEmailIn(scope.state, item);
    if (!user) throw new BadRequestError(typeof item === "number" ? `Invalid user ID ${item}` : `Invalid email '${item}'`);
    if (!out.some((u) => u.id === user.id)) out.push(user);
  }
  const others = out.filter((u) => u.id !== scope.user.id);
  return others.length ? others : out;
}

/** The topic of a channel message: `topic` or its deprecated alias `subject`. */
export const topicParam = optional("topic", raw({ ownNulCheck: true }), { aliases: ["subject"] });

/** The topic a message of this kind goes to: none for a direct message. */
export function channelTopic(kind: MessageKind, topic: string | undefined, isRequired: boolean): string | undefined {
  if (kind !== "stream") return undefined;
  if (topic === undefined) {
    if (isRequired) throw new BadRequestError("Missing topic");
    return undefined;
  }
  return normalizeTopic(topic);
}

export async function resolveTarget(db: ChatDb, scope: MessageScope, kind: MessageKind, to: string, topic: string | undefined): Promise<SendTarget> {
  if (kind === "stream") return { kind, stream: findChannel(scope, channelIndicator(to)), topic: topic ?? "" };
  return { kind, recipients: await findRecipients(db, scope, directIndicator(to)) };
}

/**
 * The sending client's name, as Zulip's get_client_name (zerver/middleware.py) derives it from
 * the User-Agent: a browser's request under /json (the web app's session) is "website", unless
 * it is one of Zulip's desktop apps, so the web app's own messages are read for their sender.
 */
export function clientName(req: FastifyRequest): string {
  const agent = req.headers["user-agent"];
  const match = agent ? /^([^/\s]+)/.exec(agent) : null;
  if (!match) return "API";
  const name = match[1]!;
  if (req.url.startsWith("/json/") && name !== "ZulipDesktop" && name !== "ZulipElectron") return "website";
  return name;
}
