// One-time messages for a visitor's next page, keyed by the hash of the session token.
import type { Db } from "../deps.js";

/** Stores (or replaces) the visitor's message; expired ones of anybody are dropped on the way. */
export async function putFlash(db: Db, row: { token_hash: string; payload: string; expires: number }, now: number): Promise<void> {
  await db.deleteFrom("web_flashes").where("expires", "<=", now).execute();
  await db
    .insertInto("web_flashes")
    .values(row)
    .onConflict((oc) => oc.column("token_hash").doUpdateSet({ payload: row.payload, expires: row.expires }))
    .execute();
}

/** Takes the visitor's message: it is shown once. */
export async function takeFlash(db: Db, tokenHash: string, now: number): Promise<string | undefined> {
  const row = await db.deleteFrom("web_flashes").where("token_hash", "=", tokenHash).returning(["payload", "expires"]).executeTakeFirst();
  return row && row.expires > now ? row.payload : undefined;
}
