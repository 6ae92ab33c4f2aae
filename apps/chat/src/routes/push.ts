// Mobile push: logged-in devices (POST /register_client_device, /remove_client_device), E2EE
// registration (POST /mobile_push/register), the E2EE test notification, and the deprecated
// APNs/FCM token endpoints.
import type { Api, UserContext } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { int, oneOf } from "../http/validators.js";
import { checkLegacyToken } from "../lib/push.js";
import { checkPushConfigured, checkRegisterPushDevice, doRegisterClientDevice, doRemoveClientDevice } from "../actions/push.js";
import { doSendTestNotification } from "../actions/push-notify.js";
import { doAddPushToken, doRemovePushToken, doSendLegacyTestNotification } from "../actions/push-tokens.js";
import { TOKEN_KIND_APNS, TOKEN_KIND_FCM } from "../store/push-schema.js";
import { userDevice } from "../store/push.js";

const UINT32 = int({ min: 0, max: 0xffffffff });

export function register(api: Api): void {
  const { deps } = api;

  const human = (ctx: UserContext) => {
    if (ctx.user.is_bot) throw new BadRequestError("This endpoint does not accept bot requests.");
  };
  const accessDevice = async (ctx: UserContext, deviceId: number) => {
    const device = await userDevice(deps.db, ctx.user.id, deviceId);
    if (!device) throw new BadRequestError("Invalid `device_id`");
    return device;
  };

  api.user("POST", "/register_client_device", async (ctx) => {
    human(ctx);
    return { device_id: await doRegisterClientDevice(deps, ctx.user) };
  });

  api.user("POST", "/remove_client_device", async (ctx) => {
    human(ctx);
    const device = await accessDevice(ctx, ctx.params.required("device_id", json(int())));
    await doRemoveClientDevice(deps, ctx.user, device);
    return {};
  });

  api.user("POST", "/mobile_push/register", async (ctx) => {
    human(ctx);
    const { params } = ctx;
    const deviceId = params.required("device_id", json(int()));
    const input = {
      tokenKind: params.optional("token_kind", raw()),
      pushKey: params.optional("push_key", raw()),
      pushKeyId: params.optional("push_key_id", json(UINT32)),
      bouncerPublicKey: params.optional("bouncer_public_key", raw()),
      encryptedPushRegistration: params.optional("encrypted_push_registration", raw()),
      tokenId: params.optional("token_id", raw()),
    };
    if (input.tokenKind !== undefined) oneOf(["fcm", "apns"])(input.tokenKind, "token_kind");
    checkPushConfigured(deps);
    await checkRegisterPushDevice(deps, ctx.user, await accessDevice(ctx, deviceId), input);
    return {};
  });

  api.user("POST", "/mobile_push/e2ee/test_notification", async (ctx) => {
    human(ctx);
    const deviceId = ctx.params.optional("device_id", json(int()));
    await doSendTestNotification(deps, ctx.user, ctx.realm, deviceId);
    return {};
  });

  // Deprecated at feature level 420 for the E2EE one above; older apps still call it.
  api.user("POST", "/mobile_push/test_notification", async (ctx) => {
    human(ctx);
    await doSendLegacyTestNotification(deps, ctx.user, ctx.realm, ctx.params.optional("token", raw()));
    return {};
  });

  // compat: Zulip requires appid since feature level 223.
  api.user("POST", "/users/me/apns_device_token", async (ctx) => {
    human(ctx);
    const appid = ctx.params.required("appid", raw());
    const token = ctx.params.required("token", raw());
    if (!/^[.a-zA-Z0-9-]+$/.test(appid)) throw new BadRequestError("appid has invalid format");
    checkLegacyToken(token, true);
    await doAddPushToken(deps, ctx.user, TOKEN_KIND_APNS, token, appid);
    return {};
  });

  api.user("POST", "/users/me/android_gcm_reg_id", async (ctx) => {
    human(ctx);
    const token = ctx.params.required("token", raw());
    checkLegacyToken(token, false);
    await doAddPushToken(deps, ctx.user, TOKEN_KIND_FCM, token, null);
    return {};
  });

  for (const [url, kind] of [["/users/me/apns_device_token", TOKEN_KIND_APNS], ["/users/me/android_gcm_reg_id", TOKEN_KIND_FCM]] as const) {
    api.user("DELETE", url, async (ctx) => {
      human(ctx);
      const token = ctx.params.required("token", raw());
      checkLegacyToken(token, kind === TOKEN_KIND_APNS);
      await doRemovePushToken(deps, ctx.user, kind, token);
      return {};
    });
  }
}
