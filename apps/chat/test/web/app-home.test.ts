// The chat web app's home views and how it tells people about messages, two people in two
// browser contexts (Ada and Grace) on one real server: the sign-in page's quiet start (no
// refused requests, the app's own icon), sign-up's password meter, icons instead of emoji
// characters, the reconnect notice going as soon as the server answers again, the Inbox and
// Recent conversations views live, desktop notifications, and the unread count in the tab's
// title and on its icon.
// Screenshots for docs/chat-web.md with BEACON_SCREENSHOTS=1.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, seedTeam, send, signIn, skip, startServer, waitReady, type AppServer, type PersonOptions, type Team, People } from "./app-support.js";

declare const document: any;

/** Replaces the page's Notification with a subclass that records each one made. */
const RECORD_NOTIFICATIONS = `
  (() => {
    const Real = window.Notification;
    window.__notifications = [];
    class Recorded extends Real {
      constructor(title, options = {}) {
        super(title, options);
        window.__notifications.push({ title, body: options.body, tag: options.tag });
      }
      static get permission() {
        window.__notificationsAsked = true;
        return Real.permission;
      }
    }
    window.Notification = Recorded;
  })();
`;
/**
 * The tab's icon as the page sets it: the count it says it carries, whether it is a picture
 * made in the page (a data: URL), and whether that picture has the red disc at the count's
 * place (right of a one-digit number, so on the disc and off the digit).
 */
