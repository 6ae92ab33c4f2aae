// Personal settings of a subscription (colour, muting, notifications), and membership checks.
import { handler, type UserContext } from "../http/endpoint.js";
import { refine, required } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { anything, field, int, list, object, string } from "../http/validators.js";
import type { Updateable } from "kysely";
import type { Flag, SubscriptionTable } from "../store/schema.js";
import { subscribersByStream } from "../store/subscriptions.js";
import { setSubscriptionProperties, type PropertyChange } from "../actions/subscriptions.js";
import { accessUserById, pathId } from "./access.js";
import { accessChannelById, channelScope } from "./channel-access.js";

const BOOLEAN_PROPERTIES = ["is_muted", "in_home_view", "pin_to_top", "desktop_notifications", "audible_notifications", "push_notifications", "email_notifications", "wildcard_mentions_notify"];

interface Change {
  stream_id: number;
  property: string;
  value: unknown;
}

/** The column update for one property change, with Zulip's messages for bad values. */
function columnsFor(change: Change): Updateable<SubscriptionTable> {
  const { property, value } = change;
  if (property === "color") {
    if (typeof value !== "string" || !/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)) throw new BadRequestError(`${property} is not a valid hex color code`);
    return { color: value.toLowerCase() };
  }
  if (!BOOLEAN_PROPERTIES.includes(property)) throw new BadRequestError(`Unknown subscription property: ${property}`);
  if (typeof value !== "boolean") throw new BadRequestError(`${property} is not a boolean`);
  const flag: Flag = value ? 1 : 0;
  // compat: in_home_view is the deprecated inverse of is_muted.
  if (property === "in_home_view") return { is_muted: value ? 0 : 1 };
  return { [property]: flag };
}

/**
 * The single form's `value`: a JSON boolean, else the plain text (a colour such as `#c2c2c2`), as
 * Zulip's `Json[bool] | str`. A JSON-quoted string is unquoted too, as this server always took it.
 */
function boolOrString(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "boolean" || typeof parsed === "string") return parsed;
  } catch {
    // not JSON: the plain text itself
  }
  return text;
}

async function apply(ctx: UserContext, changes: Change[]): Promise<void> {
  const scope = await channelScope(ctx.deps.db, ctx);
  const updates: PropertyChange[] = [];
  for (const change of changes) {
    if (change.property !== "color" && !BOOLEAN_PROPERTIES.includes(change.property)) throw new BadRequestError(`Unknown subscription property: ${change.property}`);
    const stream = accessChannelById(scope, ctx, change.stream_id);
    const sub = scope.subs.get(stream.id);
    if (!sub?.active) throw new BadRequestError(`Not subscribed to channel ID ${stream.id}`);
    updates.push({ subscriptionId: sub.id, streamId: stream.id, property: change.property, columns: columnsFor(change) });
  }
  await setSubscriptionProperties(ctx.deps, ctx.realm.id, ctx.user.id, updates);
}

export const updateSubscriptionProperties = handler(
  { data: required("subscription_data", json(list(object({ stream_id: field(int()), property: field(string()), value: field(anything) })))) },
  async (ctx, { data }) => {
    await apply(ctx, data);
    return {};
  },
);

export const updateSubscriptionProperty = handler(
  { property: required("property", raw()), value: refine(required("value", raw()), boolOrString) },
  async (ctx, { property, value }) => {
    await apply(ctx, [{ stream_id: pathId(ctx.path.stream_id) ?? -1, property, value }]);
    return {};
  },
);

export const isSubscribed = handler({}, async (ctx) => {
  const { db } = ctx.deps;
  const target = await accessUserById(db, ctx, pathId(ctx.path.user_id) ?? -1, { allowDeactivated: true, allowBots: true });
  const scope = await channelScope(db, ctx);
  const stream = accessChannelById(scope, ctx, pathId(ctx.path.stream_id));
  const subscribers = (await subscribersByStream(db, [stream.id])).get(stream.id) ?? [];
  return { is_subscribed: subscribers.includes(target.id) };
});
