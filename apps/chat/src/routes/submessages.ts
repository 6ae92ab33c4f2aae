// POST /submessage: votes, options and ticks on /poll and /todo widgets.
import { handler } from "../http/endpoint.js";
import { required } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { int } from "../http/validators.js";
import { messageScope } from "../actions/message-context.js";
import { checkAddSubmessage } from "../actions/submessages.js";
import { accessMessage } from "./message-access.js";

export const addSubmessage = handler(
  { messageId: required("message_id", json(int())), msgType: required("msg_type", raw()), content: required("content", raw()) },
  async ({ deps, realm, user, state }, { messageId, msgType, content }) => {
    const scope = await messageScope(deps, realm, user, state);
    const { message } = await accessMessage(deps, scope, messageId);
    await checkAddSubmessage(deps, user, message, msgType, content);
    return {};
  },
);
