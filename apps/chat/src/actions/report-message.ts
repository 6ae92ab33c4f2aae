// Reporting a message: the Notification Bot posts the report to the realm's moderation
// request channel, in a topic named after the reported user, quoting the message.
import type { ChatDeps } from "../deps.js";
import { realmUrl } from "../config.js";
import { directMessageUrl } from "../lib/message-urls.js";
import { globalTime, messageLinkSyntax, silentMention, unusedFence } from "../lib/notice-syntax.js";
import { MAX_REPORT_DESCRIPTION_LENGTH, reportTypeName } from "../lib/report-types.js";
import { MAX_MESSAGE_LENGTH, truncate } from "../lib/topics.js";
import { recipientMembers, type Message } from "../store/messages.js";
import type { Stream } from "../store/streams.js";
import { usersByIds } from "../store/users.js";
import type { MessageScope } from "./message-context.js";
import { sendInternalMessage } from "./notification-bot.js";

/** Room left for the quoted message once the description and the template are in. */
const MAX_SNIPPET_LENGTH = MAX_MESSAGE_LENGTH - MAX_REPORT_DESCRIPTION_LENGTH - 500;

export interface ReportRequest {
  scope: MessageScope;
  channel: Stream;
  message: Message;
  reportType: string;
  description: string;
  now: number;
}

async function reportHeader(deps: ChatDeps, req: ReportRequest): Promise<{ header: string; original: string }> {
  const { scope, message } = req;
  const reporter = silentMention(scope.user);
  const [senderUser] = await usersByIds(deps.db, scope.realm.id, [message.sender_id]);
  const sender = silentMention(senderUser);
  const at = globalTime(message.date_sent);
  if (message.stream_id !== null) {
    const stream = scope.streams.get(message.stream_id)!;
    return { header: `${reporter} reported a message sent by ${sender} at ${at}.`, original: `Original message at ${messageLinkSyntax(stream, message.topic, message.id)}` };
  }
  const memberIds = (await recipientMembers(deps.db, [message.recipient_id])).get(message.recipient_id) ?? [];
  const members = await usersByIds(deps.db, scope.realm.id, memberIds);
  const others = members.filter((u) => u.id !== scope.user.id);
  const original = `[Original message](${directMessageUrl(realmUrl(deps.config, scope.realm.string_id), others.length ? others : [scope.user], message.id)})`;
  if (members.length <= 2) {
    if (senderUser.id !== scope.user.id) return { header: `${reporter} reported a direct message sent by ${sender} at ${at}.`, original };
    // Reporting one's own direct message names its recipient.
    const recipient = others.length ? silentMention(others[0]) : reporter;
    return { header: `${reporter} reported a direct message sent by ${sender} to ${recipient} at ${at}.`, original };
  }
  const mentions = members.filter((u) => u.id !== senderUser.id).map(silentMention).sort();
  const last = mentions.pop()!;
  const rest = mentions.join(", ") + (mentions.length > 1 ? "," : "");
  return { header: `${reporter} reported a direct message sent by ${sender} to ${rest} and ${last} at ${at}.`, original };
}

export async function doReportMessage(deps: ChatDeps, req: ReportRequest): Promise<number> {
  const { header, original } = await reportHeader(deps, req);
  const quoted = truncate(req.message.content, MAX_SNIPPET_LENGTH, "\n[message truncated]");
  const fence = unusedFence(quoted);
  const content = `${header}\n\`\`\`quote\n**${reportTypeName(req.reportType)}**. ${req.description}\n\`\`\`\n\n${fence} spoiler ${original}\n${quoted}\n${fence}\n`;
  const [reported] = await usersByIds(deps.db, req.scope.realm.id, [req.message.sender_id]);
  const topic = req.channel.topics_policy === "empty_topic_only" ? "" : `${reported.full_name} moderation`;
  return sendInternalMessage(deps, { realm: req.scope.realm, target: { kind: "stream", stream: req.channel, topic }, content, now: req.now });
}
