// Web app sessions: created by a sign-in or sign-up, ended by sign-out, by a password change
// (every other session of the user), by deactivating the user or the organization, and by
// lying unused for CHAT_SESSION_DAYS.
import type { ChatDeps } from "../deps.js";
import { generateSessionToken, hashSessionToken } from "../lib/secrets.js";
import { deleteExpiredSessions, deleteSession, deleteSessionsOfRealm, deleteSessionsOfUsers, insertSession, touchSession, type WebSession } from "../store/sessions.js";
import type { ChatDb } from "../store/schema.js";

const DAY_MS = 86_400_000;
// A session's expiry moves forward on use, but at most one write per session per hour, so
// requests do not each write a row.
const TOUCH_INTERVAL_MS = 3_600_000;

export const sessionLifetimeMs = (deps: ChatDeps): number => deps.config.sessionDays * DAY_MS;

/**
 * A new session; the token is returned once, for the cookie, and only its digest is kept. It is
 * bound to the address that made it: `hostRealmId` is the realm the Host named, null for an
 * address naming none (http/session.ts refuses it anywhere else).
 */
export async function doCreateSession(deps: ChatDeps, userId: number, hostRealmId: number | null): Promise<{ token: string; maxAgeSeconds: number }> {
  const now = deps.clock.now().getTime();
  const token = generateSessionToken();
  const lifetime = sessionLifetimeMs(deps);
  // Sign-ins are rare next to requests: each one sweeps away every session that has expired.
  await deleteExpiredSessions(deps.db, now);
  await insertSession(deps.db, { token_hash: hashSessionToken(token), user_id: userId, host_realm_id: hostRealmId, date_created: now, last_used: now, expires_at: now + lifetime });
  return { token, maxAgeSeconds: lifetime / 1000 };
}

/** Records a use of the session; true when its expiry moved (the cookie should follow). */
export async function doTouchSession(deps: ChatDeps, session: WebSession): Promise<boolean> {
  const now = deps.clock.now().getTime();
  if (now - session.last_used < TOUCH_INTERVAL_MS) return false;
  await touchSession(deps.db, session.id, now, now + sessionLifetimeMs(deps));
  return true;
}

export async function doEndSession(deps: ChatDeps, sessionId: number): Promise<void> {
  await deleteSession(deps.db, sessionId);
}

/** Signs the users out everywhere, except from the session `keep` (the one asking). */
export async function doEndUserSessions(db: ChatDb, userIds: number[], keep?: number): Promise<void> {
  await deleteSessionsOfUsers(db, userIds, keep);
}

export async function doEndRealmSessions(db: ChatDb, realmId: number): Promise<void> {
  await deleteSessionsOfRealm(db, realmId);
}
