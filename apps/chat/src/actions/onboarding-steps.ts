// Onboarding steps: the one-time notices and actions of Zulip's web app
// (zerver/lib/onboarding_steps.py), each shown to a user until marked as read.
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { markOnboardingStepSeen, seenOnboardingSteps } from "../store/onboarding-steps.js";
import type { ChatDb } from "../store/schema.js";
import type { User } from "../store/users.js";
import { publish } from "./publish.js";

const ONE_TIME_NOTICES = [
  "visibility_policy_banner",
  "intro_inbox_view_modal",
  "intro_recent_view_modal",
  "first_stream_created_banner",
  "jump_to_conversation_banner",
  "non_interleaved_view_messages_fading",
  "interleaved_view_messages_fading",
  "intro_resolve_topic",
  "navigation_tour_video",
];
const ONE_TIME_ACTIONS = ["narrow_to_dm_with_welcome_bot_new_user"];

const ALL_STEPS = [...ONE_TIME_NOTICES.map((name) => ({ type: "one_time_notice", name })), ...ONE_TIME_ACTIONS.map((name) => ({ type: "one_time_action", name }))];

/** The steps still to show the user, in Zulip's order (/register's onboarding_steps). */
export async function nextOnboardingSteps(db: ChatDb, userId: number): Promise<{ type: string; name: string }[]> {
  const seen = await seenOnboardingSteps(db, userId);
  // Beacon has no navigation tour video (navigation_tour_video_url is null): Zulip then counts it as seen.
  seen.add("navigation_tour_video");
  return ALL_STEPS.filter((step) => !seen.has(step.name));
}

/** POST /users/me/onboarding_steps: marks a step as read and sends the user the steps left. */
export async function checkMarkOnboardingStepRead(deps: ChatDeps, user: User, step: string): Promise<void> {
  if (!ALL_STEPS.some((s) => s.name === step)) throw new BadRequestError(`Unknown onboarding_step: ${step}`);
  const { value: steps, stamp } = await deps.events.transaction(async (trx) => {
    await markOnboardingStepSeen(trx, user.id, step, deps.clock.now().getTime());
    return nextOnboardingSteps(trx, user.id);
  });
  publish(deps, [{ event: { type: "onboarding_steps", onboarding_steps: steps }, users: [user.id], stamp, realmId: user.realm_id }]);
}
