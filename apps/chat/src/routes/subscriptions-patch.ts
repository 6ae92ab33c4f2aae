// PATCH /users/me/subscriptions: subscribe to `add` and unsubscribe from `delete` in one call,
// answering with both halves' keys (Zulip's update_subscriptions_backend).
import { handler, raising } from "../http/endpoint.js";
import { withDefault } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json } from "../http/params.js";
import { field, list, object, optionalField, string } from "../http/validators.js";
import { MAX_CHANNEL_DESCRIPTION_LENGTH } from "../actions/channel-checks.js";
import { defaultChannelSettings } from "./channel-settings.js";
import { addSubscriptions, removeSubscriptions } from "./subscriptions.js";

// compat: `color` is accepted and, as with POST /users/me/subscriptions, not applied.
const additions = list(object({ name: field(string()), color: optionalField(string()), description: optionalField(string({ maxLength: MAX_CHANNEL_DESCRIPTION_LENGTH })) }));

export const updateSubscriptions = raising(["STREAM_DOES_NOT_EXIST", "UNAUTHORIZED_PRINCIPAL"], handler(
  { remove: withDefault("delete", json(list(string())), []), add: withDefault("add", json(additions), []) },
  async (ctx, { remove, add }) => {
    if (!add.length && !remove.length) throw new BadRequestError('Nothing to do. Specify at least one of "add" or "delete".');
    // Channels created here take every channel setting's default.
    const added = await addSubscriptions(ctx.deps, ctx, { requests: add, settings: defaultChannelSettings(), retentionGiven: false, principals: undefined, fatal: true });
    const removed = await removeSubscriptions(ctx.deps, ctx, remove, undefined);
    return { ...added, ...removed };
  },
));
