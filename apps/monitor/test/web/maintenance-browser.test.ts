// Maintenance windows on the dashboard in Debian's chromium, at desktop (1280x800) and phone
// (390x844) widths: the details page's card (its windows, the form to add one, removing one),
// a refused form coming back as typed, and the checks list's marker for a check in maintenance,
// which the list's poll redraws as windows open and close (the page's clock is Playwright's).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { browserSkip, DESKTOP, overflow, PHONE, startBrowserHarness, type BrowserHarness } from "./browser-harness.js";

const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;

/** A datetime-local field's value for an instant, in UTC. */
const localUtc = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe("maintenance windows on the dashboard in a browser", { skip: browserSkip, timeout: 300_000 }, () => {
  let b: BrowserHarness;
  let uuid = "";
  let listUrl = "";
  before(async () => {
    b = await startBrowserHarness();
  });
  after(() => b?.close());

  const shot = async (selector: string, name: string) => {
    const path = process.env.BEACON_SCREENSHOTS === "1" ? join(DOCS_SCREENSHOTS, `${name}.png`) : undefined;
    const image = await b.page.locator(selector).first().screenshot(path ? { path } : {});
    assert.ok(image.length > 1000);
  };

  it("adds a one-off window through the form, after a refused one comes back as typed", async () => {
    const { page, site, monitor } = b;
    await page.goto(`${site}/accounts/signup/`);
    await page.getByLabel("E-mail address").fill("maint@example.org");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/checks\/$/);
    listUrl = page.url();
    uuid = (await monitor.deps.db.selectFrom("checks").select("uuid").orderBy("id").executeTakeFirstOrThrow()).uuid;

    await page.goto(`${site}/checks/${uuid}/details/`);
    const card = page.locator(".maintenance-card");
    assert.match(await card.innerText(), /No maintenance windows\./);
    await card.locator("summary").click();
    const now = Date.now();
    await card.getByLabel("Name").fill("Disk swap");
    await card.getByLabel("Start").fill(localUtc(now + 3600_000));
    await card.getByLabel("End").fill(localUtc(now - 3600_000));
    await card.getByLabel("Time zone").fill("UTC");
    await card.getByRole("button", { name: "Add window" }).click();
    assert.match(await page.locator(".maintenance-card .flash.error").innerText(), /The end must come after the start\./);
    assert.equal(await page.locator(".maintenance-card").getByLabel("Name").inputValue(), "Disk swap");

    await page.locator(".maintenance-card").getByLabel("Start").fill(localUtc(now - 3600_000));
    await page.locator(".maintenance-card").getByLabel("End").fill(localUtc(now + 2 * 3600_000));
    await page.locator(".maintenance-card").getByRole("button", { name: "Add window" }).click();
    await page.waitForURL(`${site}/checks/${uuid}/details/`);
    assert.match(await page.locator(".flash").first().innerText(), /Maintenance window added\./);
    const text = await page.locator(".maintenance-card").innerText();
    assert.match(text, /In maintenance until .* \(Disk swap\): down alerts are held/);
    assert.match(text, /Disk swap\s+from .* to /);
  });

  it("adds a recurring window for the whole project, and the form switches its fields", async () => {
    const { page, site } = b;
    const card = page.locator(".maintenance-card");
    await card.locator("summary").click();
    assert.equal(await card.getByLabel("Opens at each run of").isVisible(), false);
    await card.getByLabel("Recurring").check();
    assert.equal(await card.getByLabel("Start").isVisible(), false);
    await card.getByLabel("Name").fill("Sunday backups");
    await card.getByLabel("Opens at each run of").fill("0 2 * * 0");
    await card.getByLabel("Length, minutes").fill("90");
    await card.getByLabel("Time zone").fill("Europe/Berlin");
    await card.getByLabel("For every check of this project").check();
    await shot(".maintenance-card", "monitor-maintenance-form");
    await card.getByRole("button", { name: "Add window" }).click();
    await page.waitForURL(`${site}/checks/${uuid}/details/`);
    const item = page.locator(".maintenance-card .window", { hasText: "Sunday backups" });
    assert.match(await item.innerText(), /whole project[\s\S]*at each run of 0 2 \* \* 0 \(Europe\/Berlin\), for 1 hour 30 minutes; next from /);
    await shot(".maintenance-card", "monitor-maintenance");
  });

  it("marks the check in maintenance on the checks list", async () => {
    const { page } = b;
    await page.goto(listUrl);
    const row = page.locator(`tr[data-uuid="${uuid}"]`);
    const marker = row.locator(".maintenance-marker");
    assert.equal(await marker.innerText(), "maintenance");
    assert.match((await marker.getAttribute("title"))!, /^In maintenance until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    await shot(`tr[data-uuid="${uuid}"]`, "monitor-maintenance-list");
  });

  it("fits a phone, and removes a window", async () => {
    const { page, site } = b;
    await page.setViewportSize(PHONE);
    await page.goto(listUrl);
    assert.equal(await overflow(page), 0);
    await page.goto(`${site}/checks/${uuid}/details/`);
    assert.equal(await overflow(page), 0);
    await page.locator(".maintenance-card summary").click();
    const input = (await page.locator(".maintenance-card").getByLabel("Name").boundingBox())!;
    assert.ok(input.x >= 0 && input.x + input.width <= PHONE.width);
    assert.equal(await overflow(page), 0);
    await shot(".maintenance-card", "monitor-maintenance-phone");
    await page.locator(".maintenance-card summary").click();

    await page.locator(".maintenance-card .window", { hasText: "Disk swap" }).getByRole("button", { name: "Remove" }).click();
    await page.waitForURL(`${site}/checks/${uuid}/details/`);
    assert.match(await page.locator(".flash").first().innerText(), /Maintenance window removed\./);
    assert.equal(await page.locator(".maintenance-card .window").count(), 1);
    await page.setViewportSize(DESKTOP);
  });

  it("redraws the marker at the list's next poll when a window opens or closes while the list is open", async () => {
    const { context, page, site } = b;
    const details = await context.newPage();
    details.on("dialog", (dialog) => void dialog.accept());
    await details.goto(`${site}/checks/${uuid}/details/`);
    // Start without any window (a recurring one could be open at the hour this runs).
    for (let left = 3; left > 0 && (await details.locator(".maintenance-card .window").count()) > 0; left--) {
      await details.locator(".maintenance-card .window").first().getByRole("button", { name: "Remove" }).click();
      await details.waitForURL(`${site}/checks/${uuid}/details/`);
    }
    assert.equal(await details.locator(".maintenance-card .window").count(), 0);

    await page.clock.install();
    await page.goto(listUrl);
    const marker = page.locator(`tr[data-uuid="${uuid}"] .maintenance-marker`);
    assert.equal(await marker.count(), 0);

    const card = details.locator(".maintenance-card");
    await card.locator("summary").click();
    await card.getByLabel("Name").fill("Reboot");
    await card.getByLabel("Start").fill(localUtc(Date.now() - 3600_000));
    await card.getByLabel("End").fill(localUtc(Date.now() + 3600_000));
    await card.getByLabel("Time zone").fill("UTC");
    await card.getByRole("button", { name: "Add window" }).click();
    await details.waitForURL(`${site}/checks/${uuid}/details/`);
    assert.equal(await marker.count(), 0, "the list shows nothing before its poll");

    await page.clock.runFor(15_000);
    await marker.waitFor();
    assert.equal(await marker.innerText(), "maintenance");
    assert.match((await marker.getAttribute("title"))!, /^In maintenance until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    assert.ok((await page.locator(`tr[data-uuid="${uuid}"]`).screenshot()).length > 1000);

    await details.locator(".maintenance-card .window", { hasText: "Reboot" }).getByRole("button", { name: "Remove" }).click();
    await details.waitForURL(`${site}/checks/${uuid}/details/`);
    await page.clock.runFor(15_000);
    await marker.waitFor({ state: "detached" });
    await details.close();
  });
});
