// Default channel groups, for administrators (Zulip's /default_stream_groups endpoints, which
// its web app uses): create, rename or describe, add or remove channels, delete. The list is
// /register's realm_default_stream_groups.
import { guarded, handler, type UserContext } from "../http/endpoint.js";
import { optional, required } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { list, string } from "../http/validators.js";
import {
  accessDefaultStreamGroup,
  checkAddStreamsToDefaultStreamGroup,
  checkCreateDefaultStreamGroup,
  checkRemoveStreamsFromDefaultStreamGroup,
  checkRenameDefaultStreamGroup,
  doChangeDefaultStreamGroupDescription,
  doRemoveDefaultStreamGroup,
} from "../actions/default-stream-groups.js";
import type { Stream } from "../store/streams.js";
import { pathId } from "./access.js";
import { channelByName, channelScope, visible } from "./channel-access.js";
import { requireAdmin } from "./guards.js";

const streamNames = required("stream_names", json(list(string())));

/** Zulip's access_stream_by_name for each name, in order. */
async function accessChannelsByName(ctx: UserContext, names: string[]): Promise<Stream[]> {
  const scope = await channelScope(ctx.deps.db, ctx);
  return names.map((name) => {
    const stream = channelByName(scope, name);
    if (!stream || !visible(scope, ctx, stream)) throw new BadRequestError(`Invalid channel name '${name}'`);
    return stream;
  });
}

const group = (ctx: UserContext) => accessDefaultStreamGroup(ctx.deps.db, ctx.realm.id, pathId(ctx.path.group_id));

export const createDefaultStreamGroup = guarded(
  requireAdmin,
  handler({ name: required("group_name", raw()), description: required("description", raw()), streamNames }, async (ctx, args) => {
    await checkCreateDefaultStreamGroup(ctx.deps, ctx.realm.id, args.name, args.description, await accessChannelsByName(ctx, args.streamNames));
    return {};
  }),
);

export const updateDefaultStreamGroupInfo = guarded(
  requireAdmin,
  handler({ name: optional("new_group_name", raw()), description: optional("new_description", raw()) }, async (ctx, { name, description }) => {
    if (!name && !description) throw new BadRequestError('You must pass "new_description" or "new_group_name".');
    const found = await group(ctx);
    if (name !== undefined) await checkRenameDefaultStreamGroup(ctx.deps, found, name);
    if (description !== undefined) await doChangeDefaultStreamGroupDescription(ctx.deps, found, description);
    return {};
  }),
);

export const updateDefaultStreamGroupStreams = guarded(
  requireAdmin,
  handler({ op: required("op", raw()), streamNames }, async (ctx, args) => {
    const found = await group(ctx);
    const streams = await accessChannelsByName(ctx, args.streamNames);
    if (args.op === "add") await checkAddStreamsToDefaultStreamGroup(ctx.deps, found, streams);
    else if (args.op === "remove") await checkRemoveStreamsFromDefaultStreamGroup(ctx.deps, found, streams);
    else throw new BadRequestError('Invalid value for "op". Specify one of "add" or "remove".');
    return {};
  }),
);

export const removeDefaultStreamGroup = guarded(
  requireAdmin,
  handler({}, async (ctx) => {
    await doRemoveDefaultStreamGroup(ctx.deps, await group(ctx));
    return {};
  }),
);
