// Mobile push: logged-in devices (POST /register_client_device, /remove_client_device), E2EE
// registration (POST /mobile_push/register), the E2EE test notification, and the deprecated
// APNs/FCM token endpoints.
import { guarded, handler, raising, type UserContext } from "../http/endpoint.js";
import { optional, required } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { int, oneOf } from "../http/validators.js";
import { checkLegacyToken } from "../lib/push.js";
import { checkPushConfigured, checkRegisterPushDevice, doRegisterClientDevice, doRemoveClientDevice } from "../actions/push.js";
import { doSendTestNotification } from "../actions/push-notify.js";
import { doAddPushToken, doRemovePushToken, doSendLegacyTestNotification } from "../actions/push-tokens.js";
import { TOKEN_KIND_APNS, TOKEN_KIND_FCM } from "../store/schema.js";
import { userDevice } from "../store/push.js";
import { requireHuman } from "./guards.js";

const UINT32 = int({ min: 0, max: 0xffffffff });

async function accessDevice({ deps, user }: UserContext, deviceId: number) {
  const device = await userDevice(deps.db, user.id, deviceId);
  if (!device) throw new BadRequestError("Invalid `device_id`");
  return device;
}

const token = required("token", raw());

export const registerClientDevice = guarded(
  requireHuman,
  handler({}, async ({ deps, user }) => ({ device_id: await doRegisterClientDevice(deps, user) })),
);

export const removeClientDevice = guarded(
  requireHuman,
  handler({ deviceId: required("device_id", json(int())) }, async (ctx, { deviceId }) => {
    await doRemoveClientDevice(ctx.deps, ctx.user, await accessDevice(ctx, deviceId));
    return {};
  }),
);

export const registerPushDevice = raising(["PUSH_SERVICE_NOT_CONFIGURED"], guarded(
  requireHuman,
  handler(
    {
      deviceId: required("device_id", json(int())),
      tokenKind: optional("token_kind", raw()),
      pushKey: optional("push_key", raw()),
      pushKeyId: optional("push_key_id", json(UINT32)),
      bouncerPublicKey: optional("bouncer_public_key", raw()),
      encryptedPushRegistration: optional("encrypted_push_registration", raw()),
      tokenId: optional("token_id", raw()),
    },
    async (ctx, { deviceId, ...input }) => {
      if (input.tokenKind !== undefined) oneOf(["fcm", "apns"])(input.tokenKind, "token_kind");
      checkPushConfigured(ctx.deps);
      await checkRegisterPushDevice(ctx.deps, ctx.user, await accessDevice(ctx, deviceId), input);
      return {};
    },
  ),
));

export const testNotification = raising(["NO_ACTIVE_PUSH_DEVICE", "PUSH_SERVICE_NOT_CONFIGURED", "ADMIN_ACTION_REQUIRED", "FAILED_TO_CONNECT_BOUNCER", "INTERNAL_SERVER_ERROR_ON_BOUNCER"], guarded(
  requireHuman,
  handler({ deviceId: optional("device_id", json(int())) }, async ({ deps, user, realm }, { deviceId }) => {
    await doSendTestNotification(deps, user, realm, deviceId);
    return {};
  }),
));

// Deprecated at feature level 420 for the E2EE one above; older apps still call it.
export const legacyTestNotification = raising(["INVALID_PUSH_DEVICE_TOKEN", "INVALID_REMOTE_PUSH_DEVICE_TOKEN", "PUSH_SERVICE_NOT_CONFIGURED", "FAILED_TO_CONNECT_BOUNCER", "INTERNAL_SERVER_ERROR_ON_BOUNCER"], guarded(
  requireHuman,
  handler({ token: optional("token", raw()) }, async ({ deps, user, realm }, args) => {
    await doSendLegacyTestNotification(deps, user, realm, args.token);
    return {};
  }),
));

// compat: Zulip requires appid since feature level 223.
export const addApnsToken = raising(["FAILED_TO_CONNECT_BOUNCER", "INTERNAL_SERVER_ERROR_ON_BOUNCER"], guarded(
  requireHuman,
  handler({ appid: required("appid", raw()), token }, async ({ deps, user }, args) => {
    if (!/^[.a-zA-Z0-9-]+$/.test(args.appid)) throw new BadRequestError("appid has invalid format");
    checkLegacyToken(args.token, true);
    await doAddPushToken(deps, user, TOKEN_KIND_APNS, args.token, args.appid);
    return {};
  }),
));

export const addFcmToken = raising(["FAILED_TO_CONNECT_BOUNCER", "INTERNAL_SERVER_ERROR_ON_BOUNCER"], guarded(
  requireHuman,
  handler({ token }, async ({ deps, user }, args) => {
    checkLegacyToken(args.token, false);
    await doAddPushToken(deps, user, TOKEN_KIND_FCM, args.token, null);
    return {};
  }),
));

const removeToken = (kind: typeof TOKEN_KIND_APNS | typeof TOKEN_KIND_FCM) =>
  guarded(
    requireHuman,
    handler({ token }, async ({ deps, user }, args) => {
      checkLegacyToken(args.token, kind === TOKEN_KIND_APNS);
      await doRemovePushToken(deps, user, kind, args.token);
      return {};
    }),
  );

export const removeApnsToken = raising(["FAILED_TO_CONNECT_BOUNCER", "INTERNAL_SERVER_ERROR_ON_BOUNCER"], removeToken(TOKEN_KIND_APNS));
export const removeFcmToken = raising(["FAILED_TO_CONNECT_BOUNCER", "INTERNAL_SERVER_ERROR_ON_BOUNCER"], removeToken(TOKEN_KIND_FCM));
