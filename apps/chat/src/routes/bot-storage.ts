// GET/PUT/DELETE /bot_storage: only bots may use it (since Zulip 12.0, feature level 494).
import type { Api } from "../http/endpoint.js";
import { ParamValidationError, PermissionDeniedError } from "../http/errors.js";
import { json } from "../http/params.js";
import { list, string, type Validator } from "../http/validators.js";
import { doPutBotStorage, doRemoveBotStorage, getBotStorage } from "../actions/bot-storage.js";
import type { User } from "../store/users.js";

const stringMap: Validator<[string, string][]> = (value, path) => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ParamValidationError(`${path} is not a dict`);
  return Object.entries(value).map(([key, v]) => {
    if (typeof v !== "string") throw new ParamValidationError(`${path}[${JSON.stringify(key)}] is not a string`);
    return [key, v];
  });
};

function checkBot(user: User): void {
  if (!user.is_bot) throw new PermissionDeniedError("Must be a bot user");
}

export function register(api: Api): void {
  const { deps } = api;

  api.user("GET", "/bot_storage", async ({ params, user }) => {
    checkBot(user);
    const keys = params.optional("keys", json(list(string())));
    return { storage: await getBotStorage(deps, user.id, keys) };
  });

  api.user("PUT", "/bot_storage", async ({ params, user }) => {
    checkBot(user);
    await doPutBotStorage(deps, user.id, params.required("storage", json(stringMap)));
    return {};
  });

  api.user("DELETE", "/bot_storage", async ({ params, user }) => {
    checkBot(user);
    await doRemoveBotStorage(deps, user.id, params.optional("keys", json(list(string()))));
    return {};
  });
}
