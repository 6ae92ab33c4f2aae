// Turns validated narrow terms into a MessageFilter: which rows to walk (the user's own
// user_messages, or a channel's whole history when the narrow names a channel whose history
// the user may read) and the SQL conditions for each operator, negation included.
import { sql } from "kysely";
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { BadNarrowError, positiveTerms, searchTokens, type NarrowTerm } from "../lib/narrow.js";
import { FLAG_BITS, MENTION_MASK } from "../lib/message-flags.js";
import { isGuest } from "../lib/roles.js";
import { isEmptyTopicAlias, RESOLVED_TOPIC_PREFIX, topicKey } from "../lib/topics.js";
import { canReadChannelHistory, type MessageScope } from "../actions/message-context.js";
import { dmRecipientId, dmRecipientsWith, messageById, recipientMembers, userMessageFlags } from "../store/messages.js";
import { flagsExpr, ftsQuery, ftsUnits, searchCondition, type Condition, type MessageFilter } from "../store/message-query.js";
import { userByApiEmailIn } from "../store/realm-state.js";
import type { User } from "../store/users.js";
import { VISIBILITY_FOLLOWED, VISIBILITY_MUTED, VISIBILITY_UNMUTED } from "../store/user-topics.js";
import type { Stream } from "../store/streams.js";

export interface NarrowPlan {
  filter: MessageFilter;
  /** keywords and phrases of search terms, for highlighting */
  search: { words: string[]; phrases: string[] } | null;
}

const never = sql`1 = 0`;
const inList = (column: Condition, ids: number[]) => (ids.length ? sql`${column} in (${sql.join(ids)})` : never);

function channelOf(scope: MessageScope, operand: string | number | number[]): Stream | undefined {
  if (typeof operand === "number") return scope.streams.get(operand);
  if (typeof operand !== "string") return undefined;
  if (/^\d+$/.test(operand) && scope.streams.has(Number(operand))) return scope.streams.get(Number(operand));
  const key = operand.trim().toLowerCase();
  return [...scope.streams.values()].find((s) => s.name_key === key);
}

async function userOf(deps: ChatDeps, scope: MessageScope, operand: string | number): Promise<User | undefined> {
  if (typeof operand === "number") return scope.state.usersById.get(operand);
  if (operand === "me") return scope.user;
  return userByApiEmailIn(scope.state, operand);
}

async function usersOf(deps: ChatDeps, scope: MessageScope, operand: string | number | number[]): Promise<User[]> {
  const items: (string | number)[] = Array.isArray(operand) ? operand : typeof operand === "number" ? [operand] : operand.split(",").map((s) => s.trim()).filter(Boolean);
  const users: User[] = [];
  for (const item of items) {
    const user = await userOf(deps, scope, /^\d+$/.test(String(item)) ? Number(item) : item);
    if (!user) throw new BadNarrowError(`unknown user in ${JSON.stringify(operand)}`);
    users.push(user);
  }
  return users;
}

/** `with:ID` moves the narrow into that message's current conversation, if it is accessible. */
async function applyWith(deps: ChatDeps, scope: MessageScope, terms: NarrowTerm[]): Promise<NarrowTerm[]> {
  const withTerm = terms.find((t) => t.operator === "with");
  if (!withTerm) return terms;
  const id = Number(withTerm.operand);
  const message = Number.isSafeInteger(id) ? await messageById(deps.db, scope.realm.id, id) : undefined;
  const rest = terms.filter((t) => t !== withTerm);
  if (!message) return rest;
  const received = (await userMessageFlags(deps.db, scope.user.id, message.id)) !== undefined;
  const stream = message.stream_id !== null ? scope.streams.get(message.stream_id) : undefined;
  if (!received && !(stream && canReadChannelHistory(scope, stream))) return rest;
  const conversation = ["channel", "topic", "dm", "dm-with", "group-dm-with"];
  const kept = rest.filter((t) => !conversation.includes(t.operator));
  if (message.stream_id !== null) {
    return [{ operator: "channel", operand: message.stream_id, negated: false }, { operator: "topic", operand: message.topic, negated: false }, ...kept];
  }
  const members = (await recipientMembers(deps.db, [message.recipient_id])).get(message.recipient_id) ?? [];
  return [{ operator: "dm", operand: members, negated: false }, ...kept];
}

