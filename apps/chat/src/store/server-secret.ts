// The server's own secret, made at random by the first process to ask and kept in the
// database, so every process serving the site derives the same keys from it (the image
// proxy's signing key when CHAT_CAMO_KEY is unset, device tokens of sign-ins).
import { createHmac, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

const secrets = new WeakMap<object, Promise<string>>();

async function readOrCreate(db: Kysely<any>): Promise<string> {
  await sql`INSERT INTO server_secrets (name, value) VALUES ('server', ${randomBytes(32).toString("hex")}) ON CONFLICT (name) DO NOTHING`.execute(db);
  const row = await sql<{ value: string }>`SELECT value FROM server_secrets WHERE name = 'server'`.execute(db);
  return row.rows[0]!.value;
}

/** A key for `purpose`, the same in every process on this database. */
export async function derivedKey(db: Kysely<any>, purpose: string): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = readOrCreate(db);
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return createHmac("sha256", await secret).update(purpose).digest("hex");
}
