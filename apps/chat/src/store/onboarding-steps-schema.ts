export interface OnboardingStepTable {
  user_id: number;
  onboarding_step: string;
  /** when it was marked as read, ms since the epoch */
  timestamp: number;
}

export interface OnboardingStepTables {
  onboarding_steps: OnboardingStepTable;
}
