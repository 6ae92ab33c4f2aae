// Finding messages and seeing people in the chat web app, two people in two browser contexts
// (Ada and Grace) on one real server: the search bar (operators, suggestions, highlighted
// matches, the URL as Zulip writes it, and such URLs opening the search). Screenshots for
// docs/chat-web.md with BEACON_SCREENSHOTS=1.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, seedTeam, send, signIn, skip, startServer, waitReady, type AppServer, type Team, People } from "./app-support.js";

declare const document: any;
declare const location: any;

const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe("the chat web app: search, people, presence and typing, two people at once", { skip, timeout: 300_000 }, () => {
  let server: AppServer;
  let team: Team;
  let site: string;
  let browser: Browser;
  let ada: Page;
  let grace: Page;
  let shots: string;
  const people = new People({ pointerAway: false });
  const { errors } = people;
  const person = (options: { viewport: { width: number; height: number }; phone?: boolean }) => people.person(options);
  const front = (page: Page) => people.front(page);
  const shot = (page: Page, name: string) => people.shot(page, name);
  const ids: Record<string, number> = {};




  const suggestions = (page: Page) => page.locator("[data-testid=search-suggestion]");

  before(async () => {
    server = await startServer();
    site = server.site;
    team = await seedTeam(server.t);
    server.t.clock.set(new Date());
    ids.failed = await send(server, team.grace, "design", "deploys", "The deploy failed on staging again");
    ids.fixed = await send(server, team.alan, "design", "deploys", "Fixed: see https://example.com/runbook for the deploy steps");
    ids.other = await send(server, team.grace, "engineering", "deploy review", "Another deploy, another channel");
    ids.chat = await send(server, team.grace, "design", "colours", "Which blue for the buttons?");
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
    people.browser = browser;
    shots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : mkdtempSync(join(tmpdir(), "beacon-shots-"));
    people.shots = shots;
    mkdirSync(shots, { recursive: true });
    ada = await person({ viewport: DESKTOP });
    grace = await person({ viewport: DESKTOP });
    await signIn(ada, site, team.ada.email, `/#narrow/channel/${team.design}-design`);
    await signIn(grace, site, team.grace.email, `/#narrow/channel/${team.design}-design/topic/deploys`);
    await front(ada);
  });

  after(async () => {
    await people.close();
    await browser?.close();
    await server?.close();
    if (process.env.BEACON_SCREENSHOTS !== "1" && shots) rmSync(shots, { recursive: true, force: true });
  });

  it("focuses the bar with /, suggests operators, channels and people while typing, and searches with the keyboard", async () => {
    await front(ada);
    await ada.locator("[data-testid=message-list]").click({ position: { x: 5, y: 5 } });
    await ada.keyboard.press("/");
    assert.equal(await ada.evaluate(() => document.activeElement?.dataset.testid), "search-input");
    await ada.keyboard.type("sen");
    await suggestions(ada).filter({ hasText: "sender:" }).first().waitFor();
    await ada.keyboard.type("der:gr");
    await suggestions(ada).filter({ hasText: "sender:grace@acme.example.com" }).waitFor();
    assert.match((await suggestions(ada).first().textContent()) ?? "", /Sent by Grace Hopper/);
    await ada.keyboard.press("ArrowDown");
    assert.equal(await suggestions(ada).first().getAttribute("aria-selected"), "true");
    await waitReady(ada, () => ada.keyboard.press("Enter"));
    assert.equal(await ada.evaluate(() => location.hash), `#narrow/sender/${team.grace.id}-Grace-Hopper`);
    await ada.locator(`[data-message-id="${ids.failed}"]`).waitFor();
    assert.equal(await ada.locator(`[data-message-id="${ids.fixed}"]`).count(), 0, "Alan's message is not Grace's");
    assert.equal(await ada.locator("[data-testid=search-input]").inputValue(), "sender:grace@acme.example.com");
    assert.equal(await ada.locator("h1").textContent(), "Search results");
  });

  it("searches a channel's words, highlights the matches, and writes the URL as Zulip does", async () => {
    const input = ada.locator("[data-testid=search-input]");
    await input.fill("");
    await input.click();
    await ada.keyboard.type("channel:des");
    await suggestions(ada).filter({ hasText: "channel:design" }).waitFor();
    await ada.keyboard.press("Tab");
    assert.equal(await input.inputValue(), "channel:design ");
    await ada.keyboard.type("topic:dep");
    // The chosen channel's topics are offered.
    await suggestions(ada).filter({ hasText: "topic:deploys" }).waitFor();
    assert.equal(await suggestions(ada).filter({ hasText: "deploy review" }).count(), 0, "not another channel's topic");
    await input.fill("channel:design deploy");
    await shot(ada, "search-suggestions");
    await waitReady(ada, () => input.press("Enter"));
    assert.equal(await ada.evaluate(() => location.hash), `#narrow/channel/${team.design}-design/search/deploy`);
    await ada.locator(`[data-message-id="${ids.failed}"] .highlight`, { hasText: "deploy" }).waitFor();
    await ada.locator(`[data-message-id="${ids.fixed}"] .highlight`, { hasText: "deploy" }).first().waitFor();
    assert.equal(await ada.locator(`[data-message-id="${ids.other}"]`).count(), 0, "another channel");
    assert.equal(await ada.locator(`[data-message-id="${ids.chat}"]`).count(), 0, "no match");
    // The topic of the matches is marked too.
    assert.equal(await ada.locator(".recipient-topic .highlight").first().textContent(), "deploys");
    await shot(ada, "search-results");
    // The same message, seen in its channel, carries no marks.
    await waitReady(ada, () => ada.locator(".search-clear").click());
    await waitReady(ada, () => ada.goto(`${site}/#narrow/channel/${team.design}-design/topic/deploys`));
    await ada.locator(`[data-message-id="${ids.failed}"]`).waitFor();
    assert.equal(await ada.locator(`[data-message-id="${ids.failed}"] .highlight`).count(), 0);
  });

  it("opens a search from its URL: negation, has: and the free text in the bar", async () => {
    await waitReady(ada, () => ada.goto(`${site}/#narrow/has/link`));
    await ada.locator(`[data-message-id="${ids.fixed}"]`).waitFor();
    assert.equal(await ada.locator(`[data-message-id="${ids.failed}"]`).count(), 0);
    assert.equal(await ada.locator("[data-testid=search-input]").inputValue(), "has:link");
    await waitReady(ada, () => ada.goto(`${site}/#narrow/search/deploy.20staging`));
    await ada.locator(`[data-message-id="${ids.failed}"] .highlight`, { hasText: "staging" }).waitFor();
    assert.equal(await ada.locator("[data-testid=search-input]").inputValue(), "deploy staging");
    await waitReady(ada, () => ada.reload());
    await ada.locator(`[data-message-id="${ids.failed}"] .highlight`, { hasText: "staging" }).waitFor();
    await waitReady(ada, () => ada.goto(`${site}/#narrow/channel/${team.design}-design/-sender/${team.grace.id}-Grace-Hopper`));
    await ada.locator(`[data-message-id="${ids.fixed}"]`).waitFor();
    assert.equal(await ada.locator(`[data-message-id="${ids.failed}"]`).count(), 0);
    assert.equal(await ada.locator("[data-testid=search-input]").inputValue(), "channel:design -sender:grace@acme.example.com");
    // Back in the browser's history: the previous search.
    await waitReady(ada, () => ada.goBack());
    assert.equal(await ada.locator("[data-testid=search-input]").inputValue(), "deploy staging");
  });

  it("writes a search opened from its URL with names once the user list arrives after the first view", async () => {
    // The user list follows the first view (GET /json/users): held back here for a second,
    // the bar first has only ids to go by, and must show the address when the list is in.
    const page = await front(await person({ viewport: DESKTOP }));
    let held = 0;
    await page.route(/\/json\/users(\?|$)/, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      held++;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await signIn(page, site, team.ada.email, `/#narrow/channel/${team.design}-design/-sender/${team.grace.id}-Grace-Hopper`);
    await page.locator(`[data-message-id="${ids.fixed}"]`).waitFor();
    const bar = page.locator("[data-testid=search-input]");
    await page.waitForFunction(() => (document.querySelector("[data-testid=search-input]") as { value: string }).value.includes("@"));
    assert.equal(await bar.inputValue(), `channel:design -sender:${team.grace.email}`);
    assert.ok(held >= 1, "the user list was requested apart from /register");
  });

  it("shows the search with suggestions on a phone", async () => {
    const phone = await person({ viewport: PHONE, phone: true });
    await signIn(phone, site, team.ada.email, `/#narrow/channel/${team.design}-design`);
    await front(phone);
    await phone.locator("[data-testid=search-input]").click();
    await phone.keyboard.type("is:");
    await suggestions(phone).filter({ hasText: "is:starred" }).waitFor();
    const box = (await phone.locator("[data-testid=search-suggestions]").boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, "the suggestions fit the screen");
    await shot(phone, "search-suggestions-phone");
    await phone.keyboard.press("Escape");
  });

  const personRow = (page: Page, id: number) => page.locator(`[data-testid=person-row][data-user-id="${id}"]`);

  it("lists people with presence dots: the other person active, the conversation's people first; filters; a click opens a conversation", async () => {
    await front(grace);
    // Grace uses her window: she is active (reported at once if her page had counted her idle).
    await grace.mouse.move(200, 300);
    await grace.mouse.click(600, 400);
    await front(ada);
    await waitReady(ada, () => ada.goto(`${site}/#narrow/channel/${team.design}-design`));
    const people = ada.locator("[data-testid=people]");
    await people.waitFor();
    await personRow(ada, team.grace.id).waitFor();
    await ada.waitForFunction((id) => document.querySelector(`[data-testid=person-row][data-user-id="${id}"]`)?.dataset.presence === "active", team.grace.id);
    assert.equal(await personRow(ada, team.ada.id).getAttribute("data-presence"), "active", "one's own presence, reported");
    assert.match((await personRow(ada, team.ada.id).textContent()) ?? "", /\(you\)/);
    // Everyone is subscribed to #design: all in "In this channel", nobody else.
    assert.deepEqual(await people.locator(".people-heading").allTextContents(), ["In this channel 4", "Others 0"]);
    // Grace leaves #design and comes back (peer_remove, peer_add): the headings follow at once.
    const headings = (text: string) => ada.waitForFunction((t) => [...document.querySelectorAll("[data-testid=people] .people-heading")].map((h: any) => h.textContent).join("|") === t, text);
    assert.equal((await server.call(team.grace, "DELETE", "/users/me/subscriptions", { subscriptions: JSON.stringify(["design"]) })).status, 200);
    await headings("In this channel 3|Others 1");
    assert.equal((await server.call(team.grace, "POST", "/users/me/subscriptions", { subscriptions: JSON.stringify([{ name: "design" }]) })).status, 200);
    await headings("In this channel 4|Others 0");
    // The owner never signed in: offline, after the active ones.
    assert.equal(await personRow(ada, team.owner.id).getAttribute("data-presence"), "offline");
    const order = await people.locator("[data-testid=person-row]").evaluateAll((rows) => rows.map((r: any) => r.dataset.presence));
    assert.deepEqual(order, [...order].sort((a, b) => ["active", "idle", "offline"].indexOf(a) - ["active", "idle", "offline"].indexOf(b)));
    await shot(ada, "people");
    const filter = ada.locator("[data-testid=people-filter]");
    await filter.fill("hop");
    await ada.waitForFunction(() => document.querySelectorAll("[data-testid=person-row]").length === 1);
    await filter.fill("");
    await waitReady(ada, () => personRow(ada, team.grace.id).click());
    assert.equal(await ada.evaluate(() => location.hash), `#narrow/dm/${team.grace.id}-Grace-Hopper`);
    assert.deepEqual(await people.locator(".people-heading").allTextContents(), ["In this conversation 2", "Others 2"]);
    // The list can be hidden and shown again.
    await ada.locator("[data-testid=people-toggle]").click();
    await people.waitFor({ state: "hidden" });
    await ada.locator("[data-testid=people-toggle]").click();
    await people.waitFor();
  });

  it("shows 'is typing…' to the other person while someone types, and takes it away when the message is sent", async () => {
    await front(grace);
    await waitReady(grace, () => grace.goto(`${site}/#narrow/dm/${team.ada.id}-Ada-Lovelace`));
    const box = grace.locator("form[data-testid=compose] textarea[name=content]");
    await box.click();
    await grace.keyboard.type("On my way", { delay: 20 });
    await ada.locator("[data-testid=typing]", { hasText: "Grace Hopper is typing…" }).waitFor();
    // Not in another conversation.
    assert.equal(await ada.evaluate(() => location.hash), `#narrow/dm/${team.grace.id}-Grace-Hopper`);
    await box.press("Enter");
    await ada.locator("[data-testid=typing]").waitFor({ state: "detached" });
    await ada.locator(".message-content", { hasText: "On my way" }).waitFor();
    // In a topic too.
    await waitReady(grace, () => grace.goto(`${site}/#narrow/channel/${team.design}-design/topic/deploys`));
    await front(ada);
    await waitReady(ada, () => ada.goto(`${site}/#narrow/channel/${team.design}-design/topic/deploys`));
    await front(grace);
    await box.click();
    await grace.keyboard.type("Looking", { delay: 20 });
    await ada.locator("[data-testid=typing]", { hasText: "Grace Hopper is typing…" }).waitFor();
    // Emptying the box is a stop.
    await box.fill("");
    await ada.locator("[data-testid=typing]").waitFor({ state: "detached" });
  });

  it("opens the user list as a drawer on a phone", async () => {
    const phone = await person({ viewport: PHONE, phone: true });
    await signIn(phone, site, team.grace.email, `/#narrow/channel/${team.design}-design`);
    await front(phone);
    const people = phone.locator("[data-testid=people]");
    assert.equal(await people.isVisible(), false, "closed on a phone");
    await phone.locator("[data-testid=people-toggle]").click();
    await personRow(phone, team.ada.id).waitFor();
    await phone.waitForFunction(() => document.getAnimations().length === 0);
    const box = (await people.boundingBox())!;
    assert.ok(box.x + box.width <= PHONE.width + 1 && box.x > 0, "a drawer from the right");
    await shot(phone, "people-phone");
    await phone.keyboard.press("Escape");
    await people.waitFor({ state: "hidden" });
  });

  it("shows a person's e-mail on their card only as their visibility setting allows", async () => {
    const openCard = async (page: Page) => {
      const topic = `#narrow/channel/${team.design}-design/topic/deploys`;
      if ((await page.evaluate(() => location.hash)) !== topic) await waitReady(page, () => page.evaluate((hash) => (location.hash = hash), topic));
      await page.locator(`[data-message-id="${ids.failed}"] [data-testid=sender-name]`).click();
      // data-loaded: the card holds what GET /users/{id} answered.
      const card = page.locator("[data-testid=profile-card][data-loaded]");
      await card.locator("[data-testid=profile-role]", { hasText: "Member" }).waitFor();
      return card;
    };
    const closeCard = async (page: Page) => {
      await page.keyboard.press("Escape");
      await page.locator("[data-testid=profile-card]").waitFor({ state: "detached" });
    };
    await front(ada);
    const before = await openCard(ada);
    await before.locator("[data-testid=profile-email]", { hasText: team.grace.email }).waitFor();
    await closeCard(ada);
    // Grace lets administrators alone see her address: Ada, a member, no longer gets it.
    assert.equal((await server.call(team.grace, "PATCH", "/settings", { email_address_visibility: 3 })).status, 200);
    const hidden = await openCard(ada);
    assert.equal(await hidden.locator("[data-testid=profile-email]").count(), 0);
    await shot(ada, "profile-card-email-hidden");
    await closeCard(ada);
    // Grace still sees her own.
    await front(grace);
    const own = await openCard(grace);
    await own.locator("[data-testid=profile-email]", { hasText: team.grace.email }).waitFor();
    await closeCard(grace);
    assert.equal((await server.call(team.grace, "PATCH", "/settings", { email_address_visibility: 1 })).status, 200);
  });

  it("logs no errors", () => {
    assert.deepEqual(errors, []);
  });
});
