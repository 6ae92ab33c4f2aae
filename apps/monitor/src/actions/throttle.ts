// Throttling with the upstream's token bucket: a bucket holds `capacity` attempts and refills
// completely over `refillSeconds`; each attempt takes one, and an attempt finding it empty is
// refused without taking anything. Keys are HMACs under the server secret, so the tables name
// no address. The bucket is taken in one statement, so concurrent processes never share a token.
import { createHmac } from "node:crypto";
import { backoffWaitMs, ThrottleCounters, type BackoffPolicy } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { takeToken } from "../store/token-buckets.js";

const keyOf = (deps: MonitorDeps, key: string) => createHmac("sha256", deps.secretKey).update(key).digest("hex");

export async function authorize(deps: MonitorDeps, key: string, capacity: number, refillSeconds: number): Promise<boolean> {
  return takeToken(deps.db, deps.dialect, keyOf(deps, key), capacity, refillSeconds * 1000, deps.clock.now().getTime());
}

/**
 * Password attempts at one e-mail address back off exponentially after five failures in a row:
 * 2 s, 4 s, 8 s… up to 15 minutes between attempts heard (a success clears the count). The
 * upstream's 20 attempts a day per address let anyone lock an owner out for a day; this slows
 * a guesser as much without a lockout. Failures are forgotten 30 quiet minutes after the last. A browser the account signed in from before (a device
 * token) counts apart, so others' failures never slow it.
 */
export const SIGN_IN_BACKOFF: BackoffPolicy = { free: 5, baseMs: 2_000, maxMs: 15 * 60_000, forgetMs: 30 * 60_000 };

export function passwordThrottle(deps: MonitorDeps, email: string, knownDevice: boolean) {
  const counters = new ThrottleCounters(deps.db);
  const key = keyOf(deps, `pw${knownDevice ? "-device" : ""}:${email}`);
  const now = () => deps.clock.now().getTime();
  return {
    /** ms before an attempt will be heard; 0: now */
    async waitMs(): Promise<number> {
      const { count, last } = await counters.failures(key);
      return backoffWaitMs(SIGN_IN_BACKOFF, count, last, now());
    },
    failed: () => counters.fail(key, SIGN_IN_BACKOFF, now()),
    succeeded: () => counters.clear(key),
  };
}

/** Ours (upstream has none): 20 sign-ups per client address per hour. */
export const authorizeSignUpFrom = (deps: MonitorDeps, clientAddress: string) => authorize(deps, `signup-ip:${clientAddress}`, 20, 3600);

/** Ours (upstream has none): 100 sign-in attempts per client address per hour, whatever the address tried. */
export const authorizeLoginFrom = (deps: MonitorDeps, clientAddress: string) => authorize(deps, `login-ip:${clientAddress}`, 100, 3600);
