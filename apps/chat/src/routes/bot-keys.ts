// GET /bots/{bot_id}/api_key and POST /bots/{bot_id}/api_key/regenerate, for the bot's owner
// and organization administrators.
import { handler, type UserContext } from "../http/endpoint.js";
import { BadRequestError, insufficientPermission, mustBeOwner } from "../http/errors.js";
import { doIssueApiKey, regenerateApiKey } from "../actions/users.js";
import { isAdmin, isOwner } from "../lib/roles.js";
import { userInRealm, type User } from "../store/users.js";
import { pathId } from "./access.js";

/** Zulip's access_bot_by_id (deactivated bots included). */
async function accessBot(ctx: UserContext): Promise<User> {
  const id = pathId(ctx.path.bot_id);
  const bot = id === undefined ? undefined : await userInRealm(ctx.deps.db, ctx.realm.id, id);
  if (!bot || !bot.is_bot) throw new BadRequestError("No such bot");
  if (bot.bot_owner_id !== ctx.user.id && !isAdmin(ctx.user)) throw insufficientPermission();
  if (bot.can_create_users && !isOwner(ctx.user)) throw mustBeOwner();
  return bot;
}

// Keys are stored hashed, so the bot's existing keys cannot be shown: this issues one more
// key (earlier ones keep working), as POST /fetch_api_key does. See docs/chat.md.
export const botApiKey = handler({}, async (ctx) => {
  const bot = await accessBot(ctx);
  return { api_key: await doIssueApiKey(ctx.deps.db, bot.id, ctx.deps.clock.now().getTime()) };
});

export const regenerateBotApiKey = handler({}, async (ctx) => {
  const bot = await accessBot(ctx);
  return { api_key: await regenerateApiKey(ctx.deps, bot, ctx.deps.clock.now().getTime()) };
});
