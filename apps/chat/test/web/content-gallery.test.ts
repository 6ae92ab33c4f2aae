// The server's rendered message HTML in a real browser (Debian's chromium via playwright-core),
// styled and enhanced by the web app's content module (apps/chat-web/src/content): messages
// covering every construct the renderer produces are sent through the API, fetched back as
// the viewer sees them (content and flags), and shown on a gallery page built by Vite and
// served under the app's Content-Security-Policy from the chat server's origin (see
// gallery-support.ts). Screenshots (light and dark, desktop and 360 px) land in
// docs/screenshots/ when BEACON_SCREENSHOTS=1.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { basic, chatTest, type ChatTest } from "../helpers.js";
import { uploadsDir } from "../api/uploads-support.js";
import { freePort } from "@beacon/testing";
import { buildGallery, seedGallery, serveGallery, type Gallery } from "./gallery-support.js";

// Functions handed to page.evaluate run in the page, where these exist (the server's type
// program has no DOM library, on purpose).
declare const window: any, document: any, navigator: any;
declare function getComputedStyle(el: unknown): { getPropertyValue(name: string): string };
declare function requestAnimationFrame(callback: () => void): number;
type HTMLImageElement = any;

const CHROMIUM = "/usr/bin/chromium";
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install chromium); CI installs it`;
const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;

interface Viewer {
  userId: number;
  groupIds: number[];
  timeZone?: string;
  emojiset?: string;
  userNames?: Record<number, string>;
  captureNarrows?: boolean;
  captureImages?: boolean;
}

describe("rendered message content in a browser", { skip, timeout: 300_000 }, () => {
  let t: ChatTest;
  let uploads: string;
  let site: string;
  let built: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  let screenshots: string;
  let gallery: Gallery;

  before(async () => {
    uploads = await uploadsDir();
    t = await chatTest({ config: { uploadsDir: uploads } });
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    await t.app.listen({ host: "127.0.0.1", port });
    gallery = await seedGallery(t);
    built = mkdtempSync(join(tmpdir(), "beacon-gallery-"));
    await buildGallery(built);

    const { chromium } = await import("playwright-core");
    profile = mkdtempSync(join(tmpdir(), "beacon-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 960, height: 900 },
      locale: "en-US",
      timezoneId: "Asia/Tokyo",
      // The viewer's credentials on every request (uploads need them); the app uses a session.
      extraHTTPHeaders: { authorization: basic(gallery.ada.email, gallery.ada.apiKey) },
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site });
    await serveGallery(context, site, built);
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
    screenshots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : join(profile, "screenshots");
    mkdirSync(screenshots, { recursive: true });
  });

  after(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    if (built) rmSync(built, { recursive: true, force: true });
    await t?.close();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  const viewer = (extra: Partial<Viewer> = {}): Viewer => ({ userId: gallery.ada.id, groupIds: [gallery.designers], ...extra });
  const cspViolations: string[] = [];

  const open = async (extra: Partial<Viewer> = {}, theme: string | null = "light") => {
    page.removeAllListeners("console");
    page.on("console", (msg) => {
      if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });
    await page.goto(`${site}/__gallery/index.html`);
    await page.waitForFunction(() => "gallery" in window);
    await page.evaluate(([list, who, mode]) => {
      (window as any).gallery.setTheme(mode);
      (window as any).gallery.render(list, who);
    }, [gallery.messages, viewer(extra), theme] as const);
  };
  const inMessage = (key: string, selector: string) => `article[data-message-id="${gallery.ids[key]}"] ${selector}`;
  const style = (selector: string, property: string) =>
    page.locator(selector).first().evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);
  /** Loads every picture on the page (they are lazy) and waits for them. */
  const loadAllImages = async () => {
    await page.evaluate(async () => {
      const step = window.innerHeight / 2;
      for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
      }
      window.scrollTo(0, 0);
      const pending = [...document.images].filter((img) => !img.complete);
      await Promise.all(pending.map((img) => new Promise((resolve) => {
        img.addEventListener("load", resolve, { once: true });
        img.addEventListener("error", resolve, { once: true });
      })));
      await document.fonts.ready;
    });
  };
  const shot = async (name: string) => {
    await loadAllImages();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
  };

  it("shows every message under the content root, styled, within the app's Content-Security-Policy", async () => {
    await open();
    assert.equal(await page.locator(".message-content.rendered-markdown").count(), gallery.messages.length);
    await loadAllImages();
    assert.deepEqual(cspViolations, []);
    // Block constructs.
    assert.equal(await style(inMessage("quote", "blockquote"), "border-left-width"), "3px");
    assert.equal(await style(inMessage("headings", "hr"), "border-top-width"), "1px");
    assert.ok(parseFloat(await style(inMessage("headings", "h1"), "font-size")) > 15 * 1.3);
    assert.notEqual(await style(inMessage("table", "th"), "background-color"), "rgba(0, 0, 0, 0)");
    assert.equal(await style(inMessage("table", "th:nth-child(3)"), "text-align"), "right");
    assert.match(await style(inMessage("lists", "ol"), "padding-inline-start"), /^\d+(\.\d+)?px$/);
    assert.match(await style(inMessage("lists", "li code"), "font-family"), /mono/i);
    assert.notEqual(await style(inMessage("lists", "li code"), "background-color"), "rgba(0, 0, 0, 0)");
    assert.equal(await style(inMessage("python", ".codehilite"), "border-top-style"), "solid");
    // The chrome around the content keeps its own look: the sender's time is not a content widget.
    assert.equal(await style(".sender time", "background-color"), "rgba(0, 0, 0, 0)");
  });

  it("never turns text into markup: tags the sender typed stay text, and so do names from the app", async () => {
    await open({ userNames: { [gallery.ada.id]: "<img src=x onerror=alert(1)>" } });
    assert.equal(await page.locator(inMessage("lists", "b")).count(), 0);
    assert.match(await page.locator(inMessage("lists", ".message-content > ul > li:last-child")).innerText(), /<b>angle brackets<\/b>/);
    assert.equal(await page.locator(inMessage("mentions", ".user-mention img")).count(), 0);
    assert.equal(await page.locator(inMessage("mentions", `.user-mention[data-user-id="${gallery.ada.id}"]`)).innerText(), "@<img src=x onerror=alert(1)>");
  });

  it("colours code tokens, differently in light and dark themes", async () => {
    await open();
    const keyword = inMessage("python", ".codehilite .k");
    const string = inMessage("python", ".codehilite .s2");
    const light = { keyword: await style(keyword, "color"), string: await style(string, "color"), bg: await style(inMessage("python", ".codehilite"), "background-color") };
    assert.notEqual(light.keyword, light.string);
    assert.notEqual(await style(inMessage("php", ".codehilite .nv"), "color"), await style(inMessage("php", ".codehilite .k"), "color"));
    await page.evaluate(() => (window as any).gallery.setTheme("dark"));
    const dark = { keyword: await style(keyword, "color"), string: await style(string, "color"), bg: await style(inMessage("python", ".codehilite"), "background-color") };
    assert.notEqual(dark.keyword, light.keyword);
    assert.notEqual(dark.string, light.string);
    assert.notEqual(dark.bg, light.bg);
  });

  it("follows the system's dark preference when the page names no theme", async () => {
    await open({}, "dark");
    const explicit = await style(inMessage("python", ".codehilite .k"), "color");
    const mention = await style(inMessage("mentions", ".user-mention-me"), "background-color");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate(() => (window as any).gallery.setTheme(null));
    assert.equal(await style(inMessage("python", ".codehilite .k"), "color"), explicit);
    assert.equal(await style(inMessage("mentions", ".user-mention-me"), "background-color"), mention);
    await page.emulateMedia({ colorScheme: "light" });
    assert.notEqual(await style(inMessage("python", ".codehilite .k"), "color"), explicit);
  });

  it("opens and closes spoilers with the mouse and the keyboard", async () => {
    await open();
    const block = page.locator(inMessage("spoiler", ".spoiler-block")).first();
    const content = block.locator(".spoiler-content");
    const button = block.locator(".spoiler-toggle");
    assert.equal(await content.isVisible(), false);
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    await block.locator(".spoiler-header").click();
    assert.equal(await content.isVisible(), true);
    assert.equal(await content.getAttribute("aria-hidden"), "false");
    assert.equal(await button.getAttribute("aria-expanded"), "true");
    await button.focus();
    await page.keyboard.press("Enter");
    assert.equal(await content.isVisible(), false);
    await page.keyboard.press("Space");
    assert.equal(await content.isVisible(), true);
    assert.equal(await button.getAttribute("aria-controls"), await content.getAttribute("id"));
    // A spoiler without a title is called one.
    assert.equal(await page.locator(inMessage("spoiler", ".spoiler-block")).nth(1).locator(".spoiler-header").innerText(), "Spoiler");
  });

  it("shows <time> in the viewer's time zone, keeping what the sender wrote in the tooltip", async () => {
    await open();
    const time = page.locator(inMessage("time", ".message-content time"));
    // 15:30 UTC is 00:30 the next day in Tokyo (the browser's zone here).
    assert.equal(await time.innerText(), "Tue, Jan 21, 2025, 12:30 AM");
    assert.match(String(await time.getAttribute("title")), /2025-01-20T15:30:00Z/);
    assert.equal(await time.getAttribute("datetime"), "2025-01-20T15:30:00Z");
    await page.evaluate((who) => (window as any).gallery.reenhance(who), viewer({ timeZone: "America/New_York" }));
    assert.equal(await time.innerText(), "Mon, Jan 20, 2025, 10:30 AM");
    assert.equal(await page.locator(inMessage("time", ".timestamp-error")).innerText(), "Invalid time format: tomorrowish");
  });

  it("highlights the mentions that concern the viewer, as the message's flags say", async () => {
    await open();
    const flags = gallery.messages.find((m) => m.id === gallery.ids.mentions)?.flags ?? [];
    assert.ok(flags.includes("mentioned"), flags.join());
    const me = (selector: string) => page.locator(inMessage("mentions", selector)).evaluate((el) => el.classList.contains("user-mention-me"));
    assert.equal(await me(`.user-mention[data-user-id="${gallery.ada.id}"]`), true);
    assert.equal(await me(`.user-mention[data-user-id="${gallery.grace.id}"]`), false);
    assert.equal(await me(`.user-group-mention[data-user-group-id="${gallery.designers}"]`), true);
    assert.equal(await me(`.user-group-mention[data-user-group-id="${gallery.ops}"]`), false);
    assert.equal(await me('.user-mention[data-user-id="*"]'), flags.includes("stream_wildcard_mentioned"));
    assert.equal(await me(".topic-mention"), flags.includes("topic_wildcard_mentioned"));
    const mine = await style(inMessage("mentions", `.user-mention[data-user-id="${gallery.ada.id}"]`), "background-color");
    const other = await style(inMessage("mentions", `.user-mention[data-user-id="${gallery.grace.id}"]`), "background-color");
    assert.notEqual(mine, other);
    // Another viewer (Grace) sees her own mention as silent: not highlighted.
    await page.evaluate((who) => (window as any).gallery.reenhance(who), viewer({ userId: gallery.grace.id }));
    assert.equal(await me(`.user-mention[data-user-id="${gallery.grace.id}"]`), false);
  });

  it("shows emoji as pictures served by the chat server, custom emoji included", async () => {
    await open();
    await loadAllImages();
    const pictures = await page.locator(inMessage("emoji", ":is(span.emoji > img, img.emoji)")).evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({ src: new URL(img.src).pathname, width: img.naturalWidth, shown: img.getBoundingClientRect().width })),
    );
    assert.equal(pictures.length, 7);
    for (const p of pictures) {
      assert.ok(p.width > 0, `${p.src} did not load`);
      assert.ok(p.shown >= 16, `${p.src} is ${p.shown}px wide`);
    }
    assert.ok(pictures.some((p) => p.src === "/static/generated/emoji/images-twitter-64/1f389.png"));
    assert.ok(pictures.some((p) => p.src.startsWith("/user_avatars/")));
    // An emoji the server left as text (a skin tone) gets its picture too.
    assert.ok(pictures.some((p) => p.src === "/static/generated/emoji/images-twitter-64/1f44b-1f3fd.png"));
    // The emoji's name stays in the text (copying, screen readers), hidden under the picture.
    assert.equal(await page.locator(inMessage("emoji", "span.emoji.emoji-1f389")).getAttribute("aria-label"), "tada");
    assert.equal(await style(inMessage("emoji", "span.emoji.emoji-1f389"), "color"), "rgba(0, 0, 0, 0)");
    assert.match(await page.locator(inMessage("emoji", "p")).innerText(), /:not_an_emoji:/);
    // A message of emoji alone shows them large.
    const big = parseFloat(await style(inMessage("emoji-only", "span.emoji"), "width"));
    const small = parseFloat(await style(inMessage("emoji", "span.emoji"), "width"));
    assert.ok(big > small * 1.5, `${big} vs ${small}`);
    // The "text" emojiset shows names instead.
    await page.evaluate((who) => (window as any).gallery.reenhance(who), viewer({ emojiset: "text" }));
    assert.equal(await page.locator(inMessage("emoji", "img")).count(), 0);
    assert.match(await page.locator(inMessage("emoji", "p")).innerText(), /:tada: :rocket: :\+1: :beacon: :zulip:/);
  });

  it("lays KaTeX out with its own fonts, display math on a line of its own", async () => {
    await open();
    await loadAllImages();
    assert.ok(await page.evaluate(() => document.fonts.check("16px KaTeX_Main")));
    assert.match(await style(inMessage("math", ".katex"), "font-family"), /KaTeX_Main/);
    const inline = await page.locator(inMessage("math", "p .katex")).first().boundingBox();
    const display = await page.locator(inMessage("math", ".katex-display")).boundingBox();
    assert.ok(inline && inline.width > 60 && inline.height < 40, JSON.stringify(inline));
    assert.ok(display && display.height > 40, JSON.stringify(display));
    // MathML is there for screen readers but not shown twice.
    const mathml = await page.locator(inMessage("math", ".katex-mathml")).first().boundingBox();
    assert.ok(!mathml || mathml.width <= 1);
    assert.notEqual(await style(inMessage("math", ".tex-error"), "background-color"), "rgba(0, 0, 0, 0)");
  });

  it("opens links in a new tab, keeps narrows in the app and draws the message link's icon", async () => {
    await open({ captureNarrows: true });
    const external = page.locator(inMessage("text", 'a[href="https://example.com/changelog"]'));
    assert.equal(await external.getAttribute("target"), "_blank");
    assert.equal(await external.getAttribute("rel"), "noopener noreferrer");
    assert.equal(await page.locator(inMessage("text", 'a[href^="mailto:"]')).getAttribute("target"), null);
    for (const cls of ["stream", "stream-topic", "message-link"]) {
      assert.equal(await page.locator(inMessage("links", `a.${cls}`)).getAttribute("target"), null, cls);
    }
    const messageLink = page.locator(inMessage("links", "a.message-link"));
    assert.equal(await messageLink.locator("svg[role=img]").getAttribute("aria-label"), "message");
    assert.doesNotMatch(await messageLink.innerText(), /💬/);
    await page.locator(inMessage("links", "a.stream-topic")).click();
    assert.deepEqual(await page.evaluate(() => (window as any).narrowed), ["#narrow/channel/" + (await channelId("design")) + "-design/topic/gallery"]);
  });

  async function channelId(name: string): Promise<number> {
    const res = await t.call(gallery.owner, "GET", "/get_stream_id", { stream: name });
    return res.body.stream_id;
  }

  it("previews uploaded pictures from this server and shows other sites' pictures as link cards", async () => {
    await open({ captureImages: true });
    await loadAllImages();
    const previews = page.locator(inMessage("image", ".message_inline_image"));
    assert.equal(await previews.count(), 2);
    const uploaded = previews.nth(0).locator("img");
    const loaded = await uploaded.evaluate((img: HTMLImageElement) => ({ src: new URL(img.src).pathname, width: img.naturalWidth, loading: img.loading, alt: img.alt }));
    assert.match(loaded.src, /^\/user_uploads\/\d+\/.+\/harbour-at-dusk\.png$/);
    assert.ok(loaded.width > 0);
    assert.equal(loaded.loading, "lazy");
    assert.equal(loaded.alt, "harbour at dusk.png");
    const box = await previews.nth(0).locator("a").boundingBox();
    assert.ok(box && Math.abs(box.height - 160) <= 2, JSON.stringify(box));
    const elsewhere = previews.nth(1);
    assert.equal(await elsewhere.evaluate((el) => el.classList.contains("image-unavailable")), true);
    assert.match(await elsewhere.innerText(), /mountain\.jpg[\s\S]*Image on images\.example\.com/);
    assert.equal(await elsewhere.locator("a").getAttribute("href"), "https://images.example.com/photos/mountain.jpg");
    await uploaded.click();
    const opened = await page.evaluate(() => (window as any).opened);
    assert.equal(opened.length, 1);
    assert.match(opened[0].src, /^\/user_uploads\//);
  });

  it("copies a code block as the sender wrote it", async () => {
    await open();
    const block = page.locator(inMessage("python", ".codehilite"));
    assert.equal(await block.locator(".code-language").innerText(), "Python");
    await block.hover();
    await block.locator("button.code-copy").click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(copied.startsWith("import json\n\n@cache\ndef load("), copied);
    assert.ok(copied.endsWith("\"ratio\": 1.5}"), copied);
    assert.equal(await block.locator("button.code-copy").getAttribute("aria-label"), "Copied");
  });

  it("fits a 360 px screen without sideways scrolling, and looks right in both themes", async () => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 960, height: 900 });
    await open({}, "light");
    await page.locator(inMessage("spoiler", ".spoiler-header")).first().click();
    await shot("chat-content-light");
    await page.evaluate(() => (window as any).gallery.setTheme("dark"));
    await shot("chat-content-dark");
    await page.setViewportSize({ width: 360, height: 740 });
    await open({}, "light");
    await page.locator(inMessage("spoiler", ".spoiler-header")).first().click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) console.log(await page.evaluate(() => [...document.querySelectorAll("*")].filter((el: any) => el.getBoundingClientRect().right > 362).map((el: any) => el.tagName + "." + el.className + " " + Math.round(el.getBoundingClientRect().right)).slice(0, 30)));
    assert.ok(width <= 360, `the page is ${width}px wide`);
    await shot("chat-content-mobile-light");
    await page.evaluate(() => (window as any).gallery.setTheme("dark"));
    await shot("chat-content-mobile-dark");
  });
});
