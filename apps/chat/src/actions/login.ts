// Signing in with an e-mail address and a password: POST /fetch_api_key and the web app's
// POST /accounts/login/ share this check, and a password change's check of the old password
// counts with them. Throttled per client address (Zulip's api_by_ip: 100 attempts a minute)
// and per e-mail address; Zulip's per-address window (authenticate_by_username: 5 attempts in
// 30 minutes) would let anyone lock an owner out, so here the attempts past the first few
// failures back off exponentially instead, a success clearing the count, and a browser the
// account signed in from before (a device token) is counted apart and never slowed by others.
// The counters are in the database, shared by every process serving the site. Each check
// costs one password hash whether or not the address exists, so the answer's timing does not
// tell which addresses have accounts.
import { randomBytes } from "node:crypto";
import { backoffWaitMs, deviceToken, isDeviceToken, ThrottleCounters, type BackoffPolicy } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { AuthenticationFailedError, RateLimitedError, RealmDeactivatedError, UserDeactivatedError } from "../http/errors.js";
import { hashPassword, verifyPassword } from "../lib/secrets.js";
import { getRealm, type Realm } from "../store/realms.js";
import { derivedKey } from "../store/server-secret.js";
import { userByDeliveryEmail, usersByEmailEverywhere, type User } from "../store/users.js";

const CLIENT_WINDOW_MS = 60_000;

export interface PasswordLogin {
  username: string;
  password: string;
  /** the realm the Host names, or null when it names none (any realm holding the address once) */
  realm: Realm | null;
  /** the client's network address (http/host.ts clientAddress) */
  client: string;
  /** the device token the browser holds (web sign-in only) */
  device?: string;
}

/**
 * After CHAT_LOGIN_RATE_LIMIT failures in a row: 2 s, 4 s, 8 s… up to 15 minutes between
 * attempts heard; failures are forgotten 30 quiet minutes after the last (Zulip's window).
 */
const backoff = (deps: ChatDeps): BackoffPolicy => ({ free: deps.config.loginRateLimit, baseMs: 2_000, maxMs: 15 * 60_000, forgetMs: 30 * 60_000 });

const deviceSubject = (user: User) => `chat-user:${user.id}`;

/** Counts one attempt from the client address; refused past CHAT_LOGIN_RATE_LIMIT_PER_IP a minute. */
async function admitClient(deps: ChatDeps, client: string): Promise<void> {
  const limit = deps.config.loginRateLimitPerIp;
  if (limit === 0) return;
  const now = deps.clock.now().getTime();
  const hit = await new ThrottleCounters(deps.db).hit(`login-ip:${client}`, CLIENT_WINDOW_MS, now);
  if (hit.count > limit) throw new RateLimitedError(Math.max(1, Math.ceil((hit.since + CLIENT_WINDOW_MS - now) / 1000)));
}

/** Counts one sign-up from the client address; refused past CHAT_SIGNUP_RATE_LIMIT_PER_IP an hour. */
export async function admitSignUp(deps: ChatDeps, client: string): Promise<void> {
  const limit = deps.config.signUpRateLimitPerIp;
  if (limit === 0) return;
  const now = deps.clock.now().getTime();
  const hit = await new ThrottleCounters(deps.db).hit(`signup-ip:${client}`, 3_600_000, now);
  if (hit.count > limit) throw new RateLimitedError(Math.max(1, Math.ceil((hit.since + 3_600_000 - now) / 1000)));
}

/** The back-off of one e-mail address (apart for a known device): wait, then record the outcome. */
function addressThrottle(deps: ChatDeps, address: string, knownDevice: boolean) {
  const counters = new ThrottleCounters(deps.db);
  const key = `pw${knownDevice ? "-device" : ""}:${address}`;
  const now = () => deps.clock.now().getTime();
  return {
    async admit(): Promise<void> {
      if (deps.config.loginRateLimit === 0) return;
      const { count, last } = await counters.failures(key);
      const wait = backoffWaitMs(backoff(deps), count, last, now());
      if (wait > 0) throw new RateLimitedError(Math.ceil(wait / 1000));
    },
    failed: () => counters.fail(key, backoff(deps), now()),
    succeeded: () => counters.clear(key),
  };
}

// Checked against when there is no password to check (unknown address, bot, account without a
// password), so a refusal costs one hash of the current strength either way.
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword(randomBytes(16).toString("hex")));

// The real (delivery) address only, as Zulip's password backend looks accounts up: the stand-in
// user<id>@host that hides it is an API name, not a sign-in name.
async function findAccount(deps: ChatDeps, username: string, realm: Realm | null): Promise<User | undefined> {
  if (realm) return userByDeliveryEmail(deps.db, realm.id, username);
  // A host naming no realm: the one realm holding this address, if exactly one does.
  const matches = await usersByEmailEverywhere(deps.db, username);
  return matches.length === 1 ? matches[0] : undefined;
}

/** Checks the address's password after its back-off, recording a failure or clearing the count. */
async function attemptPassword(deps: ChatDeps, throttle: ReturnType<typeof addressThrottle>, user: User | undefined, password: string): Promise<boolean> {
  await throttle.admit();
  const hash = user && !user.is_bot ? user.password_hash : null;
  const matches = (await verifyPassword(password, hash ?? (await decoyPasswordHash()))) && Boolean(hash);
  await (matches ? throttle.succeeded() : throttle.failed());
  return matches;
}

const knownDevice = async (deps: ChatDeps, user: User | undefined, device: string | undefined) =>
  user !== undefined && device !== undefined && isDeviceToken(await derivedKey(deps.db, "device"), device, deviceSubject(user));

/** A new device token for a browser that just signed in as `user`. */
export const newDeviceToken = async (deps: ChatDeps, user: User) => deviceToken(await derivedKey(deps.db, "device"), deviceSubject(user));

/** The account the credentials open, or Zulip's refusal (401, or 429 when throttled). */
export async function checkPasswordLogin(deps: ChatDeps, login: PasswordLogin): Promise<{ user: User; realm: Realm }> {
  await admitClient(deps, login.client);
  const user = await findAccount(deps, login.username, login.realm);
  const throttle = addressThrottle(deps, login.username.trim().toLowerCase(), await knownDevice(deps, user, login.device));
  if (!(await attemptPassword(deps, throttle, user, login.password)) || !user) throw new AuthenticationFailedError();
  const realm = await getRealm(deps.db, user.realm_id);
  if (!realm || realm.deactivated) throw new RealmDeactivatedError();
  if (!user.is_active) throw new UserDeactivatedError();
  return { user, realm };
}

/**
 * A signed-in user's current password, as a password change asks for it: counted with the
 * address's sign-ins (Zulip authenticates it through the same backend), so a stolen session
 * cannot be used to guess it either. Throws RateLimitedError when backed off.
 */
export async function checkCurrentPassword(deps: ChatDeps, user: User, password: string): Promise<boolean> {
  return attemptPassword(deps, addressThrottle(deps, user.delivery_email.trim().toLowerCase(), false), user, password);
}
