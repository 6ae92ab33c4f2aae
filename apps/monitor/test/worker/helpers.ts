// Shared steps of the worker and transport tests: a harness whose integrations may reach
// local receivers, and integrations made the way the CLI makes them.
import { after, before } from "node:test";
import { createIntegration } from "../../src/actions/integrations.js";
import { startFakeService, type FakeService } from "../../src/integrations/testing/fake-service.js";
import type { MonitorConfig } from "../../src/config.js";
import type { Channel } from "../../src/store/schema.js";
import { startHarness, type Harness } from "../helpers.js";

export function startAlertHarness(overrides: Partial<Record<keyof MonitorConfig, string>> = {}): Promise<Harness> {
  return startHarness({ integrationsAllowPrivateIps: "true", ...overrides });
}

/** A harness whose alerts may reach local receivers, and one such receiver. */
export interface AlertSetup {
  h: Harness;
  hook: FakeService;
}

/**
 * Starts an AlertSetup before the enclosing suite's tests and closes it after them; `started`
 * receives it (call inside `describe`).
 */
export function useAlertHarness(started: (setup: AlertSetup) => void): void {
  let setup: Partial<AlertSetup> = {};
  before(async () => {
    setup = { h: await startAlertHarness() };
    setup.hook = await startFakeService();
    started(setup as AlertSetup);
  });
  after(async () => {
    await setup.h?.close();
    await setup.hook?.close();
  });
}

/** E-mail addresses count as verified: these tests are about delivery (emailVerification tests the rest). */
export function addIntegration(h: Harness, kind: string, value: unknown, name = `${kind} integration`): Promise<Channel> {
  return createIntegration(h.deps, h.project, { kind, name, value: typeof value === "string" ? value : JSON.stringify(value), emailVerified: kind === "email" });
}

export function webhookValue(url: string, extra: Record<string, unknown> = {}) {
  return { method_down: "GET", url_down: url, body_down: "", headers_down: {}, method_up: "GET", url_up: url, body_up: "", headers_up: {}, ...extra };
}
