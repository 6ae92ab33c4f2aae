// "Send a test notification" from the integrations page: a made-up check named TEST that
// has just gone down, delivered at once through the integration's transport (no outbox,
// no retries), so the person at the keyboard sees the outcome on the next page.
import { randomUUID } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { alertServices } from "./alert-services.js";
import { pythonJson } from "../http/router.js";
import { presentCheck } from "../present/check.js";
import type { Channel, Check, Project } from "../store/schema.js";
import { failureOf } from "../integrations/alert.js";
import { transportFor } from "../integrations/registry.js";
import { newCheckRow } from "./checks.js";

export type TestOutcome = { kind: "sent" } | { kind: "noop" } | { kind: "failed"; error: string };

export function dummyCheck(project: Project, now: number): Check {
  return { ...newCheckRow(project, now), id: 0, name: "TEST", status: "down", n_pings: 42, last_ping: now - 86400_000 } as Check;
}

export async function sendTestNotification(deps: MonitorDeps, project: Project, channel: Channel): Promise<TestOutcome> {
  const now = deps.clock.now().getTime();
  const check = dummyCheck(project, now);
  const transport = transportFor(channel.kind);
  if (transport.isNoop(channel, "down")) return { kind: "noop" };
  try {
    await transport.notify({
      config: deps.config,
      secretKey: deps.secretKey,
      now,
      flip: { created: now, old_status: "up", new_status: "down", reason: "" },
      check,
      project,
      channel,
      lastPing: undefined,
      downDuration: null,
      otherDown: null,
      notificationUuid: randomUUID(),
      checkJson: () => pythonJson(presentCheck(check, [channel.uuid], { config: deps.config, version: 3, readOnly: false, now })),
      ...alertServices(deps, channel),
    });
    return { kind: "sent" };
  } catch (e) {
    const failure = failureOf(e);
    if (failure.unexpected) deps.log.error({ err: e, channel: channel.uuid }, "test notification failed");
    return { kind: "failed", error: failure.error || "unexpected error" };
  }
}
