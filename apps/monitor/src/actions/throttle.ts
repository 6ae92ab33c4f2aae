// Throttling with the upstream's token bucket: a bucket holds `capacity` attempts and refills
// completely over `refillSeconds`; each attempt takes one, and an attempt finding it empty is
// refused without taking anything. Keys are HMACs under the server secret, so the table names
// no address. Two processes racing on one bucket may both pass: close enough, as upstream.
import { createHmac } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { findBucket, saveBucket } from "../store/tokenBuckets.js";

export async function authorize(deps: MonitorDeps, key: string, capacity: number, refillSeconds: number): Promise<boolean> {
  const value = createHmac("sha256", deps.secretKey).update(key).digest("hex");
  const now = deps.clock.now().getTime();
  const bucket = await findBucket(deps.db, value);
  let tokens = bucket ? Math.min(1, bucket.tokens + (now - bucket.updated) / 1000 / refillSeconds) : 1;
  tokens -= 1 / capacity;
  // A small tolerance: capacity * (1/capacity) need not be exactly 1 in floating point.
  if (tokens < -1e-9) return false;
  await saveBucket(deps.db, value, { tokens, updated: now });
  return true;
}

/** Upstream's rule: 20 password attempts per address per day. */
export const authorizeLoginPassword = (deps: MonitorDeps, email: string) => authorize(deps, `pw:${email}`, 20, 86400);

/** Ours (upstream has none): 100 sign-in attempts per client address per hour, whatever the address tried. */
export const authorizeLoginFrom = (deps: MonitorDeps, clientAddress: string) => authorize(deps, `login-ip:${clientAddress}`, 100, 3600);
