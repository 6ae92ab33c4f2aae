// POST /realm/test_welcome_bot_custom_message (administrators) and POST /realm/deactivate
// (owners).
import type { Api } from "../http/endpoint.js";
import { BadRequestError, mustBeAdmin, mustBeOwner } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { int, nullable } from "../http/validators.js";
import { isAdmin, isOwner } from "../lib/roles.js";
import { doDeactivateRealm, doSendTestWelcomeMessage } from "../actions/realm-admin.js";

/** server_min_deactivated_realm_deletion_days / server_max_… as /register advertises them. */
const MIN_DELETION_DAYS = 14;

export function register(api: Api): void {
  const { deps } = api;

  api.user("POST", "/realm/test_welcome_bot_custom_message", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const text = params.required("welcome_message_custom_text", raw({ maxLength: 8000 }));
    return { message_id: await doSendTestWelcomeMessage(deps, realm, user, text) };
  });

  api.user("POST", "/realm/deactivate", async ({ params, user, realm }) => {
    if (!isOwner(user)) throw mustBeOwner();
    const days = params.optional("deletion_delay_days", json(nullable(int())));
    // compat: the server's maximum is null (no limit), so null (keep the data) is allowed.
    if (typeof days === "number" && days < MIN_DELETION_DAYS) throw new BadRequestError(`Data deletion time must be at least ${MIN_DELETION_DAYS} days in the future.`);
    await doDeactivateRealm(deps, realm);
    return {};
  });
}
