// The first ten minutes in a real browser (Debian's chromium driven by playwright-core),
// against `beacon serve` itself on real ports: the demo check fails, its alert reaches the
// demo chat's #alerts, its link (/cloaked/<unique_key>/) leads
// through sign-in to the check, and every dashboard page fits a 390 px wide phone.
// Screenshots go to docs/screenshots/ with BEACON_SCREENSHOTS=1, else to a temporary folder.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { freePort } from "@beacon/testing";

const CHROMIUM = "/usr/bin/chromium";
const WEB_BUILD = fileURLToPath(new URL("../../../chat-web/dist/index.html", import.meta.url));
const DOCS_SCREENSHOTS = fileURLToPath(new URL("../../../../docs/screenshots/", import.meta.url));
const beacon = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));
const skip = !existsSync(CHROMIUM)
  ? `${CHROMIUM} is not installed (apt-get install chromium); CI installs it`
  : !existsSync(WEB_BUILD)
    ? "the chat web app is not built (npm ci builds it)"
    : false;


describe("the first ten minutes in a browser", { skip, timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "beacon-first-"));
  let server: ChildProcess;
  let banner = "";
  let browser: Browser;
  let page: Page;
  let monitorSite = "";
  let chatSite = "";
  let screenshots = "";
  const field = (pattern: RegExp) => pattern.exec(banner)?.[1] ?? assert.fail(`banner lacks ${pattern}:\n${banner}`);
  const shot = (name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
  const shotWide = async (name: string, path: string) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${monitorSite}${path}`);
    await shot(name);
    await page.setViewportSize({ width: 390, height: 844 });
  };

  before(async () => {
    const [monitorPort, chatPort] = [await freePort(), await freePort()];
    monitorSite = `http://localhost:${monitorPort}`;
    const env = { ...process.env };
    for (const name of Object.keys(env)) if (name.startsWith("MONITOR_") || name.startsWith("CHAT_")) delete env[name];
    Object.assign(env, { MONITOR_PORT: String(monitorPort), MONITOR_SITE_ROOT: monitorSite, CHAT_PORT: String(chatPort), LOG_LEVEL: "warn" });
    server = spawn(process.execPath, [beacon, "serve", "--data", dataDir], { env, stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on("data", (chunk: Buffer) => {
        banner += chunk.toString();
        if (/These credentials stay the same/.test(banner)) resolve();
      });
      server.once("exit", (code) => reject(new Error(`beacon serve exited with ${code}`)));
    });
    chatSite = field(/^site=(\S+)$/m);
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(20_000);
    screenshots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : join(dataDir, "screenshots");
    mkdirSync(screenshots, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  let cloakedLink = "";

  it("delivers the demo check's failure to the demo chat's #alerts", async () => {
    const pingUrl = field(/try an alert +curl -fsS (\S+)\/fail/);
    assert.equal((await fetch(`${pingUrl}/fail`, { method: "POST", body: "disk full" })).status, 200);
    // Read as a Zulip client would, with the owner's zuliprc from the banner (the chat web
    // app of this tree has no message view yet).
    const auth = `Basic ${Buffer.from(`owner@beacon.local:${field(/^key=(\S+)$/m)}`).toString("base64")}`;
    const narrow = encodeURIComponent(JSON.stringify([{ operator: "stream", operand: "alerts" }]));
    let messages: { subject: string; content: string }[] = [];
    for (let i = 0; i < 120 && messages.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`${chatSite}/api/v1/messages?anchor=newest&num_before=5&num_after=0&narrow=${narrow}`, { headers: { authorization: auth } });
      messages = ((await res.json()) as { messages?: typeof messages }).messages ?? [];
    }
    assert.equal(messages[0]?.subject, "Demo backup is DOWN");
    cloakedLink = /href="([^"]+)"/.exec(messages[0].content)?.[1] ?? "";
    assert.match(cloakedLink, new RegExp(`^${monitorSite}/cloaked/[0-9a-f]{40}/$`));
  });

  it("follows the alert's link through sign-in to the check's page", async () => {
    await page.goto(cloakedLink);
    assert.match(page.url(), /\/accounts\/login\/\?next=\/cloaked\/[0-9a-f]{40}\/$/);
    await page.getByLabel("E-mail address").fill("demo@beacon.local");
    await page.getByLabel("Password").fill("beacon-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/checks\/[0-9a-f-]{36}\/details\/$/);
    assert.equal(await page.locator(".status-line .pill").first().innerText(), "Down");
    await page.getByText("disk full").first().waitFor();
    await shot("mobile-check-details");
  });

  it("fits every dashboard page into 390 px", async () => {
    const project = field(/^ {2}project +(\S+)$/m);
    const pages: [string, string][] = [
      ["mobile-projects", "/projects/"],
      ["mobile-checks", `/projects/${project}/checks/`],
      ["mobile-integrations", `/projects/${project}/integrations/`],
      ["mobile-badges", `/projects/${project}/badges/`],
      ["mobile-settings", `/projects/${project}/settings/`],
    ];
    for (const [name, path] of pages) {
      await page.goto(`${monitorSite}${path}`);
      const overflow = (await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) as number;
      assert.equal(overflow, 0, `${path} is ${overflow}px wider than the phone`);
      // The brand and the account's address never overlap.
      const [brand, account] = await Promise.all([page.locator(".brand").boundingBox(), page.locator("nav.account").boundingBox()]);
      assert.ok(brand && account && brand.x + brand.width <= account.x, `${path}: the brand runs into the account menu`);
      if (name === "mobile-checks" || name === "mobile-projects") await shot(name);
    }
    // The README's screenshot: what a fresh `npm start` shows (default site name, demo project).
    await shotWide("checks", `/projects/${project}/checks/`);
  });
});
