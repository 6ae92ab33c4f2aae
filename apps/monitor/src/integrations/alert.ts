// What every integration kind's transport implements, and what a delivery knows about its alert.
import { createHash } from "node:crypto";
import type { MonitorConfig } from "../config.js";
import type { Channel, Check, Ping, Project } from "../store/schema.js";

/**
 * A failed delivery; `permanent` ones disable the integration and are not retried, and
 * `final` ones are not retried either but leave the integration enabled (an unverified
 * address, a 4xx answer: a retry would fail the same way). `transient` ones are nobody's
 * mistake (a connection refused, a timeout, a 5xx, 429): they are retried until the fault
 * clears, for up to a day.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
    readonly final = false,
    readonly transient = false,
  ) {
    super(message);
  }
}

export interface Failure {
  error: string;
  permanent: boolean;
  final: boolean;
  transient: boolean;
  /** Not a TransportError: a bug or an outage worth a log line. */
  unexpected: boolean;
}

/** How a failed delivery attempt is recorded, whatever was thrown. */
export function failureOf(e: unknown): Failure {
  if (e instanceof TransportError) return { error: e.message, permanent: e.permanent, final: e.final, transient: e.transient, unexpected: false };
  return { error: (e instanceof Error && e.message) || String(e), permanent: false, final: false, transient: false, unexpected: true };
}

export interface FlipFacts {
  created: number;
  old_status: string;
  new_status: string;
  reason: string;
}

export interface OtherCheck {
  name: string;
  uuid: string;
  /** For its cloaked URL. */
  unique_key: string;
  last_ping: number | null;
}

export interface MemberOutcome {
  channel: string;
  /** "" when delivered. */
  error: string;
}

export interface AlertContext {
  config: MonitorConfig;
  /** Signs the links an alert carries (the e-mail's unsubscribe link). */
  secretKey: string;
  now: number;
  flip: FlipFacts;
  /** The check as it is now (the upstream also renders its current fields). */
  check: Check;
  project: Project;
  channel: Channel;
  /** The last ping received at or before the flip. */
  lastPing: Ping | undefined;
  /** On recovery: how long the check was down, when the previous flip says so. */
  downDuration: number | null;
  /** Other checks of the project that are down, in natural name order, or null when the project has no others. */
  otherDown: OtherCheck[] | null;
  /**
   * The notification being delivered, the same in every attempt: webhooks send it as
   * Idempotency-Key, Twilio's status callback URL names it.
   */
  notificationUuid: string;
  /** The check as API v3 shows it to a read-write key, for the webhook's $JSON. */
  checkJson(): string;
  /** Takes a token from a rate limit shared by every worker (the upstream's TokenBucket). */
  rateLimit(key: string, capacity: number, refillSeconds: number): Promise<boolean>;
  /**
   * Delivers this alert through other integrations of the project (a group's members), each
   * recording its own outcome; the outcome of each, "no-op" for one with nothing to send.
   */
  notifyMembers(this: AlertContext, uuids: string[]): Promise<MemberOutcome[]>;
  /** Replaces the integration's stored value (a Telegram group that became a supergroup). */
  updateValue(value: string): Promise<void>;
}

export interface Transport {
  /** True when this integration has nothing to send for that status (no notification made). */
  isNoop(channel: Channel, status: string): boolean;
  notify(ctx: AlertContext): Promise<void>;
}

/**
 * Takes a token from the bucket `key` (`capacity` per `refillSeconds`), or fails with the
 * upstream's "Rate limit exceeded". compat: over the limit the alert is dropped, not retried, as upstream.
 */
export async function withinRateLimit(alert: Pick<AlertContext, "rateLimit">, key: string, capacity: number, refillSeconds: number): Promise<void> {
  if (!(await alert.rateLimit(key, capacity, refillSeconds))) throw new TransportError("Rate limit exceeded", false, true);
}

/** A bucket named by a salted hash of a personal value (a user key, a phone number), as upstream. */
export const hashedBucket = (prefix: string, personal: string, alert: Pick<AlertContext, "secretKey">): string =>
  `${prefix}-${createHash("sha1").update(personal + alert.secretKey).digest("hex")}`;
