// POST /messages/flags, POST /messages/flags/narrow, and the mark-as-read shortcuts.
import { handler, raising } from "../http/endpoint.js";
import { pair, refine, required, withDefault } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { anything, bool, int, list } from "../http/validators.js";
import { doMarkRead, doUpdateMessageFlags } from "../actions/message-flags.js";
import { messageScope, subscribed, type MessageScope } from "../actions/message-context.js";
import { EDITABLE_FLAGS, NON_EDITABLE_FLAGS, type FlagName } from "../lib/message-flags.js";
import { parseNarrow } from "../lib/narrow.js";
import { topicKey, isEmptyTopicAlias } from "../lib/topics.js";
import { messagesByIds } from "../store/messages.js";
import { receivedIds } from "../store/message-flags.js";
import type { ChatDb } from "../store/schema.js";
import { canReadChannelHistory } from "../actions/message-context.js";
import { invalidMessage } from "./message-access.js";
import { checkAnchorExclusion, fetchWindow, parseAnchor, resolveAnchor } from "./messages-fetch.js";
import { planNarrow } from "./narrow-filter.js";

/** `op` and `flag`, read together and checked once both are read. */
const flagChange = refine(
  pair(required("op", raw()), required("flag", raw())),
  ([op, flag]): { op: "add" | "remove"; flag: FlagName } => {
    if (op !== "add" && op !== "remove") throw new BadRequestError(`Invalid message flag operation: '${op}'`);
    if (NON_EDITABLE_FLAGS.includes(flag)) throw new BadRequestError(`Flag not editable: '${flag}'`);
    if (!(EDITABLE_FLAGS as readonly string[]).includes(flag)) throw new BadRequestError(`Invalid flag: '${flag}'`);
    return { op, flag: flag as FlagName };
  },
);

/** Zulip's MAX_MESSAGES_PER_UPDATE: the most messages one flags/narrow call processes. */
const MAX_MESSAGES_PER_UPDATE = 5000;

/** Splits ids into received and historical (readable channel history); refuses the rest. */
async function accessForFlags(db: ChatDb, scope: MessageScope, ids: number[], strict: boolean) {
  const received = await receivedIds(db, scope.user.id, ids);
  const others = ids.filter((id) => !received.has(id));
  const historical: number[] = [];
  for (const m of await messagesByIds(db, others)) {
    const stream = m.realm_id === scope.realm.id && m.stream_id !== null ? scope.streams.get(m.stream_id) : undefined;
    if (stream && canReadChannelHistory(scope, stream)) historical.push(m.id);
  }
  if (strict && historical.length !== others.length) throw invalidMessage();
  return { received: [...received], historical };
}

/** compat (FL 355): marking unread is ignored in channels the user is not subscribed to. */
async function dropUnsubscribed(db: ChatDb, scope: MessageScope, ids: number[]): Promise<{ ids: number[]; ignoredChannels: number[] }> {
  const ignored = new Set<number>();
  const kept: number[] = [];
  for (const m of await messagesByIds(db, ids)) {
    if (m.stream_id !== null && !subscribed(scope, m.stream_id)) ignored.add(m.stream_id);
    else kept.push(m.id);
  }
  return { ids: kept, ignoredChannels: [...ignored].sort((a, b) => a - b) };
}

export const updateFlags = handler({ messages: required("messages", json(list(int()))), change: flagChange }, async (ctx, { messages, change }) => {
  const { deps } = ctx;
  const { db } = deps;
  const { op, flag } = change;
  const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
  const access = await accessForFlags(db, scope, [...new Set(messages)], true);
  let ids = [...access.received, ...access.historical];
  let historical = access.historical;
  const out: Record<string, unknown> = { messages };
  if (op === "remove" && flag === "read") {
    const kept = await dropUnsubscribed(db, scope, ids);
    ids = kept.ids;
    historical = historical.filter((id) => kept.ids.includes(id));
    if (kept.ignoredChannels.length) out.ignored_because_not_subscribed_channels = kept.ignoredChannels;
  }
  await doUpdateMessageFlags(deps, { userId: ctx.user.id, flag, op, ids, historical });
  return out;
});

