// Composing in the chat web app, two people in two browser contexts (Ada and Grace) on one real
// server: the compose box closed in the combined feed and opened by c, x, r and its buttons with
// the view's recipient; the typeahead (@ mentions the other person sees highlighted live, #
// channel and topic links, recipients as pills); the Markdown preview; an upload from the file
// chooser with its progress bar, shown as a thumbnail; the image viewer. Screenshots for
// docs/chat-web.md with BEACON_SCREENSHOTS=1, on a desktop and on a phone.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, seedTeam, send, signIn, skip, startServer, waitReady, type AppServer, type Team, People } from "./app-support.js";

declare const document: any;

const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A real PNG: a soft gradient of two colours, `tint` turning them. */
function gradientPng(width: number, height: number, tint = 1): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      rows[at] = Math.min(255, 60 + (x * 150) / width + tint * 15);
      rows[at + 1] = Math.min(255, 110 + (y * 100) / height);
      rows[at + 2] = Math.min(255, 170 - (x * 80) / width + tint * 20);
    }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

describe("the chat web app: composing, two people at once", { skip, timeout: 420_000 }, () => {
  let server: AppServer;
  let team: Team;
  let site: string;
  let browser: Browser;
  let ada: Page;
  let grace: Page;
  let shots: string;
  const people = new People({ pointerAway: false });
  const { errors } = people;
  const person = (viewport: { width: number; height: number }, phone = false) => people.person({ viewport, phone });
  const front = (page: Page) => people.front(page);
  const shot = (page: Page, name: string) => people.shot(page, name);
  const ids: Record<string, number> = {};
  const adaRequests: string[] = [];




  /**
   * Holds the page's uploads at the network until the returned release is called, so that one
   * under way can be seen (on the loopback a file goes up faster than a frame).
   */
  async function holdUploads(page: Page): Promise<() => Promise<void>> {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/json/user_uploads", async (route) => {
      await gate;
      // A cancelled upload's request is gone by then.
      await route.continue().catch(() => {});
    });
    return async () => {
      release();
      await page.unroute("**/json/user_uploads");
    };
  }

  const compose = (page: Page) => page.locator("form[data-testid=compose]");
  const content = (page: Page) => compose(page).locator("textarea[name=content]");
  const topicUrl = (channel: number, name: string, topic: string) => `${site}/#narrow/channel/${channel}-${name}/topic/${topic.replaceAll(" ", ".20")}`;

  before(async () => {
    server = await startServer();
    site = server.site;
    team = await seedTeam(server.t);
    ids.plan = await send(server, team.grace, "design", "launch plan", "We ship on **Thursday**.");
    ids.deploy = await send(server, team.alan, "engineering", "deploys", "Deploy at noon");
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
    people.browser = browser;
    shots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : mkdtempSync(join(tmpdir(), "beacon-shots-"));
    people.shots = shots;
    mkdirSync(shots, { recursive: true });
    ada = await person(DESKTOP);
    ada.on("request", (r) => adaRequests.push(r.url()));
    grace = await person(DESKTOP);
    await signIn(grace, site, team.grace.email, `/#narrow/channel/${team.design}-design/topic/launch.20plan`);
    await signIn(ada, site, team.ada.email, "/");
    await front(ada);
  });

  after(async () => {
    await people.close();
    await browser?.close();
    await server?.close();
    if (process.env.BEACON_SCREENSHOTS !== "1" && shots) rmSync(shots, { recursive: true, force: true });
  });

  it("keeps the box closed in the combined feed and loads its code only when it opens", async () => {
    await ada.locator("[data-testid=compose-closed]").waitFor();
    assert.equal(await compose(ada).count(), 0);
    assert.equal(adaRequests.filter((url) => /\/(ComposeForm|controller|uploads|Preview|Lightbox)-[^/]*\.js$/.test(url)).length, 0, "none of the box's code with the first view");
  });

  it("opens a new topic in the view's channel with c; Esc closes the box and keeps the draft", async () => {
    await waitReady(ada, () => ada.goto(`${site}/#narrow/channel/${team.engineering}-engineering`));
    await ada.locator("[data-testid=compose-closed]").waitFor();
    await ada.keyboard.press("c");
    await compose(ada).waitFor();
    assert.equal(await compose(ada).locator("select[name=channel]").inputValue(), String(team.engineering));
    assert.equal(await compose(ada).locator("input[name=topic]").inputValue(), "");
    assert.equal(await ada.evaluate(() => document.activeElement?.name), "topic", "the topic is asked for first");
    await ada.keyboard.type("rollout");
    await ada.keyboard.press("Enter");
    await ada.keyboard.type("half a thought");
    await ada.keyboard.press("Escape");
    await ada.locator("[data-testid=compose-closed]").waitFor();
    assert.equal(await compose(ada).count(), 0);
    await ada.locator("[data-testid=compose-reply]").click();
    assert.equal(await content(ada).inputValue(), "half a thought", "the draft is kept");
    assert.equal(await compose(ada).locator("input[name=topic]").inputValue(), "rollout");
    await content(ada).fill("");
    await ada.keyboard.press("Escape");
  });

  it("starts a direct message with x: recipients picked by name become pills, Backspace takes the last one back", async () => {
    await waitReady(ada, () => ada.goto(`${site}/#feed`));
    await ada.keyboard.press("x");
    const to = compose(ada).locator("input[name=to]");
    await to.waitFor();
    await ada.waitForFunction(() => document.activeElement?.name === "to", null, { timeout: 2000 });
    await ada.keyboard.type("hop");
    const list = ada.locator("[data-testid=typeahead]");
    await list.locator("[role=option]", { hasText: "Grace Hopper" }).waitFor();
    await ada.keyboard.press("Enter");
    const pills = compose(ada).locator("[data-testid=recipient-pill]");
    assert.deepEqual(await pills.allTextContents(), ["Grace Hopper×"]);
    await ada.keyboard.type("alan");
    await list.locator("[role=option][aria-selected=true]", { hasText: "Alan Turing" }).waitFor();
    await ada.keyboard.press("Tab");
    assert.equal(await pills.count(), 2);
    assert.equal(await to.inputValue(), "");
    await ada.keyboard.press("Backspace");
    assert.deepEqual(await pills.allTextContents(), ["Grace Hopper×"]);
    await ada.keyboard.press("Enter");
    assert.equal(await ada.evaluate(() => document.activeElement?.name), "content", "Enter goes on to the message");
    await ada.keyboard.type("Just you and me");
    await ada.keyboard.press("Enter");
    await ada.locator("[data-message-id] .message-content", { hasText: "Just you and me" }).waitFor();
    const sent = await server.call(team.grace, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0 });
    assert.equal(sent.body.messages[0].content, "<p>Just you and me</p>");
    assert.deepEqual(sent.body.messages[0].display_recipient.map((r: any) => r.id).sort(), [team.ada.id, team.grace.id].sort());
    await ada.keyboard.press("Escape");
  });

  it("replies to the selected message with r, pointed at its conversation", async () => {
    // Still in the combined feed.
    await ada.locator(`[data-message-id="${ids.deploy}"]`).click();
    await ada.keyboard.press("r");
    await compose(ada).waitFor();
    assert.equal(await compose(ada).locator("select[name=channel]").inputValue(), String(team.engineering));
    assert.equal(await compose(ada).locator("input[name=topic]").inputValue(), "deploys");
    assert.equal(await ada.evaluate(() => document.activeElement?.name), "content");
    await ada.keyboard.press("Escape");
  });

  it("opens pointed at the conversation in a topic's view; @ suggests people and inserts a mention Grace sees highlighted live", async () => {
    await waitReady(ada, () => ada.goto(topicUrl(team.design, "design", "launch plan")));
    await compose(ada).waitFor();
    assert.equal(await compose(ada).locator("input[name=topic]").inputValue(), "launch plan");
    await content(ada).click();
    await ada.keyboard.type("Thanks @");
    const list = ada.locator("[data-testid=typeahead]");
    await list.locator("[role=option]", { hasText: "Alan Turing" }).waitFor();
    await shot(ada, "compose-typeahead");
    await ada.keyboard.type("gra");
    await list.locator("[role=option][aria-selected=true]", { hasText: "Grace Hopper" }).waitFor();
    assert.equal(await list.locator("[role=option]").count(), 1);
    await ada.keyboard.press("Enter");
    assert.equal(await content(ada).inputValue(), "Thanks @**Grace Hopper** ");
    // A channel, then a topic of it, as Zulip's links; an emoji by name.
    await ada.keyboard.type("see #des");
    await list.locator("[role=option]", { hasText: "design" }).waitFor();
    await ada.keyboard.press("Tab");
    await ada.keyboard.press("Backspace");
    await ada.keyboard.type(">lau");
    await list.locator("[role=option]", { hasText: "launch plan" }).waitFor();
    await ada.keyboard.press("Enter");
    await ada.keyboard.type(":tad");
    await list.locator("[role=option]", { hasText: ":tada:" }).first().waitFor();
    await ada.keyboard.press("Enter");
    assert.equal(await content(ada).inputValue(), "Thanks @**Grace Hopper** see #**design>launch plan** :tada: ");
    // Esc closes the suggestions, not the box.
    await ada.keyboard.type("@al");
    await list.waitFor();
    await ada.keyboard.press("Escape");
    await list.waitFor({ state: "detached" });
    assert.equal(await compose(ada).count(), 1);
    await ada.keyboard.press("Backspace");
    await ada.keyboard.press("Backspace");
    await ada.keyboard.press("Backspace");
    await ada.keyboard.press("Enter");
    const mention = grace.locator(".message", { hasText: "Thanks" }).locator(".user-mention.user-mention-me");
    await mention.waitFor();
    assert.equal(await mention.textContent(), "@Grace Hopper");
  });

  it("previews the Markdown as the server renders it", async () => {
    await content(ada).fill("**Bold** plan for @**Grace Hopper**");
    await compose(ada).locator("[data-testid=compose-preview]").click();
    const preview = ada.locator("[data-testid=preview-pane]");
    await preview.locator("strong", { hasText: "Bold" }).waitFor();
    assert.equal(await preview.locator(".user-mention").textContent(), "@Grace Hopper");
    assert.equal(await content(ada).isVisible(), false);
    await compose(ada).locator("button[data-testid=compose-preview]").click();
    assert.equal(await content(ada).isVisible(), true);
    await content(ada).fill("");
  });

  it("uploads a picture from the file chooser with a progress bar, then shows it as a thumbnail; the viewer opens it", async () => {
    const picture = gradientPng(700, 500);
    const second = gradientPng(300, 200, 3);
    // One picture is in the topic already, sent through the API.
    const uploaded = await server.t.app.inject({
      method: "POST",
      url: "/api/v1/user_uploads",
      headers: { host: team.grace.host, authorization: `Basic ${Buffer.from(`${team.grace.email}:${team.grace.apiKey}`).toString("base64")}`, "content-type": "multipart/form-data; boundary=X" },
      payload: Buffer.concat([Buffer.from('--X\r\nContent-Disposition: form-data; name="file"; filename="first.png"\r\nContent-Type: image/png\r\n\r\n'), second, Buffer.from("\r\n--X--\r\n")]),
    });
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    ids.first = await send(server, team.grace, "design", "launch plan", `[first.png](${uploaded.json().url})`);
    await ada.locator(`[data-message-id="${ids.first}"] .message_inline_image img`).waitFor();

    const release = await holdUploads(ada);
    await content(ada).fill("The mock-up: ");
    const chooser = ada.waitForEvent("filechooser");
    await compose(ada).locator("[data-testid=compose-upload]").click();
    await (await chooser).setFiles({ name: "mock-up.png", mimeType: "image/png", buffer: picture });
    const progress = ada.locator("[data-testid=upload] progress");
    await progress.waitFor();
    assert.equal(await content(ada).inputValue(), "The mock-up: [Uploading mock-up.png…] ");
    assert.equal(await compose(ada).locator("button[type=submit]").isDisabled(), true, "Send waits for the upload");
    assert.match((await ada.locator("[data-testid=upload] .upload-size").textContent()) ?? "", new RegExp(` / ${Math.round(picture.length / 1024)} KB$`));
    await shot(ada, "compose-upload");
    await release();
    await ada.waitForFunction(() => /^The mock-up: \[mock-up\.png\]\(\/user_uploads\/\d+\/[^)]+\/mock-up\.png\) $/.test(document.querySelector("textarea[name=content]")?.value ?? ""), undefined, { timeout: 30_000 });
    await progress.waitFor({ state: "detached" });
    await content(ada).press("Enter");

    // Grace sees it as a thumbnail, and opens it in the viewer.
    const thumb = grace.locator(".message", { hasText: "The mock-up" }).locator(".message_inline_image img");
    await front(grace);
    await thumb.waitFor();
    await grace.waitForFunction(() => [...document.querySelectorAll(".message_inline_image img")].every((img: any) => img.complete && img.naturalWidth > 0));
    assert.equal(await thumb.evaluate((img: any) => img.naturalWidth), 700);
    await thumb.click();
    const viewer = grace.locator("[data-testid=lightbox]");
    await viewer.waitFor();
    assert.match((await viewer.locator("img").getAttribute("src")) ?? "", /\/user_uploads\/.*\/mock-up\.png$/);
    assert.equal(await viewer.locator(".lightbox-count").textContent(), "2 / 2");
    assert.match((await viewer.locator("[data-testid=lightbox-original]").getAttribute("href")) ?? "", /mock-up\.png$/);
    await grace.keyboard.press("ArrowLeft");
    assert.match((await viewer.locator("img").getAttribute("src")) ?? "", /first\.png$/);
    assert.equal(await viewer.locator(".lightbox-count").textContent(), "1 / 2");
    await shot(grace, "lightbox");
    await grace.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    await thumb.click();
    await viewer.waitFor();
    await viewer.click({ position: { x: 20, y: 300 } });
    await viewer.waitFor({ state: "detached" });
    await front(ada);
  });

  it("looks right on a phone: the typeahead and an upload under way", async () => {
    const phone = await person(PHONE, true);
    await signIn(phone, site, team.ada.email, `/#narrow/channel/${team.design}-design/topic/launch.20plan`);
    await front(phone);
    await compose(phone).waitFor();
    await content(phone).click();
    await phone.keyboard.type("Ask @a");
    await phone.locator("[data-testid=typeahead] [role=option]").first().waitFor();
    await shot(phone, "compose-typeahead-phone");
    const box = await phone.locator("[data-testid=typeahead]").boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, "the list fits the screen");
    await phone.keyboard.press("Escape");
    await content(phone).fill("");
    const releasePhone = await holdUploads(phone);
    const chooser = phone.waitForEvent("filechooser");
    await compose(phone).locator("[data-testid=compose-upload]").click();
    await (await chooser).setFiles({ name: "whiteboard.png", mimeType: "image/png", buffer: gradientPng(600, 400, 2) });
    await phone.locator("[data-testid=upload] progress").waitFor();
    await shot(phone, "compose-upload-phone");
    await compose(phone).locator("[data-testid=upload] button").click();
    await phone.locator("[data-testid=upload]").waitFor({ state: "detached" });
    assert.equal(await content(phone).inputValue(), "", "a cancelled upload leaves nothing behind");
    await releasePhone();
    await front(ada);
  });

  it("logged no script errors", () => {
    assert.deepEqual(errors, []);
  });
});
