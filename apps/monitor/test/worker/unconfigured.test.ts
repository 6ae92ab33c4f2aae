import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { createIntegration } from "../../src/actions/integrations.js";
import { createCheckVia, type Harness } from "../helpers.js";
import type { FakeService } from "../../src/integrations/testing/fake-service.js";
import { addIntegration, useAlertHarness, webhookValue } from "./helpers.js";

describe("integrations provisioned without configuration", () => {
  let h: Harness;
  let hook: FakeService;
  useAlertHarness((started) => ({ h, hook } = started));

  it("deliver nothing and do not stop the others from alerting", async () => {
    const bare = [];
    for (const kind of ["email", "webhook", "zulip", "slack", "ntfy"]) bare.push(await createIntegration(h.deps, h.project, { kind, name: `bare ${kind}`, value: "" }));
    await addIntegration(h, "webhook", webhookValue(`${hook.url}/hook/$STATUS`));
    const c = await createCheckVia(h, { timeout: 60, grace: 60, channels: "*" });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    h.clock.advanceSeconds(121);
    await runAlertCycle(h.deps);
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/hook/down"]);
    const errors = await h.deps.db.selectFrom("channels").select(["name", "last_error"]).where("id", "in", bare.map((b) => b.id)).execute();
    assert.ok(errors.every((e) => e.last_error === ""), JSON.stringify(errors));
  });
});
