// The log (the details page's and the log page's) says why a down flip's alerts were held
// back: the dependency that was down, with a link to it, or the maintenance window and until
// when.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { createCheckVia, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "../web/helpers.js";
import { addIntegration, startAlertHarness, webhookValue } from "../worker/helpers.js";

describe("held alerts in the log", () => {
  let h: Harness;
  let alice: WebClient;
  let router: { uuid: string };
  let behind: { uuid: string };
  let serviced: { uuid: string };
  before(async () => {
    h = await startAlertHarness();
    alice = await signedUp(h, "alice@example.org");
    const channels = (await addIntegration(h, "webhook", webhookValue("http://127.0.0.1:9/"))).uuid;
    router = await createCheckVia(h, { name: "Core router", timeout: 60, grace: 60, channels });
    behind = await createCheckVia(h, { name: "Web", timeout: 60, grace: 60, channels, depends_on: router.uuid });
    serviced = await createCheckVia(h, { name: "DB", timeout: 60, grace: 60, channels, maintenance: [{ name: "Disk swap", start: "2020-01-01T00:00:00Z", end: "2020-01-01T01:00:00Z" }] });
    for (const c of [router, behind, serviced]) await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    h.clock.set(new Date("2020-01-01T00:02:00.001Z"));
    await runAlertCycle(h.deps);
  });
  after(() => h.close());

  it("names the dependency that held a check's alerts, on the details page and the log page", async () => {
    for (const path of [`/checks/${behind.uuid}/details/`, `/checks/${behind.uuid}/log/`]) {
      const page = await alice.get(path);
      assert.equal(page.status, 200);
      assert.match(page.text, new RegExp(`Alerts held back: it depends on <a href="/checks/${router.uuid}/details/">Core router</a>, which was down\\.`), path);
    }
    assert.doesNotMatch((await alice.get(`/checks/${router.uuid}/details/`)).text, /Alerts held back/);
  });

  it("names the maintenance window that held a check's alerts, and until when", async () => {
    for (const path of [`/checks/${serviced.uuid}/details/`, `/checks/${serviced.uuid}/log/`]) {
      const page = (await alice.get(path)).text;
      assert.match(page, /Alerts held back: in maintenance \(Disk swap\) until <time datetime="2020-01-01T01:00:00.000Z" data-local>2020-01-01 01:00:00 UTC<\/time>; sent after it if still down\./, path);
    }
  });
});
