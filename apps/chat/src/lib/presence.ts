// Presence timing and wire formats (Zulip's zerver/lib/presence.py): the modern per-user
// {active_timestamp, idle_timestamp} and the legacy per-email {aggregated, website} form.
import { SERVER_LIMITS } from "./server-limits.js";

export const PRESENCE_PING_INTERVAL_SECS = SERVER_LIMITS.server_presence_ping_interval_seconds;
export const OFFLINE_THRESHOLD_SECS = SERVER_LIMITS.server_presence_offline_threshold_seconds;
/** Updates closer together than this do not move the stored times. */
export const PRESENCE_UPDATE_MIN_FREQ_SECS = 55;
/** Legacy "active" means active within this long of the last connection. */
export const PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECS = 70;
/** Realms with more users than this get no immediate "came online" events. */
export const USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS = 100;

export const STATUS_ACTIVE = "active";
export const STATUS_IDLE = "idle";

const seconds = (ms: number) => Math.floor(ms / 1000);

export function modernPresence(lastActive: number, lastConnected: number): { active_timestamp: number; idle_timestamp: number } {
  return { active_timestamp: seconds(lastActive), idle_timestamp: seconds(lastConnected) };
}

export function legacyPresenceDict(lastActive: number, lastConnected: number): { client: string; status: string; timestamp: number; pushable: boolean } {
  const active = lastActive + PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECS * 1000 >= lastConnected;
  // compat: since FL 178 the client is always "website" and pushable always false.
  return { client: "website", status: active ? STATUS_ACTIVE : STATUS_IDLE, timestamp: seconds(active ? lastActive : lastConnected), pushable: false };
}

export function legacyPresence(lastActive: number, lastConnected: number): Record<string, unknown> {
  const website = legacyPresenceDict(lastActive, lastConnected);
  return { aggregated: { client: website.client, status: website.status, timestamp: website.timestamp }, website };
}

/**
 * GET /users/{user_id_or_email}/presence (FL 497): the modern fields beside the legacy pair,
 * without the legacy client and pushable keys; aggregated reads "offline" once the last
 * report is older than the offline threshold.
 */
export function singleUserPresence(lastActive: number, lastConnected: number, now: number): Record<string, unknown> {
  const { client: _client, pushable: _pushable, ...website } = legacyPresenceDict(lastActive, lastConnected);
  const offline = now - Math.max(lastActive, lastConnected) > OFFLINE_THRESHOLD_SECS * 1000;
  return { ...modernPresence(lastActive, lastConnected), website, aggregated: { status: offline ? "offline" : website.status, timestamp: website.timestamp } };
}
