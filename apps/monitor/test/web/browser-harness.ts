// One monitor on a real port and one chromium for a browser test file, served under a host
// name other than localhost (beacon.test, mapped to 127.0.0.1 inside chromium): plain HTTP
// there is not a secure context, as on a LAN, so the page has no clipboard API.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { BrowserContext, Page } from "playwright-core";
import { createLogger } from "@beacon/platform";
import { freshDatabaseUrl, freePort, type TestDatabase } from "@beacon/testing";
import { loadMonitorConfig, type MonitorConfig } from "../../src/config.js";
import { buildMonitorApp, openMonitor, type Monitor } from "../../src/main.js";

export const CHROMIUM = "/usr/bin/chromium";
export const browserSkip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install chromium); CI installs it`;
const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface BrowserHarness {
  site: string;
  /** The same server by its address, for requests made from the test itself. */
  direct: string;
  monitor: Monitor;
  context: BrowserContext;
  page: Page;
  /** A screenshot of the whole page, or of the viewport only (long pages, kept small for the docs). */
  shot(name: string, viewportOnly?: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startBrowserHarness(overrides: Partial<Record<keyof MonitorConfig, string>> = {}): Promise<BrowserHarness> {
  const port = await freePort();
  const site = `http://beacon.test:${port}`;
  const database: TestDatabase = await freshDatabaseUrl();
  const config = loadMonitorConfig({ databaseUrl: database.url, siteRoot: site, port: String(port), ...overrides }, {});
  const monitor = await openMonitor(config, { log: createLogger("browser-test", "silent") });
  const app: FastifyInstance = buildMonitorApp(monitor.deps);
  await app.listen({ host: "127.0.0.1", port });
  const { chromium } = await import("playwright-core");
  const profile = mkdtempSync(join(tmpdir(), "beacon-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--host-resolver-rules=MAP beacon.test 127.0.0.1"],
    viewport: DESKTOP,
    // A viewer away from UTC, so local times and the viewer's zone show.
    timezoneId: "Europe/Riga",
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  page.on("dialog", (dialog) => void dialog.accept());
  const screenshots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : join(profile, "screenshots");
  mkdirSync(screenshots, { recursive: true });
  return {
    site,
    direct: `http://127.0.0.1:${port}`,
    monitor,
    context,
    page,
    shot: async (name, viewportOnly = false) => void (await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: !viewportOnly })),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      await app.close();
      await monitor.close();
      await database.release();
    },
  };
}

/** How many pixels the page is wider than its viewport (0: nothing scrolls sideways). */
export async function overflow(page: Page): Promise<number> {
  return (await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) as number;
}