export const updateFlagsForNarrow = raising(["BAD_NARROW"], handler(
  {
    anchor: refine(required("anchor", raw()), parseAnchor),
    includeAnchor: withDefault("include_anchor", json(bool), true),
    numBefore: required("num_before", json(int({ min: 0 }))),
    numAfter: required("num_after", json(int({ min: 0 }))),
    narrow: refine(withDefault("narrow", json(anything), []), parseNarrow),
    change: flagChange,
  },
  async (ctx, args) => {
    const { deps } = ctx;
    const { db } = deps;
    const { anchor, includeAnchor, narrow, change: { op, flag } } = args;
    let { numBefore, numAfter } = args;
    checkAnchorExclusion(numBefore, numAfter, includeAnchor);
    // compat: unlike GET /messages, a window too large is clamped, not refused (Zulip's
    // MAX_MESSAGES_PER_UPDATE, the part before the anchor keeping up to half when both sides ask for much).
    numBefore = Math.min(numBefore, Math.max(MAX_MESSAGES_PER_UPDATE - numAfter, MAX_MESSAGES_PER_UPDATE / 2));
    numAfter = Math.min(numAfter, MAX_MESSAGES_PER_UPDATE - numBefore);
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const plan = await planNarrow(deps, scope, narrow);
    const resolved = await resolveAnchor(deps, plan, anchor === "date" ? "newest" : anchor, undefined);
    const window = await fetchWindow(deps, plan, resolved, numBefore, numAfter, includeAnchor);
    const processed = window.rows.map((r) => r.id);
    const access = await accessForFlags(db, scope, processed, false);
    let ids = [...access.received, ...access.historical];
    let ignoredChannels: number[] = [];
    if (op === "remove" && flag === "read") ({ ids, ignoredChannels } = await dropUnsubscribed(db, scope, ids));
    const { changed } = await doUpdateMessageFlags(deps, { userId: ctx.user.id, flag, op, ids, historical: access.historical.filter((id) => ids.includes(id)) });
    const out: Record<string, unknown> = {
      processed_count: processed.length,
      updated_count: changed.length,
      first_processed_id: processed[0] ?? null,
      last_processed_id: processed[processed.length - 1] ?? null,
      found_oldest: window.foundOldest,
      found_newest: window.foundNewest,
    };
    if (ignoredChannels.length) out.ignored_because_not_subscribed_channels = ignoredChannels;
    return out;
  },
));

export const markAllAsRead = handler({}, async (ctx) => {
  await doMarkRead(ctx.deps, ctx.user.id, {});
  return { complete: true };
});

export const markChannelAsRead = handler({ streamId: required("stream_id", json(int())) }, async (ctx, { streamId }) => {
  const { deps } = ctx;
  const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
  const stream = scope.streams.get(streamId);
  if (!stream || (!canReadChannelHistory(scope, stream) && !subscribed(scope, streamId))) throw new BadRequestError("Invalid channel ID");
  await doMarkRead(deps, ctx.user.id, { streamId });
  return {};
});

export const markTopicAsRead = handler({ streamId: required("stream_id", json(int())), topicName: required("topic_name", raw()) }, async (ctx, { streamId, topicName }) => {
  const { deps } = ctx;
  const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
  const stream = scope.streams.get(streamId);
  if (!stream || (!canReadChannelHistory(scope, stream) && !subscribed(scope, streamId))) throw new BadRequestError("Invalid channel ID");
  const topic = topicName.trim();
  await doMarkRead(deps, ctx.user.id, { streamId, topicKey: topicKey(isEmptyTopicAlias(topic) ? "" : topic) });
  return {};
});
