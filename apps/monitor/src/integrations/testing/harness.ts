// Test support for a kind's tests: a monitor whose integrations may reach fakes on 127.0.0.1,
// integrations made the way the CLI makes them, and one alert pushed through the worker.
import { runAlertCycle } from "../../actions/alert-worker.js";
import { createIntegration } from "../../actions/integrations.js";
import { sendTestNotification } from "../../actions/test-notification.js";
import type { MonitorConfig } from "../../config.js";
import type { Channel } from "../../store/schema.js";
import { call, createCheckVia, startHarness, type Harness } from "../../../test/helpers.js";

export type { Harness } from "../../../test/helpers.js";

/**
 * The private-address guard stays on by default; kind tests turn it off explicitly, since
 * their fakes listen on 127.0.0.1. `env` holds the kinds' settings (MONITOR_TELEGRAM_TOKEN …).
 */
export function startKindHarness(env: Record<string, string> = {}, overrides: Partial<Record<keyof MonitorConfig, string>> = {}): Promise<Harness> {
  return startHarness({ integrationsAllowPrivateIps: "true", ...overrides }, env);
}

/** E-mail addresses count as verified: kind tests are about delivery. */
export function addIntegration(h: Harness, kind: string, value: unknown, name = `${kind} integration`): Promise<Channel> {
  return createIntegration(h.deps, h.project, { kind, name, value: typeof value === "string" ? value : JSON.stringify(value), emailVerified: kind === "email" });
}

export async function channelRow(h: Harness, channel: Channel): Promise<Channel> {
  return h.deps.db.selectFrom("channels").selectAll().where("id", "=", channel.id).executeTakeFirstOrThrow();
}

/**
 * A new check, assigned to `channel` only, goes down at once (a failure ping carrying
 * `body`) and the worker delivers the alert; the check is paused afterwards so later tests
 * that move the clock leave it alone. Returns the check (API JSON) and the channel row after.
 */
export async function alertDown(h: Harness, channel: Channel, check: Record<string, unknown> = {}, options: { ping?: string; body?: string } = {}) {
  const c = await createCheckVia(h, { ...check, channels: channel.uuid });
  await h.app.inject({ method: "POST", url: `/ping/${c.uuid}${options.ping ?? "/fail"}`, payload: options.body ?? "" });
  await runAlertCycle(h.deps);
  await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
  return { check: c, channel: await channelRow(h, channel) };
}

/**
 * A new check assigned to `channel` only fails, then recovers `downSeconds` later: the worker
 * delivers the down alert and then the up alert (with its downtime).
 */
export async function alertDownThenUp(h: Harness, channel: Channel, check: Record<string, unknown> = {}, downSeconds = 5400) {
  const c = await createCheckVia(h, { timeout: 86400, ...check, channels: channel.uuid });
  await h.app.inject({ method: "POST", url: `/ping/${c.uuid}/fail` });
  await runAlertCycle(h.deps);
  h.clock.advanceSeconds(downSeconds);
  await h.app.inject({ method: "POST", url: `/ping/${c.uuid}` });
  await runAlertCycle(h.deps);
  await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
  return { check: c, channel: await channelRow(h, channel) };
}

/** "Send a test notification", as the dashboard's button does it. */
export function sendTest(h: Harness, channel: Channel) {
  return sendTestNotification(h.deps, h.project, channel);
}
