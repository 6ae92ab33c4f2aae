// The dashboard's second layer in Debian's chromium, at desktop (1280x800) and phone (390x844)
// widths, served as http://beacon.test (no secure context): forms that redirect, copy buttons
// without the clipboard API, the checks list (sort, the period/grace dialog, search), refused
// schedules, the log (ping details, filters, the UTC toggle), and deleting a project.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createIntegration } from "../../src/actions/integrations.js";
import { recordPing } from "../../src/actions/record-ping.js";
import { hotp, timeStep } from "../../src/lib/totp.js";
import { findProjectByUuid } from "../../src/store/projects.js";
import { browserSkip, DESKTOP, overflow, PHONE, startBrowserHarness, type BrowserHarness } from "./browser-harness.js";
import { base32Decode } from "./helpers.js";

describe("the dashboard's second layer in a browser", { skip: browserSkip, timeout: 300_000 }, () => {
  let b: BrowserHarness;
  let projectUrl = "";
  let checkUuid = "";
  before(async () => {
    b = await startBrowserHarness();
  });
  after(() => b?.close());

  const text = (selector: string) => b.page.locator(selector).first().innerText();
  const api = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await fetch(`${b.direct}${path}`, { method, headers: { "x-api-key": key }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as any;
  };
  const pingCheck = async (uuid: string, extra: { kind?: "start" | "fail" | "log"; body?: string; ua?: string } = {}) => {
    const row = await b.monitor.deps.db.selectFrom("checks").select("id").where("uuid", "=", uuid).executeTakeFirstOrThrow();
    await recordPing(b.monitor.deps.db, row.id, { action: extra.kind ?? "success", now: Date.now(), rid: null, exitstatus: null, scheme: "http", remoteAddr: "192.0.2.7", method: "POST", ua: extra.ua ?? "curl/8.5.0", body: extra.body ? Buffer.from(extra.body) : null });
  };

  it("creates a project with a redirect: reloading neither creates a second one nor shows its keys again", async () => {
    const { page, site } = b;
    await page.goto(`${site}/accounts/signup/`);
    await page.getByLabel("E-mail address").fill("ops@example.org");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/checks\/$/);
    await page.goto(`${site}/projects/`);
    assert.match(await text(".project-card"), /1 check, not pinged yet/);
    await page.getByLabel("Project name").fill("Production");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(/\/settings\/$/);
    const key = await text("#key-api_key code.secret");
    assert.match(key, /^hcw_/);
    projectUrl = page.url().replace(/settings\/$/, "");
    await page.reload();
    assert.equal(await page.locator("code.secret").count(), 0);
    assert.equal(await page.locator(".flash").count(), 0);
    const projects = await b.monitor.deps.db.selectFrom("projects").select("name").where("name", "=", "Production").execute();
    assert.equal(projects.length, 1);
    // Fill the project through the key shown once.
    const checks: [string, Record<string, unknown>][] = [
      ["Nightly backup", { tags: "prod db", timeout: 86400, grace: 3600, desc: "pg_dump of the main database to the object store, then a restore test on the spare replica" }],
      ["Certificate renewal", { tags: "prod web", schedule: "0 3 * * 1", tz: "Europe/Berlin", grace: 7200 }],
      ["Queue worker heartbeat", { tags: "prod", timeout: 300, grace: 120 }],
      ["Staging deploy", { tags: "staging", timeout: 3600, grace: 600 }],
    ];
    for (const [name, fields] of checks) {
      const created = await api("POST", "/api/v3/checks/", key, { name, ...fields });
      if (name === "Nightly backup") checkUuid = created.uuid;
    }
    await pingCheck(checkUuid, { kind: "start" });
    await pingCheck(checkUuid, { body: `backup finished: 42 files, ${"é".repeat(200)} done`, ua: "curl/8.5.0 (x86_64-pc-linux-gnu)" });
    await pingCheck(checks.length ? (await api("GET", "/api/v3/checks/?tag=web", key)).checks[0].uuid : "");
  });

  it("copies the ping URL over plain HTTP on a LAN name, without the clipboard API", async () => {
    const { page, site } = b;
    await page.goto(`${site}/checks/${checkUuid}/details/`);
    assert.equal(await page.evaluate("window.isSecureContext"), false);
    await page.evaluate(`document.addEventListener("copy", () => { window.copied = String(document.getSelection()); })`);
    await page.getByRole("button", { name: "Copy" }).first().click();
    await page.waitForFunction("window.copied !== undefined");
    assert.equal(await page.evaluate("window.copied"), `${site}/ping/${checkUuid}`);
    assert.equal(await text("[data-copy-target='#ping-url']"), "Copied!");
  });

  it("sorts the checks list, remembers the order, and says when a search matches nothing", async () => {
    const { page } = b;
    await page.goto(`${projectUrl}checks/`);
    await page.locator(".sort-bar a", { hasText: "Name" }).click();
    const names = await page.locator("table.checks .name-cell > a").allInnerTexts();
    assert.deepEqual(names, [...names].sort((x, y) => x.localeCompare(y)));
    await page.goto(`${projectUrl}checks/`);
    assert.equal(await text(".sort-bar a.active"), "Name");
    await page.locator(".sort-bar a", { hasText: "Last ping" }).click();
    assert.equal(await text("table.checks tbody tr .name-cell > a"), "Certificate renewal");
    await page.getByPlaceholder("Search checks…").fill("nothing like this");
    await page.waitForSelector(".no-match:visible");
    await page.getByPlaceholder("Search checks…").fill("");
    await b.shot("checks-sorted");
  });

  it("changes a check's period and grace from the list, in a dialog with presets and sliders", async () => {
    const { page } = b;
    const row = page.locator("table.checks tbody tr", { hasText: "Staging deploy" });
    await row.locator("a.edit-schedule").click();
    const dialog = page.locator("#schedule-dialog");
    await dialog.waitFor();
    assert.equal(await dialog.locator("[data-out=timeout]").innerText(), "1 hour");
    await dialog.locator("[data-preset=timeout]", { hasText: "1 day" }).click();
    await dialog.locator("#modal-grace").fill("9");
    assert.equal(await dialog.locator("[data-out=grace]").innerText(), "1 hour");
    await dialog.getByRole("button", { name: "Cron" }).click();
    await dialog.locator("textarea[name=schedule]").fill("15 4 * * *");
    await dialog.locator("input[name=tz]").fill("America/New_York");
    await dialog.locator(".preview-runs li", { hasText: /GMT-[45]|E[SD]T/ }).first().waitFor();
    assert.match(await dialog.locator(".preview-runs li").first().innerText(), /04:15 (E[SD]T|GMT-[45]) · .*, 1[01]:15 EE[S]?T your time$/);
    await dialog.locator("summary", { hasText: "Cheat sheet" }).click();
    await b.shot("schedule-dialog");
    await dialog.getByRole("button", { name: "Simple" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForSelector("text=Schedule of “Staging deploy” saved.");
    assert.match(await row.locator(".schedule-cell").innerText(), /1 day\s+grace 1 hour/);
  });

  it("keeps a refused schedule as typed and lists every error", async () => {
    const { page, site } = b;
    await page.goto(`${site}/checks/${checkUuid}/details/`);
    await page.getByText("Change schedule").click();
    await page.getByLabel("Cron expression").check();
    await page.locator("textarea[name=schedule]").fill("61 2 * * *");
    await page.locator(".schedule-form input[name=tz]").fill("Mars/Olympus");
    await page.getByRole("button", { name: "Save schedule" }).click();
    await page.waitForSelector("ul.errors");
    assert.deepEqual(await page.locator("ul.errors li").allInnerTexts(), ["This is not a valid cron expression.", "Unknown time zone."]);
    assert.equal(await page.locator("textarea[name=schedule]").inputValue(), "61 2 * * *");
    assert.equal(await page.locator(".schedule-form input[name=tz]").inputValue(), "Mars/Olympus");
  });

  it("names an unnamed e-mail integration by its address on the check's page", async () => {
    const project = (await findProjectByUuid(b.monitor.deps.db, projectUrl.split("/")[4]))!;
    await createIntegration(b.monitor.deps, project, { kind: "email", name: "", value: "oncall@example.org", emailVerified: true });
    await b.page.goto(`${b.site}/checks/${checkUuid}/details/`);
    assert.match(await text(".toggles"), /oncall@example\.org/);
  });

  it("shows a ping in full from the log, and the log in local time or UTC", async () => {
    const { page, site } = b;
    await page.goto(`${site}/checks/${checkUuid}/details/`);
    await page.locator("table.log .ping-link").first().click();
    await page.waitForURL(/\/pings\/2\/$/);
    assert.match(await text("pre.body.full"), /backup finished: 42 files, é+ done/);
    assert.match(await text("dl.facts"), /Run time\s+0 seconds/);
    await b.shot("ping-details");
    await page.getByRole("link", { name: "Log" }).first().click();
    await page.waitForURL(/\/log\/$/);
    await page.getByRole("button", { name: "UTC" }).click();
    assert.match(await text("table.log time"), / UTC$/);
    await page.getByRole("button", { name: "Local time" }).click();
    assert.match(await text("table.log time"), / EE[S]?T$/);
    await page.getByRole("button", { name: "UTC" }).click();
    await page.getByLabel("Started").uncheck();
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/filtered=1/);
    assert.equal(await page.locator("tr[data-kind=start]").count(), 0);
    assert.match(await text("table.log time"), / UTC$/, "the choice of UTC is remembered");
    await b.shot("log");
  });

  it("fits the checks list, the dialog, the log and a ping on a phone", async () => {
    const { page, site } = b;
    await page.setViewportSize(PHONE);
    await page.goto(`${projectUrl}checks/`);
    assert.equal(await overflow(page), 0);
    // The check with a long description keeps its schedule and last ping on screen.
    const row = page.locator("table.checks tbody tr", { hasText: "Nightly backup" });
    const last = await row.locator(".last-ping").boundingBox();
    assert.ok(last && last.x + last.width <= PHONE.width, "the last ping is on screen");
    await b.shot("mobile-checks-sorted");
    await row.locator("a.edit-schedule").click();
    await page.locator("#schedule-dialog .preview, #schedule-dialog [data-out=timeout]").first().waitFor();
    assert.equal(await overflow(page), 0);
    await b.shot("mobile-schedule-dialog");
    await page.keyboard.press("Escape");
    for (const path of [`/checks/${checkUuid}/log/`, `/checks/${checkUuid}/pings/2/`, `/checks/${checkUuid}/details/`]) {
      await page.goto(`${site}${path}`);
      assert.equal(await overflow(page), 0, path);
    }
    await b.shot("mobile-check-details-log");
    await page.setViewportSize(DESKTOP);
  });

  it("shows usage examples as tabs, badge snippets, and a guide on an integration's form", async () => {
    const { page, site } = b;
    await page.goto(`${site}/checks/${checkUuid}/details/`);
    await page.locator("details.usage > summary").click();
    await page.getByRole("tab", { name: "Python" }).click();
    assert.equal(await page.locator(".snippet:visible").count(), 1);
    assert.match(await text(".snippet:visible pre"), new RegExp(`urlopen\\("${site}/ping/${checkUuid}"`));
    await page.locator(".snippet:visible").getByRole("button", { name: "Copy" }).click();
    await page.waitForSelector(".snippet:visible button:has-text('Copied!')");
    await page.locator("details.usage").scrollIntoViewIfNeeded();
    await b.shot("check-details-usage", true);
    await page.goto(`${projectUrl}integrations/add/slack/`);
    assert.match(await text("details.guide"), /Incoming Webhooks/);
    await b.shot("add-slack-guide");
    await page.setViewportSize(PHONE);
    await page.goto(`${projectUrl}badges/`);
    assert.equal(await overflow(page), 0);
    await b.shot("mobile-badges", true);
    await page.setViewportSize(DESKTOP);
  });

  it("follows the system's dark mode unless the account chose", async () => {
    const { page, site } = b;
    const background = () => page.evaluate("getComputedStyle(document.documentElement).backgroundColor");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${projectUrl}checks/`);
    assert.equal(await background(), "rgb(14, 19, 27)");
    await b.shot("dark-checks");
    await page.goto(`${site}/checks/${checkUuid}/details/`);
    await b.shot("dark-check-details");
    await page.goto(`${site}/accounts/profile/`);
    await page.getByLabel("Light").check();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await page.waitForSelector("text=Preferences saved.");
    assert.equal(await background(), "rgb(244, 246, 250)");
    await page.getByLabel("Follow the system").check();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await page.waitForSelector("text=Preferences saved.");
    assert.equal(await background(), "rgb(14, 19, 27)");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("sets up two-factor sign-in and signs in with a recovery code", async () => {
    const { page, site } = b;
    await page.goto(`${site}/accounts/profile/`);
    await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
    const secret = (await text("#totp-secret")).replace(/\s+/g, "");
    await b.shot("two-factor-setup");
    await page.getByLabel("Code from the app").fill(hotp(base32Decode(secret), timeStep(Date.now())));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.waitForSelector("#recovery-codes");
    const codes = (await text("#recovery-codes")).split("\n");
    assert.equal(codes.length, 10);
    await b.shot("account");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByLabel("E-mail address").fill("ops@example.org");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForSelector("text=Enter your code");
    await b.shot("two-factor-sign-in");
    await page.getByLabel("Code").fill(codes[0]);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/projects\/$/);
  });

  it("deletes a project after confirmation", async () => {
    const { page } = b;
    await page.goto(`${projectUrl}settings/`);
    await page.getByLabel("Type the project's name to confirm").fill("Production");
    await b.shot("settings-danger");
    await page.getByRole("button", { name: "Delete project" }).click();
    await page.waitForURL(/\/projects\/$/);
    await page.waitForSelector("text=Project “Production” deleted");
    assert.equal(await page.locator(".project-card h2", { hasText: "Production" }).count(), 0);
    assert.equal((await fetch(`${b.direct}/ping/${checkUuid}`)).status, 404);
  });
});
