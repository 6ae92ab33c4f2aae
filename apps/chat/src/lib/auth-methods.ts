// The organization's sign-in methods, as Zulip's realm.authentication_methods_dict(): a map
// from each method this server offers (Zulip's backend names) to whether the organization
// allows it. Beacon offers e-mail and password only, so "Email" is the one key; the rules
// below are Zulip's all the same, ready for a second method.
import { BadRequestError, ParamValidationError } from "./errors.js";
import type { Validator } from "./validators.js";

/** The methods this server offers, in Zulip's spelling. */
export const AUTH_METHODS = ["Email"] as const;

export type AuthMethods = Record<string, boolean>;

/** The stored map (realm_settings "authentication_methods") over the default: every method on. */
export function realmAuthMethods(stored: unknown): AuthMethods {
  const saved = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(AUTH_METHODS.map((name) => [name, saved[name] !== false]));
}

/** /register's realm_authentication_methods and the event's: no plan limits on a self-hosted server. */
export const presentAuthMethods = (methods: AuthMethods) => Object.fromEntries(Object.entries(methods).map(([name, enabled]) => [name, { enabled, available: true }]));

/** The parameter: a JSON object of anything (Zulip's Json[dict[str, Any]]). */
export const authMethodsParam: Validator<Record<string, unknown>> = (value, path) => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ParamValidationError(`${path} is not a dict`);
  return value as Record<string, unknown>;
};

// compat: Zulip reads the values with Python's truthiness, and `True in values()` also holds for 1.
const truthy = (v: unknown) => !(v === false || v === 0 || v === "" || v === null || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && v !== null && Object.keys(v).length === 0));
const isTrue = (v: unknown) => v === true || v === 1;

/** Zulip's checks, in its order: known names only, then at least one method on in the request itself. */
export function checkAuthMethods(current: AuthMethods, given: Record<string, unknown>): void {
  const valid = Object.keys(current).sort();
  for (const name of Object.keys(given)) {
    if (!(name in current)) throw new BadRequestError(`Invalid authentication method: ${name}. Valid methods are: [${valid.map((v) => `'${v}'`).join(", ")}]`);
  }
  if (!Object.values(given).some(isTrue)) throw new BadRequestError("At least one authentication method must be enabled.");
}

/** Whether the request differs from the current map (Python's dict equality), and the map it leads to. */
export function applyAuthMethods(current: AuthMethods, given: Record<string, unknown>): AuthMethods | undefined {
  const same = Object.keys(given).length === Object.keys(current).length && Object.entries(given).every(([name, v]) => v === current[name] || v === (current[name] ? 1 : 0));
  if (same) return undefined;
  return { ...current, ...Object.fromEntries(Object.entries(given).map(([name, v]) => [name, truthy(v)])) };
}
