// The onboarding steps (one-time notices of the web app) each user has seen, as Zulip's
// OnboardingStep: one row per user and step.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function onboardingSteps(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("onboarding_steps")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("onboarding_step", "text", (c) => c.notNull())
        .addColumn("timestamp", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("onboarding_steps_pkey", ["user_id", "onboarding_step"])
        .execute();
    },
  };
}
