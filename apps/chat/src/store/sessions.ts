// Web app sessions, looked up by the digest of the cookie's token.
import type { Selectable } from "kysely";
import type { ChatDb } from "./schema.js";
import type { WebSessionTable } from "./schema.js";

export type WebSession = Selectable<WebSessionTable> & { realm_id: number };

export async function insertSession(db: ChatDb, row: Omit<WebSessionTable, "id">): Promise<number> {
  const { id } = await db.insertInto("web_sessions").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** The session of this token digest, with its user's realm. */
export function sessionByTokenHash(db: ChatDb, tokenHash: string): Promise<WebSession | undefined> {
  return db
    .selectFrom("web_sessions")
    .innerJoin("users", "users.id", "web_sessions.user_id")
    .selectAll("web_sessions")
    .select("users.realm_id")
    .where("web_sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: ChatDb, id: number, lastUsed: number, expiresAt: number): Promise<void> {
  await db.updateTable("web_sessions").set({ last_used: lastUsed, expires_at: expiresAt }).where("id", "=", id).execute();
}

export async function deleteSession(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("web_sessions").where("id", "=", id).execute();
}

/** Ends every session of the users, except `keep` (the one that asked, e.g. for a password change). */
export async function deleteSessionsOfUsers(db: ChatDb, userIds: number[], keep?: number): Promise<void> {
  if (!userIds.length) return;
  let q = db.deleteFrom("web_sessions").where("user_id", "in", userIds);
  if (keep !== undefined) q = q.where("id", "!=", keep);
  await q.execute();
}

export async function deleteSessionsOfRealm(db: ChatDb, realmId: number): Promise<void> {
  await db
    .deleteFrom("web_sessions")
    .where("user_id", "in", (eb) => eb.selectFrom("users").select("id").where("realm_id", "=", realmId))
    .execute();
}

export async function deleteExpiredSessions(db: ChatDb, now: number): Promise<void> {
  await db.deleteFrom("web_sessions").where("expires_at", "<=", now).execute();
}
