// GET /messages and GET /messages/{message_id}.
import { sql } from "kysely";
import type { ChatDeps } from "../deps.js";
import { handler, raising } from "../http/endpoint.js";
import { given, optional, refine, withDefault } from "../http/declare.js";
import { JsonText, serializeBody } from "../http/envelope.js";
import { BadRequestError, RequestVariableMissingError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { anything, bool, int, list } from "../http/validators.js";
import { messageScope, type MessageScope } from "../actions/message-context.js";
import { highlightHtml, highlightText } from "../lib/highlight.js";
import { parseNarrow } from "../lib/narrow.js";
import { displayTopic } from "../lib/topics.js";
import type { EditHistoryPolicy } from "../lib/edit-history.js";
import type { MessageViewOptions } from "../present/message.js";
import { firstId, matchingIds, walkIds, type IdRow } from "../store/message-query.js";
import { pathId } from "./access.js";
import { accessMessage } from "./message-access.js";
import { loadMessageDicts, loadMessages, loadMessagesJson } from "./message-loader.js";
import { planNarrow, type NarrowPlan } from "./narrow-filter.js";

export const LARGER_THAN_MAX_MESSAGE_ID = 10000000000000000;
export const MAX_MESSAGES_PER_FETCH = 5000;

/** The view with the edit history the realm lets members see. */
const withHistory = (view: MessageViewOptions, scope: MessageScope): MessageViewOptions => ({ ...view, editHistory: scope.settings.message_edit_history_visibility_policy as EditHistoryPolicy });

/** An excluded anchor must sit at one end of the window: a window around it cannot skip it. */
export function checkAnchorExclusion(numBefore: number, numAfter: number, includeAnchor: boolean): void {
  if (numBefore > 0 && numAfter > 0 && !includeAnchor) throw new BadRequestError("The anchor can only be excluded at an end of the range");
}

export type Anchor = number | "newest" | "oldest" | "first_unread" | "date";

export function parseAnchor(value: string): Anchor {
  if (value === "newest" || value === "oldest" || value === "first_unread" || value === "date") return value;
  if (!/^-?\d+$/.test(value.trim())) throw new BadRequestError("Invalid anchor");
  const n = Number(value.trim());
  return n < 0 ? 0 : Math.min(n, LARGER_THAN_MAX_MESSAGE_ID);
}

/** The numeric anchor a narrow resolves to. */
export async function resolveAnchor(deps: ChatDeps, plan: NarrowPlan, anchor: Anchor, anchorDate: number | undefined): Promise<number> {
  const { db } = deps;
  if (anchor === "newest") return LARGER_THAN_MAX_MESSAGE_ID;
  if (anchor === "oldest") return 0;
  if (anchor === "first_unread") {
    // Unread means an unread user_messages row, so only the user's own rows are walked.
    return (await firstId(db, { ...plan.filter, history: false }, [sql`(um.flags & 1) = 0`])) ?? LARGER_THAN_MAX_MESSAGE_ID;
  }
  if (anchor === "date") return (await firstId(db, plan.filter, [sql`m.date_sent >= ${anchorDate!}`])) ?? LARGER_THAN_MAX_MESSAGE_ID;
  return anchor;
}

export interface Window {
  rows: IdRow[];
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
}

/** Zulip's limit_query_to_range and post_process_limited_query. */
export async function fetchWindow(deps: ChatDeps, plan: NarrowPlan, anchor: number, numBefore: number, numAfter: number, includeAnchor: boolean): Promise<Window> {
  const { db } = deps;
  const anchoredLeft = anchor === 0;
  const anchoredRight = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  if (anchoredRight) numAfter = 0;
  const needBefore = !anchoredLeft && numBefore > 0;
  const needAfter = !anchoredRight && numAfter > 0;
  let rows: IdRow[];
  if (needBefore && needAfter) {
    const [before, after] = await Promise.all([walkIds(db, plan.filter, "before", anchor - 1, numBefore), walkIds(db, plan.filter, "after", anchor, numAfter + 1)]);
    rows = [...before.reverse(), ...after];
  } else if (needBefore) {
    const limit = numBefore + (anchoredRight ? 0 : Number(includeAnchor));
    rows = (await walkIds(db, plan.filter, "before", anchor - Number(!includeAnchor), limit)).reverse();
  } else if (needAfter) {
    rows = await walkIds(db, plan.filter, "after", anchor + Number(!includeAnchor), numAfter + Number(includeAnchor));
  } else {
    rows = await matchingIds(db, plan.filter, [anchor]);
  }
  let before: IdRow[], at: IdRow[], after: IdRow[];
  if (anchoredRight) {
    [before, at, after] = [rows, [], []];
  } else {
    before = rows.filter((r) => r.id < anchor);
    at = includeAnchor ? rows.filter((r) => r.id === anchor) : [];
    after = rows.filter((r) => r.id > anchor);
  }
  if (numBefore) before = before.slice(-numBefore);
  else before = [];
  if (numAfter) after = after.slice(0, numAfter);
  else after = [];
  return {
    rows: [...before, ...at, ...after],
    foundAnchor: at.length === 1,
    foundOldest: anchoredLeft || before.length < numBefore,
    foundNewest: anchoredRight || after.length < numAfter,
  };
}

const applyMarkdownParam = withDefault("apply_markdown", json(bool), true);
const allowEmptyTopicNameParam = withDefault("allow_empty_topic_name", json(bool), false);

export const getMessages = raising(["BAD_NARROW", "REQUEST_VARIABLE_MISSING"], handler(
  {
    anchorRaw: optional("anchor", raw()),
    includeAnchorGiven: given("include_anchor"),
    includeAnchor: withDefault("include_anchor", json(bool), true),
    anchorDateRaw: optional("anchor_date", raw()),
    numBefore: optional("num_before", json(int({ min: 0 }))),
    numAfter: optional("num_after", json(int({ min: 0 }))),
    narrow: refine(withDefault("narrow", json(anything), []), parseNarrow),
    useFirstUnreadGiven: given("use_first_unread_anchor"),
    useFirstUnread: withDefault("use_first_unread_anchor", json(bool), false),
    clientGravatar: withDefault("client_gravatar", json(bool), true),
    applyMarkdown: applyMarkdownParam,
    messageIds: optional("message_ids", json(list(int()))),
    allowEmptyTopicName: allowEmptyTopicNameParam,
  },
  async (ctx, args) => {
    const { deps } = ctx;
    const { db } = deps;
    const { anchorRaw, includeAnchorGiven, includeAnchor, anchorDateRaw, numBefore, numAfter, narrow, useFirstUnread, clientGravatar, applyMarkdown, messageIds, allowEmptyTopicName } = args;
    const view = { applyMarkdown, clientGravatar, allowEmptyTopicName };

    if (messageIds !== undefined) {
      const given = [anchorRaw !== undefined && "anchor", includeAnchorGiven && "include_anchor", numBefore !== undefined && "num_before", numAfter !== undefined && "num_after", args.useFirstUnreadGiven && "use_first_unread_anchor"].filter(Boolean) as string[];
      if (given.length) {
        const names = ["message_ids", ...given].join(", ");
        throw new BadRequestError(`Unsupported parameter combination: ${names}`, { parameters: names });
      }
      const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
      const plan = await planNarrow(deps, scope, narrow);
      const rows = await matchingIds(db, plan.filter, messageIds);
      return { messages: await present(plan, rows, scope), history_limited: false };
    }

    if (numBefore === undefined) throw new RequestVariableMissingError("num_before");
    if (numAfter === undefined) throw new RequestVariableMissingError("num_after");
    if (numBefore + numAfter > MAX_MESSAGES_PER_FETCH) throw new BadRequestError(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
    checkAnchorExclusion(numBefore, numAfter, includeAnchor);
    let anchor: Anchor;
    if (anchorRaw !== undefined) anchor = parseAnchor(anchorRaw);
    else if (useFirstUnread) anchor = "first_unread";
    else throw new BadRequestError("Missing 'anchor' argument.");
    if (useFirstUnread) anchor = "first_unread";
    let anchorDate: number | undefined;
    if (anchor === "date") {
      if (anchorDateRaw === undefined) throw new RequestVariableMissingError("anchor_date");
      anchorDate = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(anchorDateRaw) ? `${anchorDateRaw}T00:00:00Z` : anchorDateRaw);
      if (Number.isNaN(anchorDate)) throw new BadRequestError("anchor_date is not a date");
    }

    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const plan = await planNarrow(deps, scope, narrow);
    const resolved = await resolveAnchor(deps, plan, anchor, anchorDate);
    const window = await fetchWindow(deps, plan, resolved, numBefore, numAfter, includeAnchor);
    return {
      anchor: resolved,
      found_newest: window.foundNewest,
      found_oldest: window.foundOldest,
      found_anchor: window.foundAnchor,
      history_limited: false,
      messages: await present(plan, window.rows, scope),
    };

    async function present(plan: NarrowPlan, rows: IdRow[], scope: MessageScope) {
      if (!plan.search) {
        // The page's JSON written directly: same bytes, no dict objects (messages-json.test.ts).
        // A custom serializer leaves the content type to us.
        ctx.reply.serializer(serializeBody).type("application/json; charset=utf-8");
        return new JsonText(await loadMessagesJson(db, ctx.realm, rows, withHistory(view, scope), scope.state));
      }
      const { dicts, byId: raws } = await loadMessages(db, ctx.realm, rows, withHistory(view, scope), scope.state);
      if (plan.search) {
        const { words, phrases } = plan.search;
        for (const dict of dicts) {
          const m = raws.get(dict.id as number)!;
          dict.match_content = highlightHtml(m.rendered_content, words, phrases);
          dict.match_subject = highlightText(m.stream_id === null ? "" : displayTopic(m.topic, allowEmptyTopicName), words, phrases);
        }
      }
      return dicts;
    }
  },
));

export const getMessage = handler({ applyMarkdown: applyMarkdownParam, allowEmptyTopicName: allowEmptyTopicNameParam }, async (ctx, { applyMarkdown, allowEmptyTopicName }) => {
  const { deps } = ctx;
  const { db } = deps;
  const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
  const { message, flags } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
  const [dict] = await loadMessageDicts(db, ctx.realm, [{ id: message.id, flags }], withHistory({ applyMarkdown, clientGravatar: false, allowEmptyTopicName }, scope), scope.state);
  return { raw_content: message.content, message: dict };
});
