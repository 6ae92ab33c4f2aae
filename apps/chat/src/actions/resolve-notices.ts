// Resolving a topic (renaming it to "✔ name") and unresolving it: who may, and the Notification
// Bot's "@_**Name|id** has marked this topic as resolved." notice in the renamed topic
// (Zulip's maybe_send_resolve_topic_notifications). An undo within a minute deletes the previous
// notice instead of posting a second one. The notice is unread only for subscribers whose
// resolved_topic_notice_auto_read_policy asks for it ("never", or "except_followed" in a topic
// they follow).
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import { silentMention } from "../lib/notice-syntax.js";
import { RESOLVED_TOPIC_PREFIX, topicKey } from "../lib/topics.js";
import { autoReadPolicies, insertResolveNotice, isResolveNotice, lastTopicMessage, deleteResolveNotices } from "../store/resolve-notices.js";
import type { Stream } from "../store/streams.js";
import { userTopicPolicies, VISIBILITY_FOLLOWED } from "../store/user-topics.js";
import { doDeleteMessage } from "./delete-message.js";
import { inGroupSetting, messageScope, type MessageScope } from "./message-context.js";
import { notificationBot } from "./notification-bot.js";
import { checkSendMessage, doSendMessage } from "./send-message.js";

/** Zulip's RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS. */
export const RESOLVE_UNDO_GRACE_SECONDS = 60;

/** Zulip's EMPTY_TOPIC_FALLBACK_NAME, as the resolved spelling of the empty topic is refused. */
const EMPTY_TOPIC_FALLBACK_NAME = "general chat";

export type ResolveToggle = "resolved" | "unresolved" | null;

/** build_message_edit_request's topic_resolved / topic_unresolved. */
export function resolveToggle(oldTopic: string, newTopic: string): ResolveToggle {
  const prefix = RESOLVED_TOPIC_PREFIX;
  if (newTopic.startsWith(prefix) && !oldTopic.startsWith(prefix) && newTopic.slice(prefix.length) === oldTopic) return "resolved";
  // compat: Python's lstrip(prefix) strips any run of the prefix's characters ("✔" and " ").
  const stripped = oldTopic.replace(/^[✔ ]+/u, "");
  if (oldTopic.startsWith(prefix) && !newTopic.startsWith(prefix) && stripped === newTopic) return "unresolved";
  return null;
}

/** validate_message_edit_payload: the empty topic cannot be resolved. */
export function checkResolvableTopic(topic: string): void {
  if (topic === RESOLVED_TOPIC_PREFIX.trim() || topic === RESOLVED_TOPIC_PREFIX + EMPTY_TOPIC_FALLBACK_NAME) throw new BadRequestError("General chat cannot be marked as resolved");
}

/** can_resolve_topics: the realm's can_resolve_topics_group, or either channel's. */
export function checkMayResolve(scope: MessageScope, orig: Stream, target: Stream): void {
  const { user, graph } = scope;
  if (inGroupSetting(scope, user.id, "can_resolve_topics_group")) return;
  if (graph.isMember(user.id, orig.can_resolve_topics_group)) return;
  if (target.id !== orig.id && graph.isMember(user.id, target.can_resolve_topics_group)) return;
  throw new BadRequestError("You don't have permission to resolve topics in this channel.");
}

export interface ResolveNoticeRequest {
  scope: MessageScope;
  stream: Stream;
  oldTopic: string;
  newTopic: string;
  now: number;
}

/** Posts (or, within the grace period, withdraws) the notice; call it after the rename committed. */
export async function postResolveNotice(deps: ChatDeps, req: ResolveNoticeRequest): Promise<number | null> {
  const toggle = resolveToggle(req.oldTopic, req.newTopic);
  if (!toggle) return null;
  const { scope, stream } = req;
  const key = topicKey(req.newTopic);

  const last = await lastTopicMessage(deps.db, stream.id, key);
  if (last && req.now - last.date_sent <= RESOLVE_UNDO_GRACE_SECONDS * 1000 && (await isResolveNotice(deps.db, last))) {
    await doDeleteMessage(deps, scope, last);
    await deleteResolveNotices(deps.db, [last.id]);
    return null;
  }

  const bot = await notificationBot(deps, scope.realm.id, req.now);
  const botScope = await messageScope(deps, scope.realm, bot);
  const user = silentMention(scope.user);
  const content = toggle === "resolved" ? `${user} has marked this topic as resolved.` : `${user} has marked this topic as unresolved.`;
  const checked = await checkSendMessage(deps, {
    scope: botScope,
    target: { kind: "stream", stream, topic: req.newTopic },
    content,
    client: "Internal",
    readBySender: false,
    now: req.now,
    internal: true,
    inTransaction: (trx, messageId) => insertResolveNotice(trx, messageId, bot.id),
  });

  // limit_unread_user_ids: everyone else gets the notice already read.
  const recipients = [...checked.flags.keys()];
  const [policies, following] = await Promise.all([autoReadPolicies(deps.db, recipients), userTopicPolicies(deps.db, recipients, stream.id, key)]);
  for (const [userId, flags] of checked.flags) {
    const policy = policies.get(userId) ?? "except_followed";
    const unread = userId !== scope.user.id && (policy === "never" || (policy === "except_followed" && following.get(userId) === VISIBILITY_FOLLOWED));
    if (!unread) checked.flags.set(userId, flags | FLAG_BITS.read);
  }
  return (await doSendMessage(deps, checked)).id;
}
