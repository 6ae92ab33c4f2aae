// POST /realm/test_welcome_bot_custom_message (administrators) and POST /realm/deactivate
// (owners).
import { guarded, handler } from "../http/endpoint.js";
import { optional, required } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { int, nullable } from "../http/validators.js";
import { doDeactivateRealm, doSendTestWelcomeMessage } from "../actions/realm-admin.js";
import { requireAdmin, requireOwner } from "./guards.js";

/** server_min_deactivated_realm_deletion_days / server_max_… as /register advertises them. */
const MIN_DELETION_DAYS = 14;

export const testWelcomeBotMessage = guarded(
  requireAdmin,
  handler({ text: required("welcome_message_custom_text", raw({ maxLength: 8000 })) }, async ({ deps, user, realm }, { text }) => ({
    message_id: await doSendTestWelcomeMessage(deps, realm, user, text),
  })),
);

export const deactivateRealm = guarded(
  requireOwner,
  handler({ days: optional("deletion_delay_days", json(nullable(int()))) }, async ({ deps, realm }, { days }) => {
    // compat: the server's maximum is null (no limit), so null (keep the data) is allowed.
    if (typeof days === "number" && days < MIN_DELETION_DAYS) throw new BadRequestError(`Data deletion time must be at least ${MIN_DELETION_DAYS} days in the future.`);
    await doDeactivateRealm(deps, realm);
    return {};
  }),
);
