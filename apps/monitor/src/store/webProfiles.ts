// An account's dashboard choices; an account without a row has every default.
import type { Db } from "../deps.js";
import type { WebProfile } from "./schema.js";

export const DEFAULT_PROFILE: Omit<WebProfile, "account_id"> = {
  sort: "created",
  theme: "system",
  reports: 1,
  next_report: null,
  totp_secret: null,
  totp_last_step: null,
  recovery_codes: "",
};

export async function findProfile(db: Db, accountId: number): Promise<WebProfile> {
  const row = await db.selectFrom("web_profiles").selectAll().where("account_id", "=", accountId).executeTakeFirst();
  return row ?? { account_id: accountId, ...DEFAULT_PROFILE };
}

export type ProfileChanges = Partial<Omit<WebProfile, "account_id">>;

/** One upsert: a row is set, never deleted and inserted again. */
export async function updateProfile(db: Db, accountId: number, changes: ProfileChanges): Promise<void> {
  await db
    .insertInto("web_profiles")
    .values({ account_id: accountId, ...DEFAULT_PROFILE, ...changes })
    .onConflict((oc) => oc.column("account_id").doUpdateSet(changes))
    .execute();
}
