// The organization's profile and settings panes in the chat web app, and the square crop of
// pictures: the owner uploads the icon (cropped by dragging) and the logos, which show in the
// pane and in the header, the member's too, live; an avatar cropped by dragging and by the
// keyboard arrives on the server as exactly that square; the owner changes message retention,
// and the sign-in methods keep one on as Zulip requires, while an administrator only reads
// them. Screenshots for docs/chat-web.md with BEACON_SCREENSHOTS=1, desktop and a 390 px phone.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { basic } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { CHROMIUM, seedTeam, signIn, skip, startServer, type AppServer, type Team, People } from "./app-support.js";

declare const document: any;

const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Red, green and blue thirds, left to right: which of them a crop kept says where it was. */
const STRIPES = [
  [220, 30, 30],
  [30, 180, 60],
  [30, 60, 220],
] as const;

function striped(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let x = 0; x < width; x++) {
    const [r, g, b] = STRIPES[Math.min(2, Math.floor((x * 3) / width))]!;
    for (let y = 0; y < height; y++) pixels.set([r, g, b], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** The stripe (0 red, 1 green, 2 blue) of a pixel, or -1 for anything else. */
function stripeAt(data: Buffer, width: number, channels: number, x: number, y: number): number {
  const at = (y * width + x) * channels;
  const pixel = [data[at]!, data[at + 1]!, data[at + 2]!];
  return STRIPES.findIndex((s) => s.every((v, i) => Math.abs(v - pixel[i]!) < 12));
}

/** A wordmark logo: the organization's name on a band (light text for the dark theme's). */
function wordmark(width: number, height: number, night = false): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="2" y="2" width="${height - 4}" height="${height - 4}" rx="${height / 5}" fill="#2f6fd6"/><text x="${height + 8}" y="${height * 0.68}" font-family="sans-serif" font-weight="bold" font-size="${height * 0.4}" fill="${night ? "#e8ecf4" : "#1d2433"}">Acme Labs</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe("the chat web app: the organization's profile and settings, and square crops", { skip, timeout: 300_000 }, () => {
  let server: AppServer;
  let team: Team;
  let browser: Browser;
  let owner: Page;
  let member: Page;
  let shots: string;
  const people = new People({ pointerAway: true });
  const { errors } = people;
  const front = (page: Page) => people.front(page);
  const shot = (page: Page, name: string) => people.shot(page, name);

  async function openPane(page: Page, fragment: string): Promise<void> {
    await front(page);
    await page.evaluate((hash) => (document.location.hash = hash), fragment);
    await page.locator(`[data-testid=pane-${fragment.split("/")[1]}]`).waitFor();
  }

  /** A file of the server's (an icon, an avatar) as the API hands it out. */
  async function served(path: string): Promise<Buffer> {
    const res = await server.app().inject({ method: "GET", url: path, headers: { host: team.owner.host, authorization: basic(team.owner.email, team.owner.apiKey) } });
    assert.equal(res.statusCode, 200, path);
    return res.rawPayload;
  }

  /** A picture's size and the stripes seen along its middle row, left to right, each once. */
  async function stripesOf(picture: Buffer): Promise<{ size: [number, number]; stripes: number[] }> {
    const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const seen: number[] = [];
    for (let x = 0; x < info.width; x++) {
      const s = stripeAt(data, info.width, info.channels, x, Math.floor(info.height / 2));
      if (s >= 0 && seen.at(-1) !== s) seen.push(s);
    }
    return { size: [info.width, info.height], stripes: seen };
  }

  before(async () => {
    server = await startServer();
    team = await seedTeam(server.t);
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
    people.browser = browser;
    shots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : mkdtempSync(join(tmpdir(), "beacon-shots-"));
    people.shots = shots;
    mkdirSync(shots, { recursive: true });
    owner = await people.person({ viewport: DESKTOP, colorScheme: "light" });
    member = await people.person({ viewport: DESKTOP, colorScheme: "light" });
    await signIn(owner, server.site, team.owner.email);
    await signIn(member, server.site, team.ada.email);
  });

  after(async () => {
    await people.close();
    await browser?.close();
    await server?.close();
    if (process.env.BEACON_SCREENSHOTS !== "1" && shots) rmSync(shots, { recursive: true, force: true });
  });

  it("crops the organization's icon by dragging; the pane and both people's headers show it at once", async () => {
    const before = await member.locator("[data-testid=realm-brand] .realm-icon").getAttribute("src");
    assert.match(before!, /^\/static\/images\/default-realm-icon\.png\?version=/);
    await openPane(owner, "#organization/organization-profile");
    await owner.locator("[data-testid=org-upload-icon]").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: await striped(300, 100) });
    const frame = owner.locator("[data-testid=crop-frame]");
    await owner.locator("[data-testid=crop-frame]:not([aria-busy])").waitFor();
    // The picture dragged far to the left: the square stops at its right edge (blue only).
    const box = (await frame.boundingBox())!;
    await owner.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await owner.mouse.down();
    await owner.mouse.move(box.x - 400, box.y + box.height / 2, { steps: 8 });
    await owner.mouse.up();
    await owner.locator("[data-testid=crop-done]").click();
    await owner.locator("[data-testid=org-status-icon].saved").waitFor();
    const state = (await server.call(team.owner, "POST", "/register", { fetch_event_types: '["realm"]' })).body;
    assert.equal(state.realm_icon_source, "U");
    assert.deepEqual(await stripesOf(await served(state.realm_icon_url)), { size: [100, 100], stripes: [2] });
    const url = state.realm_icon_url as string;
    await owner.locator(`[data-testid=org-image-icon][src="${url}"]`).waitFor();
    await owner.locator(`[data-testid=realm-brand] .realm-icon[src="${url}"]`).waitFor({ state: "attached" });
    await front(member);
    await member.locator(`[data-testid=realm-brand] .realm-icon[src="${url}"]`).waitFor();
  });

  it("uploads a logo and a dark theme logo: the header shows the logo for the theme, live, and after a reload", async () => {
    await openPane(owner, "#organization/organization-profile");
    await owner.locator("[data-testid=org-upload-logo]").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await wordmark(400, 100) });
    await owner.locator("[data-testid=org-status-logo].saved").waitFor();
    await owner.locator("[data-testid=org-upload-night_logo]").setInputFiles({ name: "night.png", mimeType: "image/png", buffer: await wordmark(180, 45, true) });
    await owner.locator("[data-testid=org-status-night_logo].saved").waitFor();
    const state = (await server.call(team.owner, "POST", "/register", { fetch_event_types: '["realm"]' })).body;
    assert.deepEqual([state.realm_logo_source, state.realm_night_logo_source], ["U", "U"]);
    assert.deepEqual((await stripesOf(await served(state.realm_logo_url))).size, [400, 100]);
    await owner.locator(`[data-testid=org-image-logo][src="${state.realm_logo_url}"]`).waitFor();
    await owner.locator(`[data-testid=org-image-night_logo][src="${state.realm_night_logo_url}"]`).waitFor();
    await shot(owner, "org-profile");

    // The member's header, light theme: the day logo in place of the name, without a reload.
    await front(member);
    const logo = member.locator("[data-testid=realm-brand] .realm-logo");
    await member.locator(`[data-testid=realm-brand] .realm-logo[src="${state.realm_logo_url}"]`).waitFor();
    assert.equal(await logo.getAttribute("alt"), "Acme Labs");
    assert.equal(await member.locator("[data-testid=realm-brand] .realm-name").count(), 0);
    // Dark theme chosen in the member's settings: the night logo; after a reload too.
    assert.equal((await server.call(team.ada, "PATCH", "/settings", { color_scheme: 2 })).status, 200);
    await member.locator(`[data-testid=realm-brand] .realm-logo[src="${state.realm_night_logo_url}"]`).waitFor();
    await member.reload();
    await member.locator(`[data-testid=realm-brand] .realm-logo[src="${state.realm_night_logo_url}"]`).waitFor();
    assert.equal((await server.call(team.ada, "PATCH", "/settings", { color_scheme: 3 })).status, 200);
    await member.locator(`[data-testid=realm-brand] .realm-logo[src="${state.realm_logo_url}"]`).waitFor();

    // Back to the default logo: the name returns to everyone's header.
    await front(owner);
    await owner.locator("[data-testid=org-default-logo]").click();
    await owner.locator("[data-testid=org-default-logo]").waitFor({ state: "detached" });
    assert.equal((await server.call(team.owner, "POST", "/register", { fetch_event_types: '["realm"]' })).body.realm_logo_source, "D");
    await front(member);
    await member.locator("[data-testid=realm-brand] .realm-name", { hasText: "Acme Labs" }).waitFor();
  });

  it("crops an avatar by dragging, then by the keyboard with zoom: the server gets exactly that square", async () => {
    await openPane(owner, "#settings/profile");
    const choose = async () => {
      await owner.locator("[data-testid=avatar-file]").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: await striped(300, 200) });
      // Keys and drags move the picture once it is loaded (the frame is busy until then).
      await owner.locator("[data-testid=crop-frame]:not([aria-busy])").waitFor();
    };
    const uploaded = async () => {
      const [response] = await Promise.all([owner.waitForResponse((r) => r.url().endsWith("/json/users/me/avatar") && r.request().method() === "POST"), owner.locator("[data-testid=crop-done]").click()]);
      assert.equal(response.status(), 200);
      const me = (await server.call(team.owner, "GET", "/users/me")).body;
      // The upload as received is kept beside the sizes made of it (Zulip's <hash>.original).
      const original = join(server.t.deps.config.uploadsDir, "avatars", me.avatar_url.replace(/^\/user_avatars\//, "").replace(/\.png\?.*$/, ".original"));
      return { small: await stripesOf(await served(me.avatar_url)), original: await stripesOf(await readFile(original)) };
    };

    // Dragged right by far more than the room there is: the square is the picture's left 200 px.
    await choose();
    const box = (await owner.locator("[data-testid=crop-frame]").boundingBox())!;
    await owner.mouse.move(box.x + 20, box.y + 20);
    await owner.mouse.down();
    await owner.mouse.move(box.x + 600, box.y + 40, { steps: 10 });
    await owner.mouse.up();
    assert.deepEqual(await uploaded(), { small: { size: [100, 100], stripes: [0, 1] }, original: { size: [200, 200], stripes: [0, 1] } });

    // By keyboard: zoomed in twice as far (a 100 px square), then moved to the right end: blue only.
    await choose();
    await owner.locator("[data-testid=crop-frame]").focus();
    for (let i = 0; i < 4; i++) await owner.keyboard.press("+");
    assert.equal(await owner.locator("[data-testid=crop-zoom]").inputValue(), "2");
    for (let i = 0; i < 8; i++) await owner.keyboard.press("Shift+ArrowLeft");
    assert.deepEqual(await uploaded(), { small: { size: [100, 100], stripes: [2] }, original: { size: [100, 100], stripes: [2] } });
  });

  it("lets the owner set message retention, and shows it to an administrator who cannot change it", async () => {
    await openPane(owner, "#organization/organization-settings");
    const form = owner.locator("[data-testid=retention-form]");
    await form.locator("select[name=message_retention_policy]").selectOption("days");
    await form.locator("input[name=message_retention_days]").fill("90");
    await form.locator("button[type=submit]").click();
    await owner.locator("[data-testid=retention]", { hasText: "kept for 90 days" }).waitFor();
    const retention = async () => (await server.call(team.ada, "POST", "/register", { fetch_event_types: '["realm"]' })).body.realm_message_retention_days;
    assert.equal(await retention(), 90);
    // Zero days is refused by the form already (the server would say "Bad value").
    await form.locator("input[name=message_retention_days]").fill("0");
    await form.locator("button[type=submit]").click();
    assert.equal(await form.locator("input[name=message_retention_days]:invalid").count(), 1);
    await form.locator("input[name=message_retention_days]").fill("90");
    assert.equal(await retention(), 90);
    // A time limit back to "Any time" is Zulip's JSON "unlimited", stored as no limit.
    const deleteLimit = async () => (await server.call(team.ada, "POST", "/register", { fetch_event_types: '["realm"]' })).body.realm_message_content_delete_limit_seconds;
    const limit = owner.locator("select[name=message_content_delete_limit_seconds]");
    const saved = (value: string) => Promise.all([owner.waitForResponse((r) => r.url().endsWith("/json/realm") && r.request().method() === "PATCH"), limit.selectOption(value)]);
    assert.equal((await saved("600"))[0].status(), 200);
    assert.equal(await deleteLimit(), 600);
    assert.equal((await saved("null"))[0].status(), 200);
    assert.equal(await deleteLimit(), null);
    await shot(owner, "org-settings");

    // Ada made an administrator: she sees the policy, as the event told her app, and no form.
    assert.equal((await server.call(team.owner, "PATCH", `/users/${team.ada.id}`, { role: ROLE_ADMINISTRATOR })).status, 200);
    await front(member);
    await member.locator("[data-testid=open-admin]").waitFor();
    await openPane(member, "#organization/organization-settings");
    await member.locator("[data-testid=retention]", { hasText: "Messages are kept for 90 days. Only owners change this." }).waitFor();
    assert.equal(await member.locator("[data-testid=retention-form]").count(), 0);

    await front(owner);
    await form.locator("select[name=message_retention_policy]").selectOption("forever");
    await form.locator("button[type=submit]").click();
    await owner.locator("[data-testid=retention]", { hasText: "Messages are kept forever." }).waitFor();
    assert.equal(await retention(), -1);
    await front(member);
    await member.locator("[data-testid=retention]", { hasText: "Messages are kept forever." }).waitFor();
  });

  it("keeps the last sign-in method on with Zulip's error, and the boxes are the owner's alone", async () => {
    await openPane(owner, "#organization/auth-methods");
    const email = owner.locator("input[name=auth-Email]");
    assert.equal(await email.isChecked(), true);
    await email.click();
    await owner.locator("[data-testid=auth-status].error", { hasText: "At least one authentication method must be enabled." }).waitFor();
    await owner.waitForFunction(() => document.querySelector("input[name=auth-Email]").checked);
    const methods = (await server.call(team.owner, "POST", "/register", { fetch_event_types: '["realm"]' })).body.realm_authentication_methods;
    assert.deepEqual(methods, { Email: { enabled: true, available: true } });
    await openPane(member, "#organization/auth-methods");
    assert.equal(await member.locator("input[name=auth-Email]").isDisabled(), true);
    await member.locator("[data-testid=pane-auth-methods]", { hasText: "Only owners change these." }).waitFor();
  });

  it("lays the organization's panes out on a 390 px phone", async () => {
    const phone = await people.person({ viewport: PHONE, phone: true, colorScheme: "light" });
    await signIn(phone, server.site, team.owner.email);
    // No room in a phone's header: the organization heads the sidebar's drawer instead.
    assert.equal(await phone.locator("[data-testid=realm-brand]").isVisible(), false);
    await phone.locator(".menu-button").click();
    await phone.locator("[data-testid=sidebar-brand] .realm-name", { hasText: "Acme Labs" }).waitFor();
    assert.match((await phone.locator("[data-testid=sidebar-brand] .realm-icon").getAttribute("src"))!, /^\/user_avatars\//);
    await shot(phone, "org-sidebar-phone");
    await phone.locator(".menu-button").click();
    await openPane(phone, "#organization/organization-profile");
    await phone.locator("[data-testid=org-image-icon]").waitFor();
    await shot(phone, "org-profile-phone");
    await openPane(phone, "#organization/organization-settings");
    await phone.locator("[data-testid=retention-form]").waitFor();
    await shot(phone, "org-settings-phone");
    // Nothing sticks out sideways.
    assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth <= 390), true);
    assert.deepEqual(errors, []);
  });
});
