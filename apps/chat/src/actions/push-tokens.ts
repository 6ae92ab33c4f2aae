// Legacy push registrations (APNs device tokens, FCM registration ids), deprecated since
// Zulip 11 in favour of E2EE registration. They are kept so old clients succeed; Beacon does
// not forward them to the bouncer.
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { deletePushToken, pushToken, upsertPushToken } from "../store/push.js";
import type { User } from "../store/users.js";

export async function doAddPushToken(deps: ChatDeps, user: User, kind: number, token: string, iosAppId: string | null): Promise<void> {
  await upsertPushToken(deps.db, { user_id: user.id, kind, token, ios_app_id: iosAppId, date_created: deps.clock.now().getTime() });
}

export async function doRemovePushToken(deps: ChatDeps, user: User, kind: number, token: string): Promise<void> {
  const row = await pushToken(deps.db, user.id, kind, token);
  if (!row) throw new BadRequestError("Token does not exist");
  await deletePushToken(deps.db, row.id);
}
