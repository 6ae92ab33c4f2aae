// The onboarding steps a user has seen (Zulip's OnboardingStep rows).
import type { ChatDb } from "./schema.js";

export async function seenOnboardingSteps(db: ChatDb, userId: number): Promise<Set<string>> {
  const rows = await db.selectFrom("onboarding_steps").select("onboarding_step").where("user_id", "=", userId).execute();
  return new Set(rows.map((r) => r.onboarding_step));
}

/** Records the step as seen; seeing it again changes nothing. */
export async function markOnboardingStepSeen(db: ChatDb, userId: number, step: string, now: number): Promise<void> {
  await db
    .insertInto("onboarding_steps")
    .values({ user_id: userId, onboarding_step: step, timestamp: now })
    .onConflict((oc) => oc.columns(["user_id", "onboarding_step"]).doNothing())
    .execute();
}
