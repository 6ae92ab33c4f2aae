// GET/PUT/DELETE /bot_storage: only bots may use it (since Zulip 12.0, feature level 494).
import { guarded, handler, raising, type UserContext } from "../http/endpoint.js";
import { ParamValidationError, PermissionDeniedError } from "../http/errors.js";
import { optional, required } from "../http/declare.js";
import { json } from "../http/params.js";
import { list, string, type Validator } from "../http/validators.js";
import { doPutBotStorage, doRemoveBotStorage, getBotStorage } from "../actions/bot-storage.js";

const stringMap: Validator<[string, string][]> = (value, path) => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ParamValidationError(`${path} is not a dict`);
  return Object.entries(value).map(([key, v]) => {
    if (typeof v !== "string") throw new ParamValidationError(`${path}[${JSON.stringify(key)}] is not a string`);
    return [key, v];
  });
};

function botsOnly({ user }: UserContext): void {
  if (!user.is_bot) throw new PermissionDeniedError("Must be a bot user");
}

const keys = optional("keys", json(list(string())));

export const getStorage = raising(["PERMISSION_DENIED"], guarded(
  botsOnly,
  handler({ keys }, async ({ deps, user }, args) => ({ storage: await getBotStorage(deps, user.id, args.keys) })),
));

export const putStorage = raising(["PERMISSION_DENIED"], guarded(
  botsOnly,
  handler({ storage: required("storage", json(stringMap)) }, async ({ deps, user }, { storage }) => {
    await doPutBotStorage(deps, user.id, storage);
    return {};
  }),
));

export const removeStorage = raising(["PERMISSION_DENIED"], guarded(
  botsOnly,
  handler({ keys }, async ({ deps, user }, args) => {
    await doRemoveBotStorage(deps, user.id, args.keys);
    return {};
  }),
));