export async function planNarrow(deps: ChatDeps, scope: MessageScope, input: NarrowTerm[]): Promise<NarrowPlan> {
  const terms = await applyWith(deps, scope, input);
  const me = scope.user;

  // Channel history is searched when every positive channel term names a readable channel.
  const channelTerms = positiveTerms(terms, "channel");
  const channelsTerms = positiveTerms(terms, "channels");
  let history = false;
  if (channelTerms.length) {
    history = channelTerms.every((t) => {
      const stream = channelOf(scope, t.operand);
      return stream !== undefined && canReadChannelHistory(scope, stream);
    });
  } else if (channelsTerms.some((t) => t.operand === "public" || t.operand === "web-public")) {
    history = !isGuest(me);
  }
  const filter: MessageFilter = { userId: me.id, history, conditions: [] };
  const flags = flagsExpr(filter);
  const flagSet = (mask: number) => sql`(${flags} & ${sql.lit(mask)}) <> 0`;
  let search: NarrowPlan["search"] = null;

  for (const term of terms) {
    const cond = await termCondition(term);
    if (cond) filter.conditions.push(term.negated ? sql`not (${cond})` : cond);
  }
  if (history && channelTerms.length && deps.dialect === "sqlite") {
    filter.channelIndex = positiveTerms(terms, "topic").length ? "messages_stream_topic" : "messages_stream";
  }
  // In history mode every positive channel term names a channel the user may read, so the
  // walk cannot reach messages the user has no access to.
  return { filter, search };

  async function termCondition(term: NarrowTerm): Promise<Condition | null> {
    const { operator, operand } = term;
    switch (operator) {
      case "channel": {
        const stream = channelOf(scope, operand);
        if (!stream) {
          if (term.negated) return null;
          throw new BadNarrowError(`unknown channel ${operand}`);
        }
        return sql`m.stream_id = ${stream.id}`;
      }
      case "channels": {
        if (operand === "public") return inList(sql`m.stream_id`, [...scope.streams.values()].filter((s) => !s.invite_only).map((s) => s.id));
        if (operand === "web-public") return inList(sql`m.stream_id`, [...scope.streams.values()].filter((s) => s.is_web_public).map((s) => s.id));
        throw new BadNarrowError(`unknown channels operand ${operand}`);
      }
      case "topic": {
        const topic = String(operand).trim();
        return sql`m.stream_id is not null and m.topic_key = ${topicKey(isEmptyTopicAlias(topic) ? "" : topic)}`;
      }
      case "sender": {
        if (Array.isArray(operand)) throw new BadNarrowError("invalid sender operand");
        const user = await userOf(deps, scope, typeof operand === "string" && /^\d+$/.test(operand) ? Number(operand) : operand);
        if (!user) throw new BadNarrowError(`unknown user ${operand}`);
        if (!term.negated) filter.byMessageId = true;
        return sql`m.sender_id = ${user.id}`;
      }
      case "dm": {
        const users = await usersOf(deps, scope, operand);
        const ids = [...new Set([me.id, ...users.map((u) => u.id)])];
        const recipient = await dmRecipientId(deps.db, scope.realm.id, ids, false);
        return recipient === undefined ? never : sql`m.recipient_id = ${recipient}`;
      }
      case "dm-with":
      case "group-dm-with": {
        const [user] = await usersOf(deps, scope, Array.isArray(operand) ? operand.slice(0, 1) : operand);
        const conversations = (await dmRecipientsWith(deps.db, scope.realm.id, user.id)).filter(
          (c) => c.userIds.includes(me.id) && (operator === "dm-with" || c.userIds.length > 2),
        );
        return inList(sql`m.recipient_id`, conversations.map((c) => c.id));
      }
      case "is":
        return isCondition(String(operand));
      case "in":
        if (operand === "home") return sql`not (${mutedCondition()})`;
        if (operand === "all") return null;
        throw new BadNarrowError(`unknown 'in' operand ${operand}`);
      case "has":
        switch (operand) {
          case "link":
            return sql`m.has_link = 1`;
          case "image":
            return sql`m.has_image = 1`;
          case "attachment":
            return sql`m.has_attachment = 1`;
          case "reaction":
            return sql`exists (select 1 from reactions r where r.message_id = m.id)`;
        }
        throw new BadNarrowError(`unknown 'has' operand ${operand}`);
      case "search": {
        const tokens = searchTokens(String(operand));
        if (!term.negated) search = { words: [...(search?.words ?? []), ...tokens.words], phrases: [...(search?.phrases ?? []), ...tokens.phrases] };
        // SQLite: the first positive search drives the walk through the FTS index (message-query.ts).
        const query = ftsQuery(tokens.words, tokens.phrases);
        if (deps.dialect === "sqlite" && !term.negated && query && filter.fullText === undefined) {
          filter.fullText = query;
          filter.fullTextUnits = ftsUnits(tokens.words, tokens.phrases);
          return null;
        }
        return searchCondition(deps.dialect, tokens.words, tokens.phrases);
      }
      case "id": {
        const id = typeof operand === "number" ? operand : /^\d+$/.test(String(operand)) ? Number(operand) : NaN;
        if (!Number.isSafeInteger(id)) throw new BadRequestError("Invalid message ID");
        return sql`m.id = ${id}`;
      }
      case "mentions": {
        const user = await userOf(deps, scope, Array.isArray(operand) ? operand[0] : operand);
        if (!user) throw new BadNarrowError(`unknown user ${operand}`);
        return user.id === me.id ? flagSet(FLAG_BITS.mentioned) : never;
      }
      case "near":
        return null;
    }
    throw new BadNarrowError(`unknown operator ${operator}`);
  }

  function isCondition(operand: string): Condition {
    switch (operand) {
      case "dm":
        return filter.history ? sql`m.stream_id is null` : flagSet(FLAG_BITS.is_private);
      case "starred":
        return flagSet(FLAG_BITS.starred);
      case "mentioned":
        return flagSet(MENTION_MASK);
      case "alerted":
        return flagSet(FLAG_BITS.has_alert_word);
      case "unread":
        return sql`(${flags} & ${sql.lit(FLAG_BITS.read)}) = 0`;
      case "resolved":
        return sql`m.stream_id is not null and substr(m.topic, 1, 2) = ${RESOLVED_TOPIC_PREFIX}`;
      case "followed":
        return topicPolicy([VISIBILITY_FOLLOWED]);
      case "muted":
        return mutedCondition();
    }
    throw new BadNarrowError(`unknown 'is' operand ${operand}`);
  }

  function topicPolicy(policies: number[]): Condition {
    return sql`exists (select 1 from user_topics ut where ut.user_id = ${me.id} and ut.stream_id = m.stream_id and ut.topic_key = m.topic_key and ut.visibility_policy in (${sql.join(policies)}))`;
  }

  /** Muted topics, and topics of muted channels that were not unmuted or followed. */
  function mutedCondition(): Condition {
    const mutedChannels = [...scope.subs.values()].filter((s) => s.active && s.is_muted).map((s) => s.stream_id);
    return sql`m.stream_id is not null and (${topicPolicy([VISIBILITY_MUTED])} or (${inList(sql`m.stream_id`, mutedChannels)} and not ${topicPolicy([VISIBILITY_UNMUTED, VISIBILITY_FOLLOWED])}))`;
  }
}
