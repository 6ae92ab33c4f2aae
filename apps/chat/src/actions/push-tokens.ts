// Legacy push registrations (APNs device tokens, FCM registration ids), deprecated since
// Zulip 11 in favour of E2EE registration but still used by older app versions. Each token is
// kept here (it says the user has a phone to push to) and, with a bouncer configured,
// registered with the bouncer too, which is what lets the bouncer deliver to it.
import type { ChatDeps } from "../deps.js";
import { externalHost, realmUrl } from "../config.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { legacyTestPayload } from "../lib/push-payloads.js";
import { legacyUserUuid } from "../lib/push.js";
import { BouncerRefusedError } from "../lib/push-errors.js";
import { deletePushToken, pushToken, upsertPushToken } from "../store/push.js";
import { legacyTokensOf } from "../store/push-delivery.js";
import type { Realm } from "../store/realms.js";
import { TOKEN_KIND_APNS } from "../store/schema.js";
import type { User } from "../store/users.js";
import { postToBouncer } from "./push-bouncer.js";
import { realmUuid } from "./push.js";
import { pushConfigured } from "./push-status.js";

async function tellBouncer(deps: ChatDeps, user: User, path: "register" | "unregister", fields: Record<string, string>): Promise<void> {
  if (!pushConfigured(deps)) return;
  const realm = await realmUuid(deps, user.realm_id);
  const form = { server_uuid: deps.config.pushOrgId, user_uuid: legacyUserUuid(realm, user.id), realm_uuid: realm, user_id: String(user.id), ...fields };
  try {
    await postToBouncer(deps.config, `remotes/push/${path}`, { form });
  } catch (error) {
    // compat: Zulip passes the bouncer's refusal on to the client as its own error.
    if (error instanceof BouncerRefusedError) throw new BadRequestError(error.message);
    throw error;
  }
}

export async function doAddPushToken(deps: ChatDeps, user: User, kind: number, token: string, iosAppId: string | null): Promise<void> {
  await upsertPushToken(deps.db, { user_id: user.id, kind, token, ios_app_id: iosAppId, date_created: deps.clock.now().getTime() });
  await tellBouncer(deps, user, "register", { token, token_kind: String(kind), ...(kind === TOKEN_KIND_APNS ? { ios_app_id: iosAppId ?? "" } : {}) });
}

export async function doRemovePushToken(deps: ChatDeps, user: User, kind: number, token: string): Promise<void> {
  const row = await pushToken(deps.db, user.id, kind, token);
  if (!row) throw new BadRequestError("Token does not exist");
  await deletePushToken(deps.db, row.id);
  await tellBouncer(deps, user, "unregister", { token, token_kind: String(kind) });
}

export class InvalidPushDeviceTokenError extends ZulipError {
  constructor() {
    super("Device not recognized", { code: "INVALID_PUSH_DEVICE_TOKEN" });
  }
}

export class InvalidRemotePushDeviceTokenError extends ZulipError {
  constructor() {
    super("Device not recognized by the push bouncer", { code: "INVALID_REMOTE_PUSH_DEVICE_TOKEN" });
  }
}

/**
 * The deprecated POST /mobile_push/test_notification: a test push to one legacy token of the
 * user's, or to all of them, each through the bouncer's /remotes/push/test_notification (Zulip's
 * send_test_push_notification). Without a bouncer there is nowhere to send it.
 */
export async function doSendLegacyTestNotification(deps: ChatDeps, user: User, realm: Realm, token: string | undefined): Promise<void> {
  const owned = (await legacyTokensOf(deps.db, [user.id])).get(user.id) ?? [];
  const devices = token === undefined ? owned : owned.filter((t) => t.token === token);
  if (token !== undefined && !devices.length) throw new InvalidPushDeviceTokenError();
  if (!pushConfigured(deps)) return;
  const uuid = await realmUuid(deps, realm.id);
  const pushRealm = { id: realm.id, name: realm.name, url: realmUrl(deps.config, realm.string_id), host: externalHost(deps.config) };
  for (const device of devices) {
    const body = { realm_uuid: uuid, user_uuid: legacyUserUuid(uuid, user.id), user_id: user.id, token: device.token, token_kind: device.kind, base_payload: legacyTestPayload(pushRealm, user.id) };
    try {
      await postToBouncer(deps.config, "remotes/push/test_notification", { json: JSON.stringify(body) });
    } catch (error) {
      if (error instanceof BouncerRefusedError && error.code === "INVALID_REMOTE_PUSH_DEVICE_TOKEN") throw new InvalidRemotePushDeviceTokenError();
      if (error instanceof BouncerRefusedError) throw new BadRequestError(error.message);
      throw error;
    }
  }
}
