// Signing in with an e-mail address and a password: POST /fetch_api_key and the web app's
// POST /accounts/login/ share this check, and a password change's check of the old password
// counts with them. It is throttled as Zulip throttles it, per address (authenticate_by_username:
// 5 attempts in 30 minutes, a success clearing the count) and per client address (api_by_ip:
// 100 a minute), and it costs one password hash whether or not the address exists, so the
// answer's timing does not tell which addresses have accounts.
import { randomBytes } from "node:crypto";
import type { ChatDeps } from "../deps.js";
import { AuthenticationFailedError, RateLimitedError, RealmDeactivatedError, UserDeactivatedError } from "../http/errors.js";
import { RateLimiter } from "../http/rate-limit.js";
import { hashPassword, verifyPassword } from "../lib/secrets.js";
import { getRealm, type Realm } from "../store/realms.js";
import { userByEmail, usersByEmailEverywhere, type User } from "../store/users.js";

const ADDRESS_WINDOW_MS = 1_800_000;

export interface PasswordLogin {
  username: string;
  password: string;
  /** the realm the Host names, or null when it names none (any realm holding the address once) */
  realm: Realm | null;
  /** the client's network address (http/host.ts clientAddress) */
  client: string;
}

/** The two windows of one server process, made on first use. */
interface Throttle {
  byAddress: RateLimiter;
  byClient: RateLimiter;
}

const throttles = new WeakMap<ChatDeps, Throttle>();

function throttleOf(deps: ChatDeps): Throttle {
  let throttle = throttles.get(deps);
  if (!throttle) {
    throttle = {
      byAddress: new RateLimiter(deps.config.loginRateLimit, deps.clock, ADDRESS_WINDOW_MS),
      byClient: new RateLimiter(deps.config.loginRateLimitPerIp, deps.clock),
    };
    throttles.set(deps, throttle);
  }
  return throttle;
}

function admit(limiter: RateLimiter, key: string): void {
  if (!limiter.enabled) return;
  const decision = limiter.hit(key);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfter);
}

// Checked against when there is no password to check (unknown address, bot, account without a
// password), so a refusal costs one hash of the current strength either way.
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword(randomBytes(16).toString("hex")));

async function findAccount(deps: ChatDeps, username: string, realm: Realm | null): Promise<User | undefined> {
  if (realm) return userByEmail(deps.db, realm.id, username);
  // A host naming no realm: the one realm holding this address, if exactly one does.
  const matches = await usersByEmailEverywhere(deps.db, username);
  return matches.length === 1 ? matches[0] : undefined;
}

/** Counts one attempt at the address's password (refused when over the limit), then checks it. */
async function attemptPassword(deps: ChatDeps, addressKey: string, user: User | undefined, password: string): Promise<boolean> {
  admit(throttleOf(deps).byAddress, addressKey);
  const hash = user && !user.is_bot ? user.password_hash : null;
  const matches = await verifyPassword(password, hash ?? (await decoyPasswordHash()));
  return Boolean(hash) && matches;
}

/** The account the credentials open, or Zulip's refusal (401, or 429 when throttled). */
export async function checkPasswordLogin(deps: ChatDeps, login: PasswordLogin): Promise<{ user: User; realm: Realm }> {
  admit(throttleOf(deps).byClient, login.client);
  const addressKey = login.username.trim().toLowerCase();
  const user = await findAccount(deps, login.username, login.realm);
  if (!(await attemptPassword(deps, addressKey, user, login.password)) || !user) throw new AuthenticationFailedError();
  const realm = await getRealm(deps.db, user.realm_id);
  if (!realm || realm.deactivated) throw new RealmDeactivatedError();
  if (!user.is_active) throw new UserDeactivatedError();
  throttleOf(deps).byAddress.clear(addressKey);
  return { user, realm };
}

/**
 * A signed-in user's current password, as a password change asks for it: counted in the same
 * per-address window as sign-ins (Zulip authenticates it through the same backend), so a stolen
 * session cannot be used to guess it either. Throws RateLimitedError when over the limit.
 */
export async function checkCurrentPassword(deps: ChatDeps, user: User, password: string): Promise<boolean> {
  const addressKey = user.delivery_email.trim().toLowerCase();
  const matches = await attemptPassword(deps, addressKey, user, password);
  if (matches) throttleOf(deps).byAddress.clear(addressKey);
  return matches;
}
