// Throttles kept in the database, so every process serving one site counts together: N processes
// must not allow N times the limit. Two shapes over one table of counters (`throttle_counters`,
// created by each app's migration through createThrottleCounters):
// - exponential back-off after failures (sign-in): the first few failures are free, then each
//   further one doubles the wait before the next attempt is heard, up to a ceiling; a success
//   clears the count. An attacker is slowed to a crawl, while the owner, who fails rarely, is
//   never locked out for longer than the ceiling (and not at all from a device already known).
// - fixed windows (requests per minute): one statement counts the hit and opens a new window
//   when the old one is over, so concurrent processes never both take the last request.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql, type Kysely } from "kysely";

export const THROTTLE_TABLE = "throttle_counters";

/** The table: one row per key, `count` failures or hits, `since` the window's start, `last` the latest. */
export async function createThrottleCounters(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable(THROTTLE_TABLE)
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("since", "bigint", (c) => c.notNull())
    .addColumn("last", "bigint", (c) => c.notNull())
    .execute();
}

export interface BackoffPolicy {
  /** failures heard without any wait */
  free: number;
  /** the wait after the first failure past the free ones; each further one doubles it */
  baseMs: number;
  /** the longest wait */
  maxMs: number;
  /** failures are forgotten this long after the latest one */
  forgetMs: number;
}

/** How long an attempt must wait after `failures` failures, the latest at `last` (0: heard now). */
export function backoffWaitMs(policy: BackoffPolicy, failures: number, last: number, now: number): number {
  if (failures < policy.free || now - last >= policy.forgetMs) return 0;
  const wait = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(failures - policy.free, 40));
  return Math.max(0, last + wait - now);
}

export interface WindowHit {
  /** hits in the current window, this one included */
  count: number;
  /** when the current window began (ms) */
  since: number;
}

export class ThrottleCounters {
  constructor(private readonly db: Kysely<any>) {}

  /** The failures recorded under `key`, and when the latest was. */
  async failures(key: string): Promise<{ count: number; last: number }> {
    const row = await sql<{ count: number; last: string | number }>`SELECT count, last FROM throttle_counters WHERE key = ${key}`.execute(this.db);
    const found = row.rows[0];
    return found ? { count: Number(found.count), last: Number(found.last) } : { count: 0, last: 0 };
  }

  /** Records one more failure under `key`, at `now`: the first again when the last is forgotten. */
  async fail(key: string, policy: BackoffPolicy, now: number): Promise<void> {
    await sql`INSERT INTO throttle_counters (key, count, since, last) VALUES (${key}, 1, ${now}, ${now})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN throttle_counters.last <= ${now - policy.forgetMs} THEN 1 ELSE throttle_counters.count + 1 END,
        last = ${now}`.execute(this.db);
  }

  async clear(...keys: string[]): Promise<void> {
    for (const key of keys) await sql`DELETE FROM throttle_counters WHERE key = ${key}`.execute(this.db);
  }

  /** Counts a hit in the `windowMs` window under `key`, opening a new window when the last is over. */
  async hit(key: string, windowMs: number, now: number): Promise<WindowHit> {
    const result = await sql<{ count: number; since: string | number }>`
      INSERT INTO throttle_counters (key, count, since, last) VALUES (${key}, 1, ${now}, ${now})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN throttle_counters.since <= ${now - windowMs} THEN 1 ELSE throttle_counters.count + 1 END,
        since = CASE WHEN throttle_counters.since <= ${now - windowMs} THEN ${now} ELSE throttle_counters.since END,
        last = ${now}
      RETURNING count, since`.execute(this.db);
    const row = result.rows[0]!;
    return { count: Number(row.count), since: Number(row.since) };
  }
}

/**
 * A known device (OWASP's "device cookie"): a browser that once signed in to an account carries
 * a token tied to it, and its sign-ins are counted apart from everyone else's, so an attacker's
 * failures never slow the owner's own browser. The token is random and signed with the
 * server's secret for `subject` (the account); nothing is stored.
 */
export function deviceToken(secret: string, subject: string): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${deviceSignature(secret, subject, nonce)}`;
}

export function isDeviceToken(secret: string, token: string | undefined, subject: string): boolean {
  const [nonce, signature, extra] = (token ?? "").split(".");
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(deviceSignature(secret, subject, nonce));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const deviceSignature = (secret: string, subject: string, nonce: string) => createHmac("sha256", secret).update(`device:${subject}:${nonce}`).digest("base64url");

/**
 * The client's address: the socket's, or behind a trusted reverse proxy the last
 * X-Forwarded-For entry, the one the proxy added (the entries before it are whatever the
 * client sent, so a client could name any address there).
 */
export function forwardedClientAddress(headers: Record<string, string | string[] | undefined>, socketAddress: string | undefined, trustProxy: boolean): string {
  const header = trustProxy ? headers["x-forwarded-for"] : undefined;
  const last = (Array.isArray(header) ? header.join(",") : header)?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
  return last ?? socketAddress ?? "unknown";
}
