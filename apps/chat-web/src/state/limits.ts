// The server's timings for presence and typing (POST /register sends them whatever the
// sections asked for), with the values Zulip's apps used before servers sent them.
export const limits = {
  presencePingSeconds: 60,
  presenceOfflineSeconds: 140,
  typingStartedExpiryMs: 15_000,
  typingStoppedWaitMs: 5_000,
  typingStartedWaitMs: 10_000,
};

export function setLimits(state: Record<string, unknown>): void {
  const take = (key: string, fallback: number) => (typeof state[key] === "number" && (state[key] as number) > 0 ? (state[key] as number) : fallback);
  limits.presencePingSeconds = take("server_presence_ping_interval_seconds", 60);
  limits.presenceOfflineSeconds = take("server_presence_offline_threshold_seconds", 140);
  limits.typingStartedExpiryMs = take("server_typing_started_expiry_period_milliseconds", 15_000);
  limits.typingStoppedWaitMs = take("server_typing_stopped_wait_period_milliseconds", 5_000);
  limits.typingStartedWaitMs = take("server_typing_started_wait_period_milliseconds", 10_000);
}
