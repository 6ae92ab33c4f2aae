// POST /messages/{message_id}/report (FL 382; report types from the server since FL 435).
import { handler } from "../http/endpoint.js";
import { refine, required, withDefault } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { raw } from "../http/params.js";
import { messageScope } from "../actions/message-context.js";
import { doReportMessage } from "../actions/report-message.js";
import { MAX_REPORT_DESCRIPTION_LENGTH, reportTypeName } from "../lib/report-types.js";
import { pathId } from "./access.js";
import { accessMessage } from "./message-access.js";

export const reportMessage = handler(
  {
    reportType: refine(required("report_type", raw()), (type) => {
      if (reportTypeName(type) === undefined) throw new BadRequestError("Invalid report_type");
      return type;
    }),
    description: withDefault("description", raw({ maxLength: MAX_REPORT_DESCRIPTION_LENGTH }), ""),
  },
  async (ctx, { reportType, description }) => {
    const { deps } = ctx;
    if (reportType === "other" && description === "") throw new BadRequestError("An explanation is required.");
    const scope = await messageScope(deps, ctx.realm, ctx.user);
    const channelId = scope.settings.moderation_request_channel_id;
    const channel = channelId === null ? undefined : scope.streams.get(channelId);
    // compat: the wording of the specification's example, not the newer server's.
    if (!channel || channel.deactivated) throw new BadRequestError("Moderation request channel must be specified to enable message reporting.");
    const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
    await doReportMessage(deps, { scope, channel, message, reportType, description, now: deps.clock.now().getTime() });
    return {};
  },
);
