// GET /messages/{message_id}/read_receipts: who has read a message the caller can access.
import { handler } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { messageScope } from "../actions/message-context.js";
import { currentRealmSettings } from "../actions/realm-settings.js";
import { readReceiptUserIds } from "../store/read-receipts.js";
import { pathId } from "./access.js";
import { accessMessage } from "./message-access.js";

export const readReceipts = handler({}, async (ctx) => {
  const { deps } = ctx;
  const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
  const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
  if (!(await currentRealmSettings(deps, ctx.realm)).enable_read_receipts) throw new BadRequestError("Read receipts are disabled in this organization.");
  return { user_ids: await readReceiptUserIds(deps.db, message.id, message.sender_id, ctx.user.id) };
});
