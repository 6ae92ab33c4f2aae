// Devices as /register's `devices` dictionary shows them, keyed by device id.
import type { PushDevice } from "../store/push.js";

export function presentDevice(device: PushDevice): Record<string, unknown> {
  return {
    push_key_id: device.push_key_id,
    push_token_id: device.push_token_id,
    pending_push_token_id: device.pending_push_token_id,
    push_token_last_updated_timestamp: device.push_token_last_updated === null ? null : Math.floor(device.push_token_last_updated / 1000),
    push_registration_error_code: device.push_registration_error_code,
  };
}

export function presentDevices(devices: PushDevice[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(devices.map((d) => [String(d.id), presentDevice(d)]));
}
