// Beacon's check extensions on the dashboard in Debian's chromium, at desktop (1280x800) and
// phone (390x844) widths: the alerting rules form (failure threshold, run durations, body
// pattern, dependencies) and the uptime figures on the check's page.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createCheck } from "../../src/actions/checks.js";
import { validateCheckSpec } from "../../src/http/check-spec.js";
import type { Project } from "../../src/store/schema.js";
import { browserSkip, DESKTOP, overflow, PHONE, startBrowserHarness, type BrowserHarness } from "./browser-harness.js";

const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;

describe("check extensions on the dashboard in a browser", { skip: browserSkip, timeout: 300_000 }, () => {
  let b: BrowserHarness;
  let uuid = "";
  let routerName = "";
  before(async () => {
    b = await startBrowserHarness();
  });
  after(() => b?.close());

  const DAY = 86400_000;
  // Only one card, kept small for the docs: written there when BEACON_SCREENSHOTS=1.
  const cardShot = async (selector: string, name: string) => {
    const path = process.env.BEACON_SCREENSHOTS === "1" ? join(DOCS_SCREENSHOTS, `${name}.png`) : undefined;
    const shot = await b.page.locator(selector).first().screenshot(path ? { path } : {});
    assert.ok(shot.length > 1000);
  };

  it("shows the uptime figures from the check's history", async () => {
    const { page, site, monitor } = b;
    const db = monitor.deps.db;
    await page.goto(`${site}/accounts/signup/`);
    await page.getByLabel("E-mail address").fill("ops@example.org");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/checks\/$/);
    const check = await db.selectFrom("checks").selectAll().orderBy("id").executeTakeFirstOrThrow();
    uuid = check.uuid;
    const project = (await db.selectFrom("projects").selectAll().where("id", "=", check.project_id).executeTakeFirstOrThrow()) as Project;
    const spec = validateCheckSpec({ name: "Core router", timeout: 3600, grace: 600 });
    assert.ok("ok" in spec);
    routerName = "Core router";
    await createCheck(monitor.deps, project, spec.ok, 3);

    // Forty days of history: up, two downtimes (2 hours ten days ago, 30 minutes three days ago).
    const now = Date.now();
    await db.updateTable("checks").set({ created: now - 40 * DAY, status: "up", last_ping: now, n_pings: 5, timeout: 86400 }).where("id", "=", check.id).execute();
    const flip = (created: number, old_status: string, new_status: string) => ({ check_id: check.id, created, old_status, new_status, reason: new_status === "down" ? "timeout" : "", processed: created });
    await db.insertInto("flips").values([
      flip(now - 40 * DAY, "new", "up"),
      flip(now - 10 * DAY, "up", "down"),
      flip(now - 10 * DAY + 2 * 3600_000, "down", "up"),
      flip(now - 3 * DAY, "up", "down"),
      flip(now - 3 * DAY + 1800_000, "down", "up"),
    ]).execute();

    await page.goto(`${site}/checks/${uuid}/details/`);
    const rows = page.locator(".uptime-card tr");
    assert.equal(await rows.count(), 6);
    assert.match(await rows.nth(0).innerText(), /^Last 7 days\s+99\.70%\s+1 downtime, 30 minutes down$/);
    assert.match(await rows.nth(1).innerText(), /^Last 30 days\s+99\.65%\s+2 downtimes, 2 hours 30 minutes down$/);
    assert.match(await rows.nth(2).innerText(), /^Last 90 days\s+99\.73%\s+2 downtimes/);
    await cardShot(".uptime-card", "monitor-uptime");
  });

  it("sets the alerting rules and a dependency through the form, and reports a refused pattern", async () => {
    const { page, site } = b;
    await page.goto(`${site}/checks/${uuid}/details/`);
    await page.locator(".alerting-card summary").click();
    await page.getByLabel("Consecutive failures before alerting").fill("3");
    await page.getByLabel("Minimum run time, seconds").fill("30");
    await page.getByLabel("Maximum run time, seconds").fill("7200");
    await page.getByLabel("Alert when a success ping's body matches").fill("(a+)+");
    await page.getByLabel(routerName).check();
    await page.getByRole("button", { name: "Save alerting rules" }).click();
    assert.match(await page.locator(".alerting-card .flash.error").innerText(), /The body pattern must not repeat a group that itself repeats or alternates\./);
    assert.equal(await page.getByLabel("Alert when a success ping's body matches").inputValue(), "(a+)+");
    assert.equal(await page.getByLabel("Consecutive failures before alerting").inputValue(), "3");

    await page.getByLabel("Alert when a success ping's body matches").fill("ERROR|FATAL");
    await page.getByLabel(routerName).check();
    await page.getByRole("button", { name: "Save alerting rules" }).click();
    await page.waitForURL(`${site}/checks/${uuid}/details/`);
    assert.match(await page.locator(".flash").first().innerText(), /Alerting rules saved\./);
    const card = await page.locator(".alerting-card").innerText();
    assert.match(card, /Down after 3 consecutive failures/);
    assert.match(card, /A run shorter than 30 seconds is a failure/);
    assert.match(card, /A run still going after 2 hours takes the check down/);
    assert.match(card, /matches \/ERROR\|FATAL\/ is a failure/);
    assert.match(card, /Depends on Core router: while one is down/);
    await cardShot(".alerting-card", "monitor-alerting-rules");
    await page.locator(".alerting-card summary").click();
    await cardShot(".alerting-card", "monitor-alerting-form");
  });

  it("fits a phone: no sideways scrolling, the form and the figures readable", async () => {
    const { page, site } = b;
    await page.setViewportSize(PHONE);
    await page.goto(`${site}/checks/${uuid}/details/`);
    assert.equal(await overflow(page), 0);
    const figure = page.locator(".uptime-card .uptime-figure").first();
    const box = (await figure.boundingBox())!;
    assert.ok(box.x + box.width <= PHONE.width, "the figures stay on screen");
    await page.locator(".alerting-card summary").click();
    const input = (await page.getByLabel("Alert when a success ping's body matches").boundingBox())!;
    assert.ok(input.x >= 0 && input.x + input.width <= PHONE.width);
    assert.equal(await overflow(page), 0);
    await cardShot(".uptime-card", "monitor-uptime-phone");
    await cardShot(".alerting-card", "monitor-alerting-form-phone");
    await page.setViewportSize(DESKTOP);
  });
});
