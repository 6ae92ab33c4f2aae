// POST /users/me/onboarding_steps (Zulip's mark_onboarding_step_as_read, for human users).
import { guarded, handler } from "../http/endpoint.js";
import { required } from "../http/declare.js";
import { raw } from "../http/params.js";
import { checkMarkOnboardingStepRead } from "../actions/onboarding-steps.js";
import { requireHuman } from "./guards.js";

export const markOnboardingStepRead = guarded(
  requireHuman,
  handler({ step: required("onboarding_step", raw()) }, async ({ deps, user }, { step }) => {
    await checkMarkOnboardingStepRead(deps, user, step);
    return {};
  }),
);
