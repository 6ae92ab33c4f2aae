// The server's side of the web app in a real browser (Debian's chromium via playwright-core),
// with the fixture build: the CSP lets the build's script run and stops an inline one, the CSRF
// cookie is readable by the page while the session cookie is not, and a sign-in through fetch,
// as the app makes it, opens /json. Also a look at the page shown before any organization exists.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { webFixture } from "./support.js";

// The functions handed to page.evaluate run in the page; the test's types know no DOM.
declare const document: any;
declare const window: any;

const CHROMIUM = "/usr/bin/chromium";
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install chromium); CI installs it`;

describe("the web app's server side in a browser", { skip, timeout: 120_000 }, () => {
  let t: ChatTest;
  let dir: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  let site: string;
  let owner: Account;

  before(async () => {
    dir = webFixture();
    // The fixture's script marks the page, so the test sees that the CSP let it run.
    writeFileSync(join(dir, "assets", "index-AbC123xy.js"), "document.body.dataset.ready = 'yes';\n");
    t = await chatTest({ config: { webDir: dir } });
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    site = address.replace("localhost", "127.0.0.1");
    const { chromium } = await import("playwright-core");
    profile = mkdtempSync(join(tmpdir(), "beacon-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 1000, height: 700 },
    });
    page = context.pages()[0] ?? (await context.newPage());
  });
  after(async () => {
    await context?.close();
    await t?.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows a readable page saying how to create an organization before any exists", async () => {
    await page.goto(`${site}/`);
    assert.equal(await page.locator("h1").textContent(), "No organization yet");
    // BEACON_SCREENSHOTS_DIR keeps the picture for a look; by default it goes with the profile.
    const shot = join(process.env.BEACON_SCREENSHOTS_DIR ?? profile, "chat-no-organization.png");
    await page.screenshot({ path: shot });
    assert.ok(existsSync(shot));
  });

  it("runs the build's script under the CSP and refuses an inline one", async () => {
    owner = await t.realm({ subdomain: "", name: "Acme", ownerEmail: "boss@acme.example.com", password: "boss-pass-1" });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") violations.push(message.text());
    });
    await page.goto(`${site}/login/`);
    await page.waitForFunction(() => document.body.dataset.ready === "yes");
    const inlineRan = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return window.inlineRan === true;
    });
    assert.equal(inlineRan, false);
    assert.ok(violations.some((v) => /Content Security Policy/.test(v)), violations.join("\n"));
  });

  it("signs in through fetch with the CSRF token read from document.cookie; the session cookie stays out of the page's reach", async () => {
    await page.goto(`${site}/`);
    const result = await page.evaluate(async (email) => {
      const csrf = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
      const login = await fetch("/accounts/login/", { method: "POST", headers: { "X-CSRFToken": csrf, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ username: email, password: "boss-pass-1" }) });
      const me = await fetch("/json/users/me");
      const forged = await fetch("/json/users/me/status", { method: "POST", body: new URLSearchParams({ status_text: "x" }) });
      return { csrf, login: (await login.json()) as unknown, me: (await me.json()) as { user_id: number }, forged: forged.status, cookies: document.cookie as string };
    }, owner.email);
    assert.match(result.csrf, /^[a-z0-9]{32}$/);
    assert.deepEqual(result.login, { result: "success", msg: "", user_id: owner.id });
    assert.equal(result.me.user_id, owner.id);
    assert.equal(result.forged, 403, "no X-CSRFToken, no write");
    assert.doesNotMatch(result.cookies, /beacon_chat_session/);
    const stored = await context.cookies(site);
    const session = stored.find((c) => c.name === "beacon_chat_session");
    assert.ok(session);
    assert.deepEqual([session.httpOnly, session.sameSite, session.path], [true, "Lax", "/"]);
  });
});
