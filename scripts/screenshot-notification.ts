// Documentation tool: the screenshot of a desktop notification in docs/chat-web.md, a real one.
// Headless chromium draws no notification, so this runs Debian's chromium with a window on an X
// display that scripts/screenshot-notification.sh provides (Xvfb, a session D-Bus and dunst,
// a freedesktop notification daemon): chromium hands the page's `new Notification(…)` to the
// daemon over D-Bus, the daemon draws it on the display, and the whole screen is captured.
//
// The people are the browser tests' team (apps/chat/test/web/app-support.ts) on a chat server
// on a real port: Ada, signed in with the notification permission granted, reads #design;
// Grace mentions her in another topic and writes to her directly, through the API.
// Run through scripts/screenshot-notification.sh [out.png]: this file expects DISPLAY, the
// session bus and dunst, and writes docs/screenshots/chat-web-notification.png by default.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { CHROMIUM, seedTeam, send, signIn, startServer } from "../apps/chat/test/web/app-support.js";

const OUT = process.argv[2] ?? new URL("../docs/screenshots/chat-web-notification.png", import.meta.url).pathname;
const [WIDTH, HEIGHT] = (process.env.SCREEN ?? "1280x800").split("x").map(Number);

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stderr || result.error}`);
  return result.stdout;
}

/** How many notifications the daemon shows on the screen now. */
const displayed = () => Number(run("dunstctl", ["count", "displayed"]).trim());

async function waitFor(what: string, ready: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await ready()) return;
  }
  throw new Error(`timed out waiting for ${what}`);
}

const server = await startServer();
const profile = mkdtempSync(join(tmpdir(), "beacon-notification-shot-"));
let context: BrowserContext | null = null;
try {
  const { site } = server;
  const team = await seedTeam(server.t);
  server.t.clock.set(new Date());
  await send(server, team.grace, "design", "launch plan", "We ship on **Thursday**. The checklist is in the wiki.");
  await send(server, team.alan, "design", "launch plan", "The deploy is green; release notes are drafted.");
  await send(server, team.ada, "design", "launch plan", "Great, I'll announce it on Wednesday.");

  // A new profile, without the offer to save the password typed at sign-in.
  mkdirSync(join(profile, "Default"));
  writeFileSync(join(profile, "Default", "Preferences"), JSON.stringify({ credentials_enable_service: false, profile: { password_manager_enabled: false } }));
  const { chromium } = await import("playwright-core");
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false,
    // The window fills the screen; the page takes the window's size.
    viewport: null,
    // (--test-type: no bar about --no-sandbox, which playwright passes)
    args: ["--test-type", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--no-default-browser-check", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-position=0,0", `--window-size=${WIDTH},${HEIGHT}`],
    locale: "en-US",
    timezoneId: "UTC",
  });
  await context.grantPermissions(["notifications"], { origin: site });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
  await signIn(page, site, team.ada.email, `/#narrow/channel/${team.design}-design/topic/launch.20plan`);
  await page.mouse.move(WIDTH - 1, HEIGHT - 1);

  await send(server, team.grace, "design", "colours", "@**Ada Lovelace** which blue do we use for the launch banner?");
  await send(server, team.grace, [team.ada.id], null, "Lunch at **one**? I'd like to go over the announcement.");
  await waitFor("two notifications on the screen", () => displayed() >= 2);
  await page.waitForFunction(() => (globalThis as any).document.querySelector("link[rel=icon]")?.dataset.count === "2");
  // (the daemon and the tab strip draw on their next frame)
  await new Promise((r) => setTimeout(r, 1000));
  run("import", ["-window", "root", OUT]);
  console.log(`wrote ${OUT}`);
} finally {
  await context?.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
