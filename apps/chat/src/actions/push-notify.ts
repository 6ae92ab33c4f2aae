// POST /mobile_push/e2ee/test_notification: one push request per registered device, sent
// through the bouncer's /remotes/push/e2ee/notify. Each payload is encrypted with the
// device's push key (lib/push-payloads.ts e2eePushRequest), so the bouncer, FCM and APNs see
// only the push_key_id and the sealed bytes.
import type { ChatDeps } from "../deps.js";
import { realmUrl } from "../config.js";
import { e2eePushRequest, type E2eeDevice } from "../lib/push-payloads.js";
import { AdminActionRequiredError, BouncerRefusedError, NoActivePushDeviceError } from "../lib/push-errors.js";
import type { Realm } from "../store/realms.js";
import { userDevices } from "../store/push.js";
import type { User } from "../store/users.js";
import { jsonWithBigInts, postToBouncer } from "./push-bouncer.js";
import { checkPushConfigured, realmUuid } from "./push.js";

export async function doSendTestNotification(deps: ChatDeps, user: User, realm: Realm, deviceId: number | undefined): Promise<void> {
  const devices = (await userDevices(deps.db, user.id)).filter((d) => d.push_token_id !== null && (deviceId === undefined || d.id === deviceId));
  if (!devices.length) throw new NoActivePushDeviceError();
  checkPushConfigured(deps);
  const payload = {
    type: "test",
    realm_url: realmUrl(deps.config, realm.string_id),
    realm_name: realm.name,
    user_id: user.id,
    time: Math.floor(deps.clock.now().getTime() / 1000),
  };
  const body = { realm_uuid: await realmUuid(deps, realm.id), push_requests: devices.map((d) => e2eePushRequest(d as E2eeDevice, payload)) };
  try {
    await postToBouncer(deps.config, "remotes/push/e2ee/notify", { json: jsonWithBigInts(body) });
  } catch (error) {
    // Unregistered realm or server, no plan, bad credentials: only an administrator can fix it.
    if (error instanceof BouncerRefusedError) throw new AdminActionRequiredError();
    throw error;
  }
}
