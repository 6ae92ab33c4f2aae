// POST/DELETE /users/me/muted_users/{muted_user_id}. Bots and deactivated users may be muted.
import { handler } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { doMuteUser, doUnmuteUser } from "../actions/muted-users.js";
import { accessUserById, pathId } from "./access.js";

const target = { allowBots: true, allowDeactivated: true };

export const muteUser = handler({}, async (ctx) => {
  const { deps } = ctx;
  const id = pathId(ctx.path.muted_user_id) ?? -1;
  if (id === ctx.user.id) throw new BadRequestError("Cannot mute self");
  const muted = await accessUserById(deps.db, ctx, id, target);
  await doMuteUser(deps, ctx.user, muted, deps.clock.now().getTime());
  return {};
});

export const unmuteUser = handler({}, async (ctx) => {
  const muted = await accessUserById(ctx.deps.db, ctx, pathId(ctx.path.muted_user_id) ?? -1, target);
  await doUnmuteUser(ctx.deps, ctx.user, muted);
  return {};
});
