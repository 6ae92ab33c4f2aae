// User status: set one's own (POST /users/me/status), an administrator sets another user's
// (POST /users/{id}/status), anyone reads one (GET /users/{id}/status).
import type { Api, UserContext } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool } from "../http/validators.js";
import { checkStatusRequest, currentUserStatus, doUpdateUserStatus, MAX_STATUS_TEXT_LENGTH, type StatusRequest } from "../actions/user-status.js";
import { realmEmojiIndex } from "../store/realm-emoji.js";
import type { User } from "../store/users.js";
import { accessUserById, pathId } from "./access.js";

/** The parameters both POST forms share, read in Zulip's order. */
function readStatusParams(ctx: UserContext): StatusRequest {
  const { params } = ctx;
  return {
    emojiCode: params.optional("emoji_code", raw()),
    emojiName: params.optional("emoji_name", raw()),
    reactionType: params.optional("reaction_type", raw()),
    statusText: params.optional("status_text", raw({ strip: true, maxLength: MAX_STATUS_TEXT_LENGTH })),
  };
}

export function register(api: Api): void {
  const { deps } = api;
  const now = () => deps.clock.now().getTime();

  const update = async (ctx: UserContext, target: User, request: StatusRequest) => {
    const state = await ctx.state.realm(ctx.realm.id);
    const custom = state ? await realmEmojiIndex(deps.db, state) : { byId: new Map(), byName: new Map() };
    await doUpdateUserStatus(deps, target, checkStatusRequest(request, custom), now());
    return {};
  };

  api.user("POST", "/users/me/status", async (ctx) => {
    if (ctx.user.is_bot) throw new BadRequestError("This endpoint does not accept bot requests.");
    const away = ctx.params.optional("away", json(bool));
    return update(ctx, ctx.user, { away, ...readStatusParams(ctx) });
  });

  api.user("POST", "/users/:user_id/status", async (ctx) => {
    const request = readStatusParams(ctx);
    const target = await accessUserById(deps.db, ctx, pathId(ctx.path.user_id) ?? -1, { forAdmin: true });
    return update(ctx, target, request);
  });

  api.user("GET", "/users/:user_id/status", async (ctx) => {
    const target = await accessUserById(deps.db, ctx, pathId(ctx.path.user_id) ?? -1);
    return { status: await currentUserStatus(deps, target.id) };
  });
}
