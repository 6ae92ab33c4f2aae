// POST /users/me/presence: report one's own status and read everyone else's.
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int } from "../http/validators.js";
import { updateUserPresence } from "../actions/presence.js";
import { STATUS_ACTIVE, STATUS_IDLE } from "../lib/presence.js";
import { presenceResponse } from "./presence-state.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("POST", "/users/me/presence", async (ctx) => {
    const { params, user, realm } = ctx;
    // compat: typed_endpoint reads these in alphabetical order.
    const historyLimitDays = params.optional("history_limit_days", json(int()));
    const lastUpdateId = params.optional("last_update_id", json(int()));
    params.withDefault("new_user_input", json(bool), false);
    const pingOnly = params.withDefault("ping_only", json(bool), false);
    let slimPresence = params.withDefault("slim_presence", json(bool), false);
    const status = params.required("status", raw());
    if (user.is_bot) throw new BadRequestError("This endpoint does not accept bot requests.");
    // Passing last_update_id means the client speaks the modern format.
    if (lastUpdateId !== undefined) slimPresence = true;
    if (status !== STATUS_ACTIVE && status !== STATUS_IDLE) throw new BadRequestError(`Invalid status: ${status}`);
    const now = deps.clock.now().getTime();
    await updateUserPresence(deps, user, status, now);
    if (pingOnly) return {};
    return presenceResponse(deps.db, realm.id, now, { slim: slimPresence, lastUpdateId, historyLimitDays });
  });
}
