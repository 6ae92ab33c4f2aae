// User status: set one's own (POST /users/me/status), an administrator sets another user's
// (POST /users/{id}/status), anyone reads one (GET /users/{id}/status).
import { guarded, handler, raising, type UserContext } from "../http/endpoint.js";
import { optional } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { bool } from "../http/validators.js";
import { checkStatusRequest, currentUserStatus, doUpdateUserStatus, MAX_STATUS_TEXT_LENGTH, type StatusRequest } from "../actions/user-status.js";
import { realmEmojiIndex } from "../store/realm-emoji.js";
import type { User } from "../store/users.js";
import { accessUserById, pathId } from "./access.js";
import { requireHuman } from "./guards.js";

/** The parameters both POST forms share, in Zulip's order. */
const statusParams = {
  emojiCode: optional("emoji_code", raw()),
  emojiName: optional("emoji_name", raw()),
  reactionType: optional("reaction_type", raw()),
  statusText: optional("status_text", raw({ strip: true, maxLength: MAX_STATUS_TEXT_LENGTH })),
};

async function update({ deps, state, realm }: UserContext, target: User, request: StatusRequest) {
  const realmState = await state.realm(realm.id);
  const custom = realmState ? await realmEmojiIndex(deps.db, realmState) : { byId: new Map(), byName: new Map() };
  await doUpdateUserStatus(deps, target, checkStatusRequest(request, custom), deps.clock.now().getTime());
  return {};
}

export const updateOwnStatus = guarded(
  requireHuman,
  handler({ away: optional("away", json(bool)), ...statusParams }, async (ctx, request) => update(ctx, ctx.user, request)),
);

export const updateUserStatus = raising(["UNAUTHORIZED_PRINCIPAL"], handler(statusParams, async (ctx, request) => {
  const target = await accessUserById(ctx.deps.db, ctx, pathId(ctx.path.user_id) ?? -1, { forAdmin: true });
  return update(ctx, target, request);
}));

export const userStatus = handler({}, async (ctx) => {
  const target = await accessUserById(ctx.deps.db, ctx, pathId(ctx.path.user_id) ?? -1);
  return { status: await currentUserStatus(ctx.deps, target.id) };
});
