// The dashboard in a real browser: Debian's chromium driven by playwright-core. Walks the
// main flow (sign up, project, check, ping over HTTP, pause/resume, API key) against a
// monitor listening on a real port, and saves screenshots of the main pages for the docs.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { BrowserContext, Page } from "playwright-core";
import { createLogger } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase, freePort } from "@beacon/testing";
import { loadMonitorConfig } from "../../src/config.js";
import { buildMonitorApp, openMonitor, type Monitor } from "../../src/main.js";
import { confirmationLink } from "../../src/integrations/telegram/bot.js";

const CHROMIUM = "/usr/bin/chromium";
// Screenshots land in docs/screenshots/ only when asked (BEACON_SCREENSHOTS=1), so an
// ordinary test run leaves the work tree clean; otherwise they go to a temporary folder.
const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install chromium); CI installs it`;


describe("dashboard in a browser", { skip, timeout: 300_000 }, () => {
  let database: TestDatabase;
  let monitor: Monitor;
  let app: FastifyInstance;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let site: string;
  let screenshots: string;

  before(async () => {
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    database = await freshDatabaseUrl();
    // Telegram and Discord are configured so their set-up pages can be shown; nothing is sent.
    const integrations = { MONITOR_TELEGRAM_TOKEN: "1:x", MONITOR_TELEGRAM_BOT_NAME: "BeaconAlertsBot", MONITOR_DISCORD_CLIENT_ID: "1", MONITOR_DISCORD_CLIENT_SECRET: "x" };
    const config = loadMonitorConfig({ databaseUrl: database.url, siteRoot: site, port: String(port) }, integrations);
    monitor = await openMonitor(config, { log: createLogger("browser-test", "silent") });
    app = buildMonitorApp(monitor.deps);
    await app.listen({ host: "127.0.0.1", port });

    const { chromium } = await import("playwright-core");
    profile = mkdtempSync(join(tmpdir(), "beacon-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 1280, height: 860 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
    // Confirmation prompts (pause, revoke, remove) are accepted, as a user would.
    page.on("dialog", (dialog) => void dialog.accept());
    screenshots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : join(profile, "screenshots");
    mkdirSync(screenshots, { recursive: true });
  });

  after(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await app?.close();
    await monitor?.close();
    await database?.release();
  });

  const shot = (name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
  const text = (selector: string) => page.locator(selector).first().innerText();
  let apiKey = "";
  let checkUrl = "";

  it("signs up and creates a project", async () => {
    await page.goto(`${site}/`);
    assert.match(page.url(), /\/accounts\/login\/$/);
    await shot("sign-in");
    await page.getByRole("link", { name: "Sign up" }).last().click();
    await page.getByLabel("E-mail address").fill("ops@example.org");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign up" }).click();
    // A new account starts in its first project, with its first check.
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/checks\/$/);
    await page.getByText("My First Check").first().waitFor();
    await page.goto(`${site}/projects/`);
    await page.getByLabel("Project name").fill("Production");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.waitForSelector("text=Project “Production” created");
    apiKey = await text("#key-api_key code.secret");
    assert.match(apiKey, /^hcw_/);
  });

  it("adds a check, pings it over HTTP and sees the ping arrive", async () => {
    await page.getByRole("link", { name: "Checks", exact: true }).click();
    await page.getByLabel("Name of the new check").fill("Nightly backup");
    await page.getByRole("button", { name: "Add check" }).click();
    await page.waitForURL(/\/checks\/[0-9a-f-]{36}\/details\/$/);
    checkUrl = page.url();
    assert.equal(await text(".status-line .pill"), "New");
    const pingUrl = await text("#ping-url");
    assert.ok(pingUrl.startsWith(`${site}/ping/`));
    const res = await fetch(pingUrl, { method: "POST", body: "backup finished: 42 files", headers: { "user-agent": "curl/8.5.0" } });
    assert.equal(res.status, 200);
    await page.reload();
    assert.equal(await text(".status-line .pill"), "Up");
    await page.waitForSelector("table.log >> text=backup finished: 42 files");
  });

  it("fills the project through the API key shown at creation", async () => {
    const checks: [string, Record<string, unknown>][] = [
      ["Database dump", { tags: "prod db", timeout: 86400, grace: 3600 }],
      ["Certificate renewal", { tags: "prod web", schedule: "0 3 * * 1", tz: "Europe/Berlin", grace: 7200 }],
      ["Queue worker heartbeat", { tags: "prod", timeout: 300, grace: 120, desc: "Celery beat on worker-2" }],
      ["Staging deploy", { tags: "staging", timeout: 3600, grace: 600 }],
    ];
    for (const [name, fields] of checks) {
      const res = await fetch(`${site}/api/v3/checks/`, { method: "POST", headers: { "x-api-key": apiKey }, body: JSON.stringify({ name, ...fields }) });
      assert.equal(res.status, 201);
      const check = (await res.json()) as { ping_url: string };
      if (name !== "Staging deploy") await fetch(check.ping_url + (name === "Queue worker heartbeat" ? "/fail" : ""));
    }
    await page.goto(checkUrl.replace(/\/checks\/.*$/, "/projects/"));
    await shot("projects");
    await page.locator(".project-card h2", { hasText: "Production" }).click();
    await page.waitForSelector("table.checks");
    assert.equal(await page.locator("table.checks tbody tr").count(), 5);
    await page.locator(".tag-filter a", { hasText: "db" }).click();
    assert.equal(await page.locator("table.checks tbody tr").count(), 1);
    await page.getByRole("link", { name: "Show all" }).click();
    await page.getByPlaceholder("Search checks…").fill("backup");
    assert.equal(await page.locator("table.checks tbody tr:visible").count(), 1);
    await page.getByPlaceholder("Search checks…").fill("");
    await page.getByPlaceholder("Search checks…").blur();
    await shot("checks-many");
  });

  it("previews a cron schedule while it is typed", async () => {
    await page.goto(checkUrl);
    await page.getByText("Change schedule").click();
    await page.getByLabel("Cron expression").check();
    await page.locator("textarea[name=schedule]").fill("30 2 * * *");
    await page.locator(".schedule-form input[name=tz]").fill("Europe/Riga");
    // The preview drawn for UTC may still be up: wait for the one in the typed zone.
    await page.locator(".preview-runs li").first().filter({ hasText: /02:30 EE[S]?T/ }).waitFor();
    await page.waitForSelector(".preview-runs li >> nth=4");
    assert.match(await text(".preview-runs li"), /02:30 EE[S]?T/);
    await page.getByRole("button", { name: "Save schedule" }).click();
    await page.waitForSelector("dd >> text=Europe/Riga");
  });

  it("pauses and resumes the check", async () => {
    await page.goto(checkUrl);
    await page.getByRole("button", { name: "Pause monitoring" }).click();
    await page.waitForSelector(".status-line .pill.paused");
    await page.getByRole("button", { name: "Resume monitoring" }).click();
    await page.waitForSelector(".status-line .pill.new");
    const res = await fetch(`${site}/ping/${checkUrl.split("/")[4]}`);
    assert.equal(res.status, 200);
    await page.reload();
    assert.equal(await text(".status-line .pill"), "Up");
  });

  it("adds integrations", async () => {
    await page.getByRole("link", { name: "Integrations", exact: true }).click();
    await page.locator(`.kind-card[href$="/add/email/"]`).click();
    await page.getByLabel("Name").first().fill("On-call mail");
    await page.getByLabel("E-mail address").fill("oncall@example.org");
    await page.getByRole("button", { name: "Add Email" }).click();
    await page.waitForSelector("table.integrations >> text=On-call mail");
    await page.locator(`.kind-card[href$="/add/webhook/"]`).click();
    await page.getByLabel("Name").first().fill("Incident bot");
    await page.getByLabel("URL when a check goes down").fill("https://hooks.example.org/beacon/down");
    await page.getByRole("button", { name: "Add Webhook" }).click();
    await page.waitForSelector("table.integrations >> text=Incident bot");
    assert.match(await text("table.integrations"), /5 of 5 checks/);
    await shot("integrations");
  });

  it("shows the set-up steps of Telegram and the Connect button of Discord", async () => {
    await page.getByRole("link", { name: "Integrations", exact: true }).click();
    await page.locator(`.kind-card[href$="/add/telegram/"]`).click();
    await page.waitForSelector("ol.setup-steps >> text=/start@BeaconAlertsBot");
    await shot("add-telegram");
    // The link the bot answers /start with (the bot's side is tested in integrations/telegram/).
    const recipient = { id: -100123, type: "supergroup", name: "Ops on call", thread_id: null };
    await page.goto(confirmationLink(monitor.deps.config, monitor.deps.secretKey, recipient, Date.now()));
    await page.waitForSelector("text=Ops on call");
    await page.getByLabel("Project").selectOption({ label: "Production" });
    await shot("telegram-confirm");
    await page.getByRole("button", { name: "Connect Telegram" }).click();
    await page.waitForSelector("table.integrations >> text=group Ops on call");
    await page.locator("table.integrations tr", { hasText: "Ops on call" }).getByRole("button", { name: "Remove" }).click();
    await page.waitForSelector("table.integrations >> text=Incident bot");
    assert.equal(await page.locator("table.integrations >> text=Ops on call").count(), 0);
    await page.locator(`.kind-card[href$="/add/discord/"]`).click();
    const connect = page.getByRole("link", { name: "Connect Discord" });
    assert.match((await connect.getAttribute("href")) ?? "", /^https:\/\/discord\.com\/api\/oauth2\/authorize\?client_id=1&scope=webhook\.incoming&/);
    await shot("add-discord");
  });

  it("switches an integration off for one check from the checks list", async () => {
    await page.getByRole("link", { name: "Checks", exact: true }).click();
    const row = page.locator("table.checks tbody tr", { hasText: "Staging deploy" });
    const hook = row.getByRole("button", { name: "Incident bot (Webhook)" });
    assert.equal(await hook.getAttribute("aria-pressed"), "true");
    await hook.click();
    await page.waitForSelector('table.checks tr:has-text("Staging deploy") button.ic.off[aria-pressed="false"]');
    await page.reload();
    assert.equal(await row.getByRole("button", { name: "Incident bot (Webhook)" }).getAttribute("aria-pressed"), "false");
    assert.equal(await page.locator("table.checks button.ic.off").count(), 1);
    await shot("checks-many");
  });

  it("revokes the API key, creates a new one, and the new one works against the API", async () => {
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.locator("#key-api_key").getByRole("button", { name: "Revoke" }).click();
    await page.waitForSelector("text=API key revoked.");
    assert.equal((await fetch(`${site}/api/v3/checks/`, { headers: { "x-api-key": apiKey } })).status, 401);
    await page.locator("#key-api_key").getByRole("button", { name: "Create" }).click();
    const fresh = await text("#key-api_key code.secret");
    assert.match(fresh, /^hcw_/);
    const res = await fetch(`${site}/api/v3/checks/`, { headers: { "x-api-key": fresh } });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { checks: { name: string }[] };
    assert.ok(body.checks.some((c) => c.name === "Nightly backup"));
    await shot("settings");
    await page.getByRole("link", { name: "Badges", exact: true }).click();
    await page.waitForSelector(".badges .badge-card img");
    await shot("badges");
  });

  it("shows the check's integrations, switched on", async () => {
    await page.goto(checkUrl);
    assert.equal(await page.locator(".toggles .switch.on").count(), 2);
    await shot("check-details");
  });
});
