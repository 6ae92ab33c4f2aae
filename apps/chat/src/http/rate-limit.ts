// Sliding windows: at most `limit` requests in any `windowMs` (60 seconds unless told) per key,
// kept in process memory, like one Zulip server's Redis buckets. On PostgreSQL, where several
// processes may serve one site, the count is kept in the database instead (SharedRateLimiter),
// so N processes do not allow N times the limit.
import { ThrottleCounters, type Clock } from "@beacon/platform";
import type { Kysely } from "kysely";

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** UNIX seconds at which the oldest counted request leaves the window */
  resetAt: number;
  /** seconds to wait before the next request is allowed (when refused) */
  retryAfter: number;
}

export interface Limiter {
  readonly enabled: boolean;
  hit(key: string): RateDecision | Promise<RateDecision>;
}

export class RateLimiter implements Limiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {}

  get enabled(): boolean {
    return this.limit > 0;
  }

  hit(key: string): RateDecision {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(now);
    this.hits.set(key, recent);
    const oldest = recent[0] ?? now;
    const retryAfter = allowed ? 0 : (oldest + this.windowMs - now) / 1000;
    return { allowed, limit: this.limit, remaining: Math.max(0, this.limit - recent.length), resetAt: Math.ceil((oldest + this.windowMs) / 1000), retryAfter };
  }

  /** Forgets the key's history (Zulip clears a username's after a successful sign-in). */
  clear(key: string): void {
    this.hits.delete(key);
  }

  /** Keys come from clients (addresses typed at a sign-in), so idle ones must not pile up. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.hits) if (!times.length || times[times.length - 1]! <= now - this.windowMs) this.hits.delete(key);
  }
}

/**
 * A fixed window per key, counted in the database (packages/platform throttle.ts): one statement
 * per request, shared by every process on the database. Refused requests count too, so a client
 * that keeps hammering stays refused until the window ends.
 */
export class SharedRateLimiter implements Limiter {
  private readonly counters: ThrottleCounters;

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
    db: Kysely<any>,
    private readonly windowMs = 60_000,
  ) {
    this.counters = new ThrottleCounters(db);
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  async hit(key: string): Promise<RateDecision> {
    const now = this.clock.now().getTime();
    const { count, since } = await this.counters.hit(`rate:${key}`, this.windowMs, now);
    const allowed = count <= this.limit;
    const resetMs = since + this.windowMs;
    return { allowed, limit: this.limit, remaining: Math.max(0, this.limit - count), resetAt: Math.ceil(resetMs / 1000), retryAfter: allowed ? 0 : (resetMs - now) / 1000 };
  }
}
