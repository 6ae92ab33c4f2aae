// Logged-in devices and their E2EE push registration. Every change to a device is told to
// the user's own clients as a `device` event after commit. Registration with the bouncer
// happens after the commit too (Zulip queues it to a worker; here the request awaits it).
import { randomUUID } from "node:crypto";
import type { ChatDeps } from "../deps.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { checkPushKey, decodeTokenId } from "../lib/push.js";
import { BouncerRefusedError, PushServiceNotConfiguredError } from "../lib/push-errors.js";
import { presentDevice } from "../present/push.js";
import { deleteDevice, insertDevice, updateDevice, type PushDevice } from "../store/push.js";
import { realmSettingValues, setRealmSettingValue } from "../store/settings.js";
import type { User } from "../store/users.js";
import { postToBouncer } from "./push-bouncer.js";
import { publish } from "./publish.js";

export function checkPushConfigured(deps: ChatDeps): void {
  if (!deps.config.pushBouncerUrl) throw new PushServiceNotConfiguredError();
}

/** The realm's UUID, the bouncer's name for it (created the first time it is needed). */
export async function realmUuid(deps: ChatDeps, realmId: number): Promise<string> {
  const stored = (await realmSettingValues(deps.db, realmId)).uuid;
  if (typeof stored === "string") return stored;
  const uuid = randomUUID();
  await setRealmSettingValue(deps.db, realmId, "uuid", uuid);
  return uuid;
}

function announce(deps: ChatDeps, user: Pick<User, "id" | "realm_id">, event: Record<string, unknown>, stamp?: Parameters<typeof publish>[1][number]["stamp"]): void {
  publish(deps, [{ event: { type: "device", ...event }, users: [user.id], stamp, realmId: user.realm_id }]);
}

export async function doRegisterClientDevice(deps: ChatDeps, user: User): Promise<number> {
  const { value: deviceId, stamp } = await deps.events.transaction((trx) => insertDevice(trx, user.id, deps.clock.now().getTime()));
  announce(deps, user, { op: "add", device_id: deviceId }, stamp);
  return deviceId;
}

export async function doRemoveClientDevice(deps: ChatDeps, user: User, device: PushDevice): Promise<void> {
  const { stamp } = await deps.events.transaction((trx) => deleteDevice(trx, device.id));
  announce(deps, user, { op: "remove", device_id: device.id }, stamp);
}

/** Writes `changes` and sends the fields whose presented value changed. */
async function doUpdateDevice(deps: ChatDeps, user: Pick<User, "id" | "realm_id">, device: PushDevice, changes: Partial<PushDevice>): Promise<PushDevice> {
  const after = { ...device, ...changes };
  const { stamp } = await deps.events.transaction((trx) => updateDevice(trx, device.id, changes));
  const before = presentDevice(device);
  const fields = Object.fromEntries(Object.entries(presentDevice(after)).filter(([k, v]) => before[k] !== v));
  if (Object.keys(fields).length) announce(deps, user, { op: "update", device_id: device.id, ...fields }, stamp);
  return after;
}

/** The bouncer no longer knows the device's token (expired, uninstalled): it stops counting as registered. */
export async function doForgetPushToken(deps: ChatDeps, device: PushDevice, realmId: number): Promise<void> {
  await doUpdateDevice(deps, { id: device.user_id, realm_id: realmId }, device, { push_token_id: null });
}

export interface PushRegistration {
  pushKey?: string;
  pushKeyId?: number;
  tokenKind?: string;
  tokenId?: string;
  bouncerPublicKey?: string;
  encryptedPushRegistration?: string;
}

/** POST /mobile_push/register: Zulip's register_push_device, step by step. */
export async function checkRegisterPushDevice(deps: ChatDeps, user: User, device: PushDevice, input: PushRegistration): Promise<void> {
  const keyFields = input.pushKey !== undefined && input.pushKeyId !== undefined;
  const tokenFields = input.bouncerPublicKey !== undefined && input.encryptedPushRegistration !== undefined && input.tokenId !== undefined && input.tokenKind !== undefined;
  if (!keyFields && !tokenFields) throw new BadRequestError("Missing parameters: must provide either all push key fields, all token fields, or both.");

  if (keyFields && !tokenFields) {
    if (device.push_key_id === null) throw new BadRequestError("No push registration exists to rotate key for.");
    const key = checkPushKey(input.pushKey!);
    await doUpdateDevice(deps, user, device, { push_key: key.toString("base64"), push_key_id: input.pushKeyId! });
    return;
  }
  if (device.push_registration_error_code === null && device.pending_push_token_id !== null) throw new BadRequestError("A registration for the device already in progress.");
  const token = decodeTokenId(input.tokenId!);
  const now = deps.clock.now().getTime();
  let updated: PushDevice;
  if (!keyFields) {
    if (device.push_key_id === null) throw new BadRequestError("No push registration exists to rotate token for.");
    if (device.push_registration_error_code === null && device.push_token_id === token.base64) return;
    updated = await doUpdateDevice(deps, user, device, { pending_push_token_id: token.base64, push_token_last_updated: now, push_registration_error_code: null });
  } else {
    const key = checkPushKey(input.pushKey!).toString("base64");
    const same = device.push_registration_error_code === null && device.push_key_id === input.pushKeyId && device.push_key === key && device.push_token_id === token.base64 && device.token_kind === input.tokenKind;
    if (same) return;
    updated = await doUpdateDevice(deps, user, device, {
      push_key: key,
      push_key_id: input.pushKeyId!,
      token_kind: input.tokenKind!,
      pending_push_token_id: token.base64,
      push_token_last_updated: now,
      push_registration_error_code: null,
      bouncer_public_key: input.bouncerPublicKey!,
      encrypted_push_registration: input.encryptedPushRegistration!,
    });
  }
  await registerWithBouncer(deps, user, updated, input);
}

async function registerWithBouncer(deps: ChatDeps, user: User, device: PushDevice, input: PushRegistration): Promise<void> {
  const form = {
    realm_uuid: await realmUuid(deps, user.realm_id),
    token_id: device.pending_push_token_id!,
    encrypted_push_registration: input.encryptedPushRegistration!,
    bouncer_public_key: input.bouncerPublicKey!,
  };
  try {
    await postToBouncer(deps.config, "remotes/push/e2ee/register", { form });
  } catch (error) {
    // Zulip's worker retries a transient failure; Beacon has no worker, so it records the
    // failure's code instead, which lets the client register again.
    if (!(error instanceof BouncerRefusedError)) deps.log.warn({ err: error, deviceId: device.id }, "push bouncer registration failed");
    const code = error instanceof BouncerRefusedError || error instanceof ZulipError ? error.code : "INTERNAL_SERVER_ERROR_ON_BOUNCER";
    await doUpdateDevice(deps, user, device, { push_registration_error_code: code });
    return;
  }
  await doUpdateDevice(deps, user, device, { push_token_id: device.pending_push_token_id, pending_push_token_id: null });
}
