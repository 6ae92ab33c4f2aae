// What the three Twilio kinds share (sms, call, whatsapp): the account settings, the stored
// phone value ({"value": "+…", "up": …, "down": …}, the upstream's PhoneConf), the form's
// phone check, the per-owner monthly allowance and Twilio's answers.
import type { KindDefinition } from "../kind.js";
import { send, type HttpResponse } from "../http.js";
import { formEncode } from "../text.js";
import { TransportError, type AlertContext } from "../alert.js";
import { isObject, jsonObject, requiredString } from "../values.js";
import { parseConfig, str, type FieldDef, type FieldValues } from "../form.js";
import { twilioSettings } from "./settings.js";

export { twilioSettings };

export type TwilioSettings = ReturnType<typeof twilioSettings.of>;

export interface Phone {
  value: string;
  /** null in values stored before the upstream had directions (a call always rings on down). */
  up: boolean | null;
  down: boolean | null;
}

export function storedPhone(value: string): Phone {
  const doc = parseConfig(value);
  const flag = (v: unknown) => (typeof v === "boolean" ? v : null);
  return { value: str(doc.value), up: flag(doc.up), down: flag(doc.down) };
}

/** The upstream's PhoneNumberForm rule: "+" and 5 to 15 digits, spaces and hyphens ignored. */
export function cleanPhone(raw: string): string | null {
  const stripped = raw.replace(/[^\x00-\x7f]/g, "").replace(/[ -]/g, "");
  return /^\+\d{5,15}$/.test(stripped) ? stripped : null;
}

export const PHONE_FIELD: FieldDef = { name: "phone", label: "Phone Number", type: "text", required: true, placeholder: "+1234567890", help: 'Make sure the phone number starts with "+" and has the country code.' };
export const UP_DOWN_FIELDS: FieldDef[] = [
  { name: "down", label: "Notify when a check goes down", type: "checkbox", initial: true },
  { name: "up", label: "Notify when a check goes up", type: "checkbox", initial: false },
];

/** `create-integration --value`: a bare number, or {"value", "up", "down"} JSON. */
export function checkPhoneValue(raw: string, directions: boolean): string {
  const trimmed = raw.trim();
  const doc = trimmed.startsWith("{") ? jsonObject(trimmed) : { value: trimmed };
  const phone = cleanPhone(requiredString(doc.value, "value"));
  if (!phone) throw new Error("Invalid phone number format.");
  if (!directions) return JSON.stringify({ value: phone });
  for (const key of ["up", "down"]) if (doc[key] !== undefined && typeof doc[key] !== "boolean") throw new Error(`${key} must be true or false`);
  const up = (doc.up as boolean | undefined) ?? true;
  const down = (doc.down as boolean | undefined) ?? true;
  if (!up && !down) throw new Error("Please select at least one.");
  return JSON.stringify({ value: phone, up, down });
}

/** The form's phone and directions -> the stored value, with the upstream's messages. */
export function buildPhone(values: Record<string, string | boolean>, directions: boolean): { ok: Record<string, unknown> } | { error: string } {
  const phone = cleanPhone(str(values.phone));
  if (!phone) return { error: "Invalid phone number format." };
  if (!directions) return { ok: { value: phone } };
  if (!values.down && !values.up) return { error: "Please select at least one." };
  return { ok: { value: phone, up: values.up === true, down: values.down === true } };
}

/** A message through this direction is wanted (a null direction, from an old value, is not). */
export const wants = (phone: Phone, status: string): boolean => (status === "down" ? phone.down === true : phone.up === true);

/**
 * The owner's allowance (the upstream's Profile.authorize_sms / authorize_call, counted per
 * calendar month there): here a token bucket of `monthlyLimit` refilled over 30 days.
 */
export async function withinAllowance(alert: AlertContext, pool: "messages" | "calls"): Promise<boolean> {
  const limit = twilioSettings.of(alert.config).monthlyLimit;
  return alert.rateLimit(`twilio-${pool}:${alert.project.owner_id}`, limit, 30 * 86400);
}

/** Twilio's 400 with code 21211 names an invalid number: that integration will never work. */
function twilioError(res: HttpResponse): TransportError {
  if (res.status === 400) {
    try {
      const doc: unknown = JSON.parse(res.body.toString());
      if (isObject(doc) && doc.code === 21211) return new TransportError("Invalid phone number", true);
    } catch {
      // not Twilio's JSON: the status says enough
    }
  }
  return new TransportError(`Received status code ${res.status}`);
}

/** POSTs a form to one of the account's resources (Messages.json, Calls.json). */
export async function twilioPost(alert: AlertContext, resource: string, fields: Record<string, string>): Promise<void> {
  const s = twilioSettings.of(alert.config);
  const url = `${s.apiUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(s.account)}/${resource}`;
  const authorization = `Basic ${Buffer.from(`${s.account}:${s.auth}`).toString("base64")}`;
  await send(
    { method: "POST", url, headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: authorization }, body: formEncode(fields), allowPrivateIps: alert.config.integrationsAllowPrivateIps },
    twilioError,
  );
}

/** Where Twilio reports the message's fate (the upstream's Notification.status_url). */
export const statusCallback = (alert: AlertContext): string => `${alert.config.siteRoot}/api/v3/notifications/${alert.notificationUuid}/status`;

export const phoneSummary = (value: string): string => storedPhone(value).value;

/**
 * What the Twilio kinds' definitions share: the --value check, the summary and the form
 * (phone, and for sms and whatsapp the up/down choice).
 */
export function phoneKind(directions: boolean): Pick<KindDefinition, "checkValue" | "summary" | "setup"> {
  return {
    checkValue: (raw) => checkPhoneValue(raw, directions),
    summary: (channel) => phoneSummary(channel.value),
    setup: {
      form: {
        fields: directions ? [PHONE_FIELD, ...UP_DOWN_FIELDS] : [PHONE_FIELD],
        build: (values) => buildPhone(values, directions),
        read(value): FieldValues {
          const phone = storedPhone(value);
          return directions ? { phone: phone.value, down: phone.down === true, up: phone.up === true } : { phone: phone.value };
        },
      },
    },
  };
}
