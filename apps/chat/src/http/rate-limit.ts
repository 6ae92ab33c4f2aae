// Per-user sliding window: at most `limit` requests in any 60 seconds. Kept in process memory,
// like one Zulip server's Redis bucket; several processes each enforce their own window.
import type { Clock } from "@beacon/platform";

const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** UNIX seconds at which the oldest counted request leaves the window */
  resetAt: number;
  /** seconds to wait before the next request is allowed (when refused) */
  retryAfter: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return this.limit > 0;
  }

  hit(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(now);
    this.hits.set(key, recent);
    const oldest = recent[0] ?? now;
    const retryAfter = allowed ? 0 : (oldest + WINDOW_MS - now) / 1000;
    return { allowed, limit: this.limit, remaining: Math.max(0, this.limit - recent.length), resetAt: Math.ceil((oldest + WINDOW_MS) / 1000), retryAfter };
  }
}
