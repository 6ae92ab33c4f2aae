// POST /submessage: votes, options and ticks on /poll and /todo widgets.
import type { Api } from "../http/endpoint.js";
import { json, raw } from "../http/params.js";
import { int } from "../http/validators.js";
import { messageScope } from "../actions/message-context.js";
import { checkAddSubmessage } from "../actions/submessages.js";
import { accessMessage } from "./message-access.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("POST", "/submessage", async (ctx) => {
    const messageId = ctx.params.required("message_id", json(int()));
    const msgType = ctx.params.required("msg_type", raw());
    const content = ctx.params.required("content", raw());
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const { message } = await accessMessage(deps, scope, messageId);
    await checkAddSubmessage(deps, ctx.user, message, msgType, content);
    return {};
  });
}
