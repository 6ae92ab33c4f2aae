// Dashboard sign-in state: password hashes and sessions, keyed by account.
import type { Db } from "../deps.js";
import type { Account } from "./schema.js";

export async function findAccountById(db: Db, id: number): Promise<Account | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findPasswordHash(db: Db, accountId: number): Promise<string | undefined> {
  const row = await db.selectFrom("web_credentials").select("password_hash").where("account_id", "=", accountId).executeTakeFirst();
  return row?.password_hash;
}

/** Inserts the account's first password; false when it already has one (a lost race). */
export async function insertPasswordHash(db: Db, accountId: number, hash: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto("web_credentials")
    .values({ account_id: accountId, password_hash: hash, updated: now })
    .onConflict((oc) => oc.column("account_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets the account's password, replacing any it had. */
export async function upsertPasswordHash(db: Db, accountId: number, hash: string, now: number): Promise<void> {
  await db
    .insertInto("web_credentials")
    .values({ account_id: accountId, password_hash: hash, updated: now })
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ password_hash: hash, updated: now }))
    .execute();
}

export async function deleteSessionsOf(db: Db, accountId: number): Promise<void> {
  await db.deleteFrom("web_sessions").where("account_id", "=", accountId).execute();
}

export async function insertSession(db: Db, row: { token_hash: string; account_id: number; created: number; expires: number }): Promise<void> {
  await db.insertInto("web_sessions").values(row).execute();
}

/** The signed-in account of a live session. */
export async function findSessionAccount(db: Db, tokenHash: string, now: number): Promise<Account | undefined> {
  return db
    .selectFrom("web_sessions")
    .innerJoin("accounts", "accounts.id", "web_sessions.account_id")
    .selectAll("accounts")
    .where("web_sessions.token_hash", "=", tokenHash)
    .where("web_sessions.expires", ">", now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom("web_sessions").where("token_hash", "=", tokenHash).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom("web_sessions").where("expires", "<=", now).execute();
}

/** E-mail addresses match case-insensitively: the CLI stores them as typed. */
export async function findAccountByEmailFolded(db: Db, email: string): Promise<Account | undefined> {
  return db
    .selectFrom("accounts")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** Signs out every session of the account but one (the one in use). */
export async function deleteOtherSessions(db: Db, accountId: number, keepTokenHash: string): Promise<number> {
  const result = await db.deleteFrom("web_sessions").where("account_id", "=", accountId).where("token_hash", "!=", keepTokenHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countSessionsOf(db: Db, accountId: number, now: number): Promise<number> {
  const row = await db.selectFrom("web_sessions").select((eb) => eb.fn.countAll<number>().as("n")).where("account_id", "=", accountId).where("expires", ">", now).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setAccountEmail(db: Db, accountId: number, email: string): Promise<void> {
  await db.updateTable("accounts").set({ email }).where("id", "=", accountId).execute();
}
