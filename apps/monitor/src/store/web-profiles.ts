// An account's dashboard choices; an account without a row has every default.
import type { Db } from "../deps.js";
import type { Account, WebProfile } from "./schema.js";

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

/** Records a used TOTP time step, only if it is later than the last one; false when it is not (a code works once). */
export async function spendTotpStep(db: Db, accountId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("web_profiles")
    .set({ totp_last_step: step })
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the recovery codes, only if they are still `seen`; false when another request changed them first. */
export async function replaceRecoveryCodes(db: Db, accountId: number, seen: string, rest: string): Promise<boolean> {
  const result = await db.updateTable("web_profiles").set({ recovery_codes: rest }).where("account_id", "=", accountId).where("recovery_codes", "=", seen).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Accounts with a password whose monthly report is due at `now`, or that have never been seen
 * by the report worker (no profile row, or no date yet), 500 at a time.
 */
export async function accountsDueForReport(db: Db, now: number): Promise<(Account & Pick<WebProfile, "next_report"> & { reports: number | null })[]> {
  return db
    .selectFrom("accounts")
    .innerJoin("web_credentials", "web_credentials.account_id", "accounts.id")
    .leftJoin("web_profiles", "web_profiles.account_id", "accounts.id")
    .selectAll("accounts")
    .select(["web_profiles.reports", "web_profiles.next_report"])
    .where((eb) => eb.or([eb("web_profiles.account_id", "is", null), eb.and([eb("web_profiles.reports", "=", 1), eb.or([eb("web_profiles.next_report", "is", null), eb("web_profiles.next_report", "<=", now)])])]))
    .orderBy("accounts.id")
    .limit(500)
    .execute();
}

/** The first report's date, set only where none is set yet. */
export async function scheduleFirstReport(db: Db, accountId: number, next: number): Promise<void> {
  await db
    .insertInto("web_profiles")
    .values({ account_id: accountId, ...DEFAULT_PROFILE, next_report: next })
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ next_report: next }).where("web_profiles.next_report", "is", null))
    .execute();
}

/** Moves a due report to `next`; false when another process claimed it first. */
export async function claimReport(db: Db, accountId: number, due: number, next: number): Promise<boolean> {
  const claimed = await db.updateTable("web_profiles").set({ next_report: next }).where("account_id", "=", accountId).where("next_report", "=", due).executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}
