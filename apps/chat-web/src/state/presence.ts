// Everyone's presence: when each user was last active and last connected (Zulip's modern
// {active_timestamp, idle_timestamp}, in server seconds), from GET /realm/presence, the answers
// to our own presence reports and `presence` events. A user is active when last active within
// the offline threshold, idle when only connected within it, offline otherwise (Zulip's
// presence.ts status_from_raw). `clock` ticks so statuses age without new data.
import { signal } from "@preact/signals";
import { limits } from "./limits";

export type PresenceStatus = "active" | "idle" | "offline";

interface Raw {
  active: number;
  idle: number;
}

export const presences = signal<ReadonlyMap<number, Raw>>(new Map());
/** The server's time, in seconds, as last estimated (our clock plus the measured offset). */
export const clock = signal(Date.now() / 1000);
let offset = 0;

export function serverNow(): number {
  return Date.now() / 1000 + offset;
}

/** A server_timestamp seen now: later statuses are judged by the server's clock. */
export function noteServerTime(serverTimestamp: unknown): void {
  if (typeof serverTimestamp === "number" && serverTimestamp > 0) offset = serverTimestamp - Date.now() / 1000;
  clock.value = serverNow();
}

export function tickClock(): void {
  clock.value = serverNow();
}

export function statusOf(raw: Raw | undefined, now: number): PresenceStatus {
  if (!raw) return "offline";
  const threshold = limits.presenceOfflineSeconds;
  if (raw.active && now - raw.active < threshold) return "active";
  if (raw.idle && now - raw.idle < threshold) return "idle";
  return "offline";
}

function merge(entries: Iterable<[number, Raw]>, replace = false): void {
  const next = new Map(replace ? [] : presences.peek());
  for (const [id, raw] of entries) {
    const old = next.get(id);
    // Never older than what is known (a late answer after an event).
    next.set(id, old ? { active: Math.max(old.active, raw.active), idle: Math.max(old.idle, raw.idle) } : raw);
  }
  presences.value = next;
}

/** The modern form, by user id: {"9": {active_timestamp, idle_timestamp}}. */
export function mergeModern(map: Record<string, { active_timestamp?: number; idle_timestamp?: number }>, replace = false): void {
  merge(
    Object.entries(map).map(([id, p]) => [Number(id), { active: p.active_timestamp ?? 0, idle: p.idle_timestamp ?? 0 }]),
    replace,
  );
}

interface LegacyClient {
  status?: string;
  timestamp?: number;
}

function fromLegacy(dict: Record<string, LegacyClient>): Raw {
  // "aggregated" sums up the clients; without it, the newest of each status.
  const raw: Raw = { active: 0, idle: 0 };
  const clients = dict.aggregated ? [dict.aggregated] : Object.values(dict);
  for (const c of clients) {
    if (typeof c?.timestamp !== "number") continue;
    if (c.status === "active") raw.active = Math.max(raw.active, c.timestamp);
    raw.idle = Math.max(raw.idle, c.timestamp);
  }
  return raw;
}

/** The legacy form of GET /realm/presence, by email: {"a@x": {aggregated: {status, timestamp}, website: …}}. */
export function setLegacy(map: Record<string, Record<string, LegacyClient>>, idOfEmail: (email: string) => number | undefined): void {
  const entries: [number, Raw][] = [];
  for (const [email, dict] of Object.entries(map)) {
    const id = idOfEmail(email);
    if (id !== undefined) entries.push([id, fromLegacy(dict)]);
  }
  merge(entries, true);
}

/** A `presence` event: the simplified form ({presences}) or the legacy one ({user_id, presence}). */
export function applyPresenceEvent(event: Record<string, any>): void {
  if (event.server_timestamp) noteServerTime(event.server_timestamp);
  if (event.presences) {
    mergeModern(event.presences);
    return;
  }
  if (typeof event.user_id === "number" && event.presence) merge([[event.user_id, fromLegacy(event.presence)]]);
}

/** Our own report: we are active (or idle) as of now, without waiting for the server's answer. */
export function noteOwnPresence(userId: number, active: boolean): void {
  const now = Math.floor(serverNow());
  merge([[userId, { active: active ? now : 0, idle: now }]]);
}
