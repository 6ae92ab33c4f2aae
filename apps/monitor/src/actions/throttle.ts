// Throttling with the upstream's token bucket: a bucket holds `capacity` attempts and refills
// completely over `refillSeconds`; each attempt takes one, and an attempt finding it empty is
// refused without taking anything. Keys are HMACs under the server secret, so the table names
// no address. The bucket is taken in one statement, so concurrent processes never share a token.
import { createHmac } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { takeToken } from "../store/tokenBuckets.js";

export async function authorize(deps: MonitorDeps, key: string, capacity: number, refillSeconds: number): Promise<boolean> {
  const value = createHmac("sha256", deps.secretKey).update(key).digest("hex");
  return takeToken(deps.db, deps.dialect, value, capacity, refillSeconds * 1000, deps.clock.now().getTime());
}

/** Upstream's rule: 20 password attempts per address per day. */
export const authorizeLoginPassword = (deps: MonitorDeps, email: string) => authorize(deps, `pw:${email}`, 20, 86400);

/** Ours (upstream has none): 100 sign-in attempts per client address per hour, whatever the address tried. */
export const authorizeLoginFrom = (deps: MonitorDeps, clientAddress: string) => authorize(deps, `login-ip:${clientAddress}`, 100, 3600);