async function tabIcon(page: Page): Promise<{ count: string | null; drawn: boolean; red: boolean; href: string }> {
  return page.evaluate(async () => {
    const link = document.querySelector("link[rel=icon]");
    const href: string = link.href;
    const drawn = href.startsWith("data:image/png;");
    let red = false;
    if (drawn) {
      const image = new (globalThis as any).Image();
      image.src = href;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 64;
      const g = canvas.getContext("2d");
      g.drawImage(image, 0, 0);
      const [r, gr, b] = g.getImageData(62, 44, 1, 1).data;
      red = r > 180 && gr < 90 && b < 90;
    }
    return { count: link.dataset.count ?? null, drawn, red, href };
  });
}
/** A Notification that cannot be made from a page, as on phone browsers (service workers only). */
const REFUSE_NOTIFICATIONS = `
  (() => {
    const Real = window.Notification;
    class PageRefused extends Real {
      constructor() {
        throw new TypeError("Failed to construct 'Notification': Illegal constructor.");
      }
      static get permission() {
        window.__notificationsAsked = true;
        return Real.permission;
      }
    }
    window.Notification = PageRefused;
  })();
`;
const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe("the chat web app: home views and being told, two people at once", { skip, timeout: 420_000 }, () => {
  let server: AppServer;
  let team: Team;
  let site: string;
  let browser: Browser;
  let ada: Page;
  let grace: Page;
  let shots: string;
  const people = new People({ pointerAway: true });
  const person = (options: PersonOptions) => people.person(options);
  const front = (page: Page) => people.front(page);
  const shot = (page: Page, name: string) => people.shot(page, name);




  before(async () => {
    server = await startServer();
    site = server.site;
    team = await seedTeam(server.t);
    server.t.clock.set(new Date());
    await send(server, team.grace, "design", "launch plan", "We ship on **Thursday**.");
    await send(server, team.alan, "engineering", "deploys", "The deploy is green.");
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
    people.browser = browser;
    shots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : mkdtempSync(join(tmpdir(), "beacon-shots-"));
    people.shots = shots;
    mkdirSync(shots, { recursive: true });
  });

  after(async () => {
    await people.close();
    await browser?.close();
    await server?.close();
    if (process.env.BEACON_SCREENSHOTS !== "1" && shots) rmSync(shots, { recursive: true, force: true });
  });

  it("opens the sign-in page without a refused request and with the app's own icon", async () => {
    ada = await person({ viewport: DESKTOP });
    const refused: string[] = [];
    ada.on("response", (r) => r.status() >= 400 && refused.push(`${r.status()} ${new URL(r.url()).pathname}`));
    for (const path of ["/", "/login/"]) {
      await ada.goto(`${site}${path}`);
      await ada.locator("form[data-testid=login] h1", { hasText: "Sign in to Acme Labs" }).waitFor();
    }
    const icon = await ada.evaluate(async () => {
      const link = document.querySelector("link[rel=icon]");
      const response = await fetch(link.href);
      return { type: response.headers.get("content-type"), body: await response.text() };
    });
    assert.match(icon.type!, /^image\/svg\+xml/);
    assert.match(icon.body, /^<svg /);
    const ico = await ada.evaluate(async () => (await fetch("/favicon.ico")).status);
    assert.equal(ico, 200);
    assert.deepEqual(refused, []);
    await signIn(ada, site, team.ada.email, "/login/");
    // A reload of the signed-in page goes straight to the app (the server marks the page as
    // served to a session); a sign-out's page asks nothing of /json again.
    await waitReady(ada, () => ada.reload());
    assert.deepEqual(refused, []);
  });

  it("shows the server's password rules and a strength meter on the sign-up page", async () => {
    const link = (await server.call(team.owner, "POST", "/invites/multiuse", { stream_ids: [team.design] })).body.invite_link as string;
    const key = /\/join\/([^/]+)\/?$/.exec(link)![1];
    const page = await person({ viewport: PHONE, phone: true });
    const loaded: string[] = [];
    page.on("request", (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto(`${site}/join/${key}/`);
    const form = page.locator("form[data-testid=signup]");
    await form.locator("h1", { hasText: "Join Acme Labs" }).waitFor();
    assert.equal(await form.locator("[data-testid=password-rules]").textContent(), "At least 6 characters, and hard to guess.");
    const password = form.locator("input[name=password]");
    const strength = form.locator("[data-testid=password-strength]");
    await password.fill("abc");
    assert.match((await strength.textContent())!, /Too short/);
    await password.fill("password1");
    // (zxcvbn's chunk is large: the server compresses it when first asked, which takes a moment)
    await strength.locator(".password-verdict", { hasText: "Too weak" }).waitFor({ timeout: 40_000 });
    assert.equal(await strength.getAttribute("data-accepted"), "false");
    // The browser keeps a refused password from being sent, with the reason.
    assert.match(await password.evaluate((el: any) => el.validationMessage as string), /Too easy to guess/);
    await password.fill("lighthouse keeper's long evening");
    await strength.locator(".password-verdict", { hasText: "Strong" }).waitFor();
    assert.equal(await password.evaluate((el: any) => el.validationMessage as string), "");
    await shot(page, "sign-up-strength");
    // The estimator (zxcvbn and its word lists) is a chunk of the sign-up page alone.
    assert.ok(loaded.some((p) => /\/assets\/zxcvbn-[^/]+\.js$/.test(p)), loaded.join("\n"));
    await page.context().close();
  });

  it("draws its markers as its own icons, not emoji characters", async () => {
    await front(ada);
    await send(server, team.grace, [team.ada.id, team.alan.id], null, "A group hello");
    const secret = await server.call(team.owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "secret plans" }], invite_only: true, principals: [team.ada.id, team.owner.id] });
    assert.equal(secret.status, 200);
    const sidebar = ada.locator("nav[data-testid=sidebar]");
    await sidebar.locator("[data-testid=dm-row]", { hasText: "Grace Hopper, Alan Turing" }).waitFor();
    await sidebar.locator("[data-testid=channel-row]", { hasText: "secret plans" }).locator("svg[aria-label=private]").waitFor();
    assert.equal(await sidebar.locator("[data-testid=dm-row]", { hasText: "Grace Hopper, Alan Turing" }).locator("svg.icon").count(), 1);
    const text = (await ada.locator("main[data-testid=app]").innerText()) + (await ada.locator(".app-header").innerText());
    assert.doesNotMatch(text, /[\u{1F000}-\u{1FAFF}\u2630\u25B8\u25BE]/u, "no emoji or symbol characters in the chrome");
  });

  it("takes the reconnect notice away as soon as the server answers again, without waiting for an event", async () => {
    await front(ada);
    // The event requests fail for a while (a proxy's 502s), then pass again.
    await ada.route("**/json/events?*", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
    const notice = ada.locator(".notice[role=status]", { hasText: "Reconnecting to the server" });
    // The poll in flight ends with the next event (or the heartbeat); one makes it now.
    await send(server, team.grace, "random", "chatter", "Wakes the poll");
    await notice.waitFor({ timeout: 20_000 });
    await ada.unroute("**/json/events?*");
    // No event comes now: the notice still goes with the next answer.
    await notice.waitFor({ state: "detached", timeout: 15_000 });
  });
  /** Grace's browser sends, through the session of her page (as the compose box does). */
  async function graceSends(params: Record<string, string>): Promise<number> {
    return sendFrom(grace, params);
  }

  async function sendFrom(page: Page, params: Record<string, string>): Promise<number> {
    const body = await page.evaluate(async (p) => {
      const csrf = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
      const r = await fetch("/json/messages", { method: "POST", headers: { "X-CSRFToken": csrf }, body: new URLSearchParams(p) });
      return (await r.json()) as { id: number };
    }, params);
    return body.id;
  }

  it("lists unread conversations in the Inbox, live, and marks a topic, a channel and everything as read", async () => {
    grace = await person({ viewport: DESKTOP });
    await signIn(grace, site, team.grace.email);
    await front(ada);
    await ada.locator("[data-testid=view-inbox]").click();
    const inbox = ada.locator("[data-testid=inbox]");
    await inbox.waitFor();
    assert.equal(await ada.locator("header.app-header h1").textContent(), "Inbox");
    // (What Ada's feed showed her on sign-in is read.) Grace writes to her and in a new topic:
    // both show without a reload, direct messages first, then channels with topics and counts.
    await graceSends({ type: "private", to: JSON.stringify([team.ada.id]), content: "Got a minute?" });
    await inbox.locator("[data-testid=inbox-dm]", { hasText: "Grace Hopper" }).waitFor();
    await graceSends({ type: "stream", to: "design", topic: "colours", content: "Which blue for the logo?" });
    const design = inbox.locator(`[data-testid=inbox-channel][data-channel-id="${team.design}"]`);
    await design.locator("[data-testid=inbox-topic][data-topic=colours] [data-testid=unread-count]", { hasText: "1" }).waitFor();
    await graceSends({ type: "stream", to: "design", topic: "logo sizes", content: "And how big?" });
    await design.locator("[data-testid=inbox-topic][data-topic='logo sizes']").waitFor();
    assert.equal(await inbox.locator("section").first().getAttribute("data-testid"), "inbox-dms");
    // The tab's title carries the unread count, and so does its icon: the app's own with the
    // number drawn on a red disc.
    await ada.waitForFunction(() => /^\(\d+\) Inbox - Acme Labs - Beacon$/.test(document.title));
    const before = Number(/^\((\d+)\)/.exec(await ada.title())![1]);
    await ada.waitForFunction((n) => document.querySelector("link[rel=icon]").dataset.count === String(n), before);
    assert.deepEqual({ ...(await tabIcon(ada)), href: "" }, { count: String(before), drawn: true, red: true, href: "" });
    await shot(ada, "inbox");
    // Up and down move through the rows; Enter opens the focused one.
    await ada.keyboard.press("ArrowDown");
    assert.equal(await ada.evaluate(() => document.activeElement?.dataset.testid), "inbox-dm");
    // Mark one topic as read: it goes, and the title's count falls by one.
    await design.locator("[data-testid=inbox-topic][data-topic=colours]").locator("xpath=..").locator("[data-testid=mark-read]").click();
    await design.locator("[data-testid=inbox-topic][data-topic=colours]").waitFor({ state: "detached" });
    await ada.waitForFunction((n) => document.title.startsWith(`(${n}) `), before - 1);
    await ada.waitForFunction((n) => document.querySelector("link[rel=icon]").dataset.count === String(n), before - 1);
    // A channel, then everything.
    await design.locator(".inbox-group-header [data-testid=mark-read]").click();
    await design.waitFor({ state: "detached" });
    await inbox.locator("[data-testid=mark-all-read]").click();
    await inbox.locator("[data-testid=inbox-empty]").waitFor();
    await ada.waitForFunction(() => document.title === "Inbox - Acme Labs - Beacon");
    // Nothing unread: the icon as served again.
    await ada.waitForFunction(() => !("count" in document.querySelector("link[rel=icon]").dataset));
    const served = await tabIcon(ada);
    assert.equal(served.drawn, false);
    assert.match(served.href, /\/favicon\.svg$/);
    // Grace's next message is there at once, and opens from the inbox with Enter.
    await graceSends({ type: "stream", to: "engineering", topic: "release", content: "Release notes are up." });
    const release = inbox.locator("[data-testid=inbox-topic][data-topic=release]");
    await release.waitFor();
    await release.focus();
    await waitReady(ada, () => ada.keyboard.press("Enter"));
    assert.match(ada.url(), /#narrow\/channel\/\d+-engineering\/topic\/release$/);
    // The title names the topic as Zulip's does (the count goes as the topic is read).
    await ada.waitForFunction(() => document.title === "#engineering > release - Acme Labs - Beacon");
  });

  it("lists conversations by activity in Recent conversations, with participants and filters, live", async () => {
    await front(ada);
    await ada.locator("[data-testid=view-recent]").click();
    const recent = ada.locator("[data-testid=recent]");
    const rows = recent.locator("[data-testid=recent-row]");
    await rows.first().waitFor();
    assert.match((await rows.first().textContent())!, /release/);
    // Grace answers in an older topic: it moves to the top, with her picture and its count.
    const deploying = await graceSends({ type: "stream", to: "engineering", topic: "deploys", content: "Deploying again at five." });
    await rows.first().locator(".recent-topic", { hasText: "deploys" }).waitFor();
    const top = rows.first();
    assert.equal(await top.locator("[data-testid=unread-count]").textContent(), "1");
    assert.match((await top.locator(".recent-people").getAttribute("aria-label"))!, /^Participants: Grace Hopper, Alan Turing$/);
    await shot(ada, "recent");
    // Grace renames the topic: the row follows it, the old name leaves, the count goes along.
    const renamed = await grace.evaluate(async (id) => {
      const csrf = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
      return (await fetch(`/json/messages/${id}`, { method: "PATCH", headers: { "X-CSRFToken": csrf }, body: new URLSearchParams({ topic: "deploys at five", propagate_mode: "change_all", send_notification_to_old_thread: "false", send_notification_to_new_thread: "false" }) })).status;
    }, deploying);
    assert.equal(renamed, 200);
    await rows.first().locator(".recent-topic", { hasText: "deploys at five" }).waitFor();
    assert.equal(await rows.first().locator("[data-testid=unread-count]").textContent(), "1");
    assert.equal((await rows.locator(".recent-topic").allTextContents()).filter((t) => t === "deploys").length, 0);

    // Ada wrote in none of them: "Participated" leaves only the conversations she took part in.
    await sendFrom(ada, { type: "stream", to: "random", topic: "lunch", content: "Lunch at noon?" });
    await rows.first().locator(".recent-topic", { hasText: "lunch" }).waitFor();
    await recent.locator("[data-testid=filter-participated]").click();
    assert.deepEqual(await rows.locator(".recent-topic").allTextContents(), ["lunch"]);
    await recent.locator("[data-testid=filter-participated]").click();
    await recent.locator("[data-testid=filter-unread]").click();
    const unread = await rows.locator(".recent-topic").allTextContents();
    assert.ok(unread.includes("deploys at five") && !unread.includes("lunch"), unread.join(", "));
    await recent.locator("[data-testid=filter-unread]").click();
    // The owner deletes Grace's message: the conversation is rebuilt from Alan's, unread no more.
    assert.equal((await server.call(team.owner, "DELETE", `/messages/${deploying}`)).status, 200);
    const renamedRow = rows.filter({ has: ada.locator(".recent-topic", { hasText: "deploys at five" }) });
    await renamedRow.locator(".recent-people[aria-label='Participants: Alan Turing']").waitFor();
    assert.equal(await renamedRow.locator("[data-testid=unread-count]").count(), 0);
  });

  it("shows a desktop notification for a direct message and a mention from another person, none for a muted topic", async () => {
    // Ada's channels notify too, so that only the topic's muting keeps one quiet.
    assert.equal((await server.call(team.ada, "PATCH", "/settings", { enable_stream_desktop_notifications: true })).status, 200);
    assert.equal((await server.call(team.ada, "POST", "/user_topics", { stream_id: team.design, topic: "quiet corner", visibility_policy: 1 })).status, 200);
    const told = await person({ viewport: DESKTOP, permissions: { names: ["notifications"], origin: site } });
    // Every `new Notification(…)` is recorded; reading the permission says the notifications code
    // has started. A script's text: a function's source would carry tsx's helpers with it.
    await told.context().addInitScript({ content: RECORD_NOTIFICATIONS });
    await signIn(told, site, team.ada.email, `/#narrow/channel/${team.random}-random`);
    await told.waitForFunction(() => (globalThis as any).__notificationsAsked === true);
    assert.equal(await told.evaluate(() => (globalThis as any).Notification.permission), "granted");
    await front(grace);
    await graceSends({ type: "stream", to: "design", topic: "quiet corner", content: "Nobody needs to hear this." });
    await graceSends({ type: "stream", to: "design", topic: "colours", content: "@**Ada Lovelace** which blue?" });
    await graceSends({ type: "private", to: JSON.stringify([team.ada.id]), content: "Lunch at **one**?" });
    await told.waitForFunction(() => (globalThis as any).__notifications.length >= 2);
    // Events come in order: the muted topic's message was weighed before these two.
    const shown = await told.evaluate(() => (globalThis as any).__notifications);
    assert.deepEqual(shown, [
      { title: "Grace Hopper (#design > colours)", body: "@Ada Lovelace which blue?", tag: `beacon-${team.design}-colours` },
      { title: "Grace Hopper", body: "Lunch at one?", tag: `beacon-dm-${team.grace.id}` },
    ]);
    people.forget(told.context());
    await told.context().close();
    assert.equal((await server.call(team.ada, "PATCH", "/settings", { enable_stream_desktop_notifications: false })).status, 200);
    await front(ada);
  });

  it("keeps following new messages where the browser refuses to make a notification from the page", async () => {
    const refusing = await person({ viewport: DESKTOP, permissions: { names: ["notifications"], origin: site } });
    await refusing.context().addInitScript({ content: REFUSE_NOTIFICATIONS });
    await signIn(refusing, site, team.ada.email, `/#narrow/channel/${team.random}-random`);
    await refusing.waitForFunction(() => (globalThis as any).__notificationsAsked === true);
    // Recent conversations starts listening after the notifications code: a mention, which asks
    // for a notification, still reaches it, and the next message too.
    await refusing.goto(`${site}/#recent`);
    const rows = refusing.locator("[data-testid=recent] [data-testid=recent-row]");
    await rows.first().waitFor();
    await front(grace);
    await graceSends({ type: "stream", to: "design", topic: "phones", content: "@**Ada Lovelace** does it work on your phone?" });
    await graceSends({ type: "stream", to: "random", topic: "after phones", content: "Next one." });
    await rows.first().locator(".recent-topic", { hasText: "after phones" }).waitFor();
    assert.equal(await rows.nth(1).locator(".recent-topic").textContent(), "phones");
    people.forget(refusing.context());
    await refusing.context().close();
    await front(ada);
  });

  it("shows Inbox and Recent conversations on a phone", async () => {
    const phone = await person({ viewport: PHONE, phone: true });
    await signIn(phone, site, team.ada.email);
    await phone.goto(`${site}/#inbox`);
    await phone.locator("[data-testid=inbox]").waitFor();
    await graceSends({ type: "private", to: JSON.stringify([team.ada.id]), content: "Are you coming?" });
    await phone.locator("[data-testid=inbox-dm]", { hasText: "Grace Hopper" }).first().waitFor();
    await shot(phone, "inbox-phone");
    await phone.goto(`${site}/#recent`);
    await phone.locator("[data-testid=recent-row]").first().waitFor();
    await shot(phone, "recent-phone");
    await phone.context().close();
    await front(ada);
  });
});
