// The chat web app in a real browser, beyond the daily walk: sign-up from an invitation link,
// a long channel opened at the first unread with older history fetched on scroll while only a
// window of messages stays in the page, live reactions, edits and deletions, the mentions and
// starred views with a poll widget, and the app dark and at phone width (screenshots with
// BEACON_SCREENSHOTS=1).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { multipart } from "../api/uploads-support.js";
import { picture } from "./pictures.js";
import { launch, seedTeam, send, signIn, skip, startServer, waitReady, type AppServer, type Chromium, type Team } from "./app-support.js";

declare const document: any;

const HISTORY = 320;

describe("the chat web app: sign-up, history, live changes, views", { skip, timeout: 300_000 }, () => {
  let server: AppServer;
  let browser: Chromium;
  let page: Page;
  let team: Team;
  let site: string;
  const history: number[] = [];

  before(async () => {
    server = await startServer();
    site = server.site;
    team = await seedTeam(server.t);
    for (let i = 1; i <= HISTORY; i++) history.push(await send(server, i % 3 ? team.grace : team.alan, "engineering", "history", `Message number ${i}`));
    // Ada has read all but the last 40.
    const read = await server.call(team.ada, "POST", "/messages/flags", { messages: history.slice(0, HISTORY - 40), op: "add", flag: "read" });
    assert.equal(read.status, 200);
    browser = await launch();
    page = browser.page;
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const rendered = () => page.locator("[data-testid=message-list] [data-message-id]").count();

  it("signs up from a reusable invitation link and lands in the app", async () => {
    const link = (await server.call(team.owner, "POST", "/invites/multiuse", { stream_ids: [team.design] })).body.invite_link as string;
    const key = /\/join\/([^/]+)\/?$/.exec(link)![1];
    await page.goto(`${site}/join/${key}/`);
    const form = page.locator("form[data-testid=signup]");
    await form.locator("h1", { hasText: "Join Acme Labs" }).waitFor();
    await form.locator("input[name=email]").fill("newcomer@acme.example.com");
    await form.locator("input[name=full_name]").fill("Nia Newcomer");
    await form.locator("input[name=password]").fill("a long new password");
    await browser.shot(page, "sign-up");
    await form.locator("button[type=submit]").click();
    await page.locator("main[data-testid=app]").waitFor();
    assert.equal(new URL(page.url()).pathname, "/");
    const me = await page.evaluate(async () => ((await (await fetch("/json/users/me")).json()) as any).full_name);
    assert.equal(me, "Nia Newcomer");
    await page.locator("[data-testid=sign-out]").click();
    await page.locator("form[data-testid=login]").waitFor();
    // An e-mail invitation's link: the address is the invited one, not editable.
    assert.equal((await server.call(team.owner, "POST", "/invites", { invitee_emails: "invited@acme.example.com", stream_ids: [team.design] })).status, 200);
    const row = await server.t.deps.db.selectFrom("invites").select("confirmation_key").where("email", "=", "invited@acme.example.com").executeTakeFirstOrThrow();
    await page.goto(`${site}/accounts/do_confirm/${row.confirmation_key}`);
    const email = page.locator("form[data-testid=signup] input[name=email]");
    await page.locator("form[data-testid=signup] h1", { hasText: "Join Acme Labs" }).waitFor();
    assert.deepEqual([await email.inputValue(), await email.getAttribute("readonly")], ["invited@acme.example.com", ""]);
    await page.locator("form[data-testid=signup] input[name=full_name]").fill("Ivy Invited");
    await page.locator("form[data-testid=signup] input[name=password]").fill("another long password");
    await page.locator("form[data-testid=signup] button[type=submit]").click();
    await page.locator(`[data-testid=channel-row][data-channel-id="${team.design}"]`).waitFor();
    await page.locator("[data-testid=sign-out]").click();
    await page.locator("form[data-testid=login]").waitFor();
    // A used or unknown key says so, in the page.
    await page.goto(`${site}/accounts/do_confirm/abcdefghijklmnopqrstuvwx`);
    assert.match((await page.locator("[role=alert]").textContent()) ?? "", /expired or been deactivated/);
  });

  it("opens a long channel at the first unread and keeps only a window of messages in the page", async () => {
    await signIn(page, site, team.ada.email, `/#narrow/channel/${team.engineering}-engineering`);
    const firstUnread = history[HISTORY - 40]!;
    const target = page.locator(`[data-message-id="${firstUnread}"]`);
    await target.waitFor();
    const list = page.locator("[data-testid=message-list]");
    const [listBox, targetBox] = [await list.boundingBox(), await target.boundingBox()];
    assert.ok(targetBox!.y >= listBox!.y && targetBox!.y < listBox!.y + listBox!.height / 2, "the first unread is near the top of the view");
    assert.ok((await rendered()) <= 101);
    assert.equal(await page.locator(`[data-message-id="${history[0]}"]`).count(), 0);
  });

  it("loads older history on scroll up, to the very first message, with the page's message count bounded", async () => {
    let most = 0;
    for (let i = 0; i < 60; i++) {
      await page.locator("[data-testid=message-list]").evaluate((el) => (el.scrollTop = 0));
      await page.waitForTimeout(120);
      most = Math.max(most, await rendered());
      if (await page.locator(`[data-message-id="${history[0]}"]`).count()) break;
    }
    await page.locator(`[data-message-id="${history[0]}"]`).waitFor();
    await page.locator(".list-edge", { hasText: "beginning of the conversation" }).waitFor();
    assert.ok(most <= 150, `at most 150 messages in the page (saw ${most})`);
    assert.equal(await page.locator(`[data-message-id="${history.at(-1)}"]`).count(), 0, "the newest left the page");
    // And back down: the window slides to the newest again.
    for (let i = 0; i < 60 && !(await page.locator(`[data-message-id="${history.at(-1)}"]`).count()); i++) {
      await page.locator("[data-testid=message-list]").evaluate((el) => (el.scrollTop = el.scrollHeight));
      await page.waitForTimeout(120);
    }
    await page.locator(`[data-message-id="${history.at(-1)}"]`).waitFor();
    assert.ok((await rendered()) <= 150);
  });

  it("shows reactions, edits and deletions made elsewhere, live", async () => {
    const last = history.at(-1)!;
    const message = page.locator(`[data-message-id="${last}"]`);
    await server.call(team.grace, "POST", `/messages/${last}/reactions`, { emoji_name: "tada" });
    await server.call(team.alan, "POST", `/messages/${last}/reactions`, { emoji_name: "tada" });
    await server.call(team.ada, "POST", `/messages/${last}/reactions`, { emoji_name: "heart" });
    const tada = message.locator(".reaction", { hasText: "2" });
    await tada.waitFor();
    assert.match((await tada.getAttribute("aria-label")) ?? "", /^tada: 2/);
    assert.equal(await message.locator(".reaction.mine").getAttribute("aria-pressed"), "true");
    // Clicking one's own reaction takes it back.
    await message.locator(".reaction.mine").click();
    await message.locator(".reaction.mine").waitFor({ state: "detached" });
    // A custom emoji added after sign-in (a realm_emoji event): its uploaded picture, not ":beacon:".
    const upload = await multipart(server.t, team.owner, "POST", "/realm/emoji/beacon", [{ field: "file", fileName: "beacon.png", contentType: "image/png", data: picture("emoji") }]);
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    assert.equal((await server.call(team.grace, "POST", `/messages/${last}/reactions`, { emoji_name: "beacon" })).status, 200);
    const custom = message.locator(".reaction[aria-label^='beacon:'] img.reaction-emoji");
    await custom.waitFor();
    assert.match((await custom.getAttribute("src")) ?? "", /^\/user_avatars\/\d+\/emoji\/images\//);
    // The element can be on screen before its picture has arrived: wait for the load to end.
    const loaded = await custom.evaluate(
      (img) =>
        new Promise<boolean>((resolve) => {
          const image = img as any;
          if (image.complete) return resolve(image.naturalWidth > 0);
          image.addEventListener("load", () => resolve(image.naturalWidth > 0), { once: true });
          image.addEventListener("error", () => resolve(false), { once: true });
        }),
    );
    assert.ok(loaded, "the picture loads");
    assert.equal(await message.locator(".reaction-name").count(), 0);
    const author = last === history.at(-1) && (HISTORY % 3 ? team.grace : team.alan);
    const edited = await server.call(author as any, "PATCH", `/messages/${last}`, { content: "Message number **edited**" });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    await message.locator(".message-content strong", { hasText: "edited" }).waitFor();
    const gone = history.at(-2)!;
    await page.locator(`[data-message-id="${gone}"]`).waitFor();
    assert.equal((await server.call(team.owner, "DELETE", `/messages/${gone}`)).status, 200);
    await page.locator(`[data-message-id="${gone}"]`).waitFor({ state: "detached" });
  });

  it("lists mentions and starred messages in their views, with a poll widget drawn", async () => {
    const mention = await send(server, team.grace, "design", "reviews", "@**Ada Lovelace** please look at this");
    const poll = await send(server, team.alan, "design", "reviews", "/poll Lunch?\nPizza\nSushi");
    await page.locator("a[data-testid=view-mentions] [data-testid=unread-count]", { hasText: "1" }).waitFor();
    await waitReady(page, () => page.locator("a[data-testid=view-mentions]").click());
    await page.locator(`[data-message-id="${mention}"]`).waitFor();
    assert.equal(await rendered(), 1);
    await page.locator("a[data-testid=view-mentions] [data-testid=unread-count]").waitFor({ state: "detached" });
    await server.call(team.ada, "POST", "/messages/flags", { messages: [poll], op: "add", flag: "starred" });
    await page.locator("a[data-testid=view-starred]", { hasText: "1" }).waitFor();
    await waitReady(page, () => page.locator("a[data-testid=view-starred]").click());
    const widget = page.locator(`[data-message-id="${poll}"]`);
    await widget.locator("text=Pizza").first().waitFor();
    assert.equal(await widget.locator(".star").getAttribute("aria-pressed"), "true");
  });

  it("keeps in-app links inside messages in the app, opening the linked message in its topic", async () => {
    const target = await send(server, team.grace, "design", "reviews", "The spec is ready");
    const link = await send(server, team.alan, "random", "links", `See #**design>reviews@${target}** and #**engineering**`);
    await waitReady(page, () => page.goto(`${site}/#narrow/channel/${team.random}-random`));
    const anchor = page.locator(`[data-message-id="${link}"] .message-content a.message-link`);
    assert.equal(await anchor.getAttribute("target"), null);
    await waitReady(page, () => anchor.click());
    assert.match(page.url(), new RegExp(`#narrow/channel/${team.design}-design/topic/reviews/near/${target}$`));
    await page.locator(`[data-message-id="${target}"]`).waitFor();
    assert.equal(new URL(page.url()).origin, site);
  });

  it("shows a channel the user is subscribed to elsewhere, live", async () => {
    const res = await server.call(team.owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "announcements" }], principals: [team.ada.id] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await page.locator("[data-testid=channel-row]", { hasText: "announcements" }).waitFor();
    const names = await page.locator("[data-testid=channel-row] .row-label").allTextContents();
    assert.deepEqual(names, ["announcements", "design", "engineering", "random"]);
    // Muted elsewhere: dimmed here, and its unread messages leave the combined feed's count.
    const feedCount = page.locator("a[data-testid=view-all] [data-testid=unread-count]");
    const feed = async () => ((await feedCount.count()) ? Number(await feedCount.textContent()) : 0);
    await send(server, team.grace, "engineering", "fresh", "One more unread");
    await page.locator(`[data-testid=channel-row][data-channel-id="${team.engineering}"] [data-testid=unread-count]`).waitFor();
    await page.waitForTimeout(600); // the messages on screen have been marked read by now
    const before = await feed();
    const engineering = Number(await page.locator(`[data-testid=channel-row][data-channel-id="${team.engineering}"] [data-testid=unread-count]`).textContent());
    const muted = await server.call(team.ada, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: team.engineering, property: "is_muted", value: true }] });
    assert.equal(muted.status, 200, JSON.stringify(muted.body));
    await page.locator(`li.muted [data-testid=channel-row][data-channel-id="${team.engineering}"]`).waitFor();
    assert.equal(await feed(), before - engineering);
    assert.equal(await page.locator("li.muted [data-testid=channel-row]").evaluate((el) => (globalThis as any).getComputedStyle(el).opacity), "0.55");
  });

  it("follows the system's dark theme and works at phone width with the sidebar as a drawer", async () => {
    await waitReady(page, () => page.goto(`${site}/#narrow/channel/${team.design}-design/topic/reviews`));
    await page.emulateMedia({ colorScheme: "dark" });
    const background = await page.evaluate(() => (globalThis as any).getComputedStyle(document.body).backgroundColor);
    assert.notEqual(background, "rgb(255, 255, 255)");
    await browser.shot(page, "dark");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForTimeout(300); // the drawer's slide out, from the wide layout
    const sidebar = page.locator("nav[data-testid=sidebar]");
    assert.equal(await sidebar.isVisible() && (await sidebar.boundingBox())!.x >= 0, false, "the sidebar is off screen");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `nothing wider than the phone (${width})`);
    await browser.shot(page, "phone");
    await page.getByRole("button", { name: "Channels and conversations" }).click();
    await page.waitForTimeout(250);
    assert.ok((await sidebar.boundingBox())!.x >= 0);
    // The page behind the open drawer is dimmed; a tap on it closes the drawer.
    const scrim = page.getByTestId("sidebar-scrim");
    assert.match(await scrim.evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor), /^rgba\(.*, 0\.4\)$/);
    await browser.shot(page, "phone-sidebar");
    await scrim.click({ position: { x: 340, y: 400 } });
    await page.waitForTimeout(250);
    assert.ok((await sidebar.boundingBox())!.x < 0, "a tap beside the drawer closes it");
    assert.equal(await scrim.count(), 0);
    await page.getByRole("button", { name: "Channels and conversations" }).click();
    await page.waitForTimeout(250);
    await waitReady(page, () => page.locator(`[data-testid=channel-row][data-channel-id="${team.engineering}"]`).click());
    await page.waitForTimeout(250);
    assert.ok((await sidebar.boundingBox())!.x < 0, "choosing a channel closes the drawer");
    // A channel with no messages, dark, on the phone: says so.
    const empty = (await server.call(team.ada, "GET", "/get_stream_id", { stream: "announcements" })).body.stream_id;
    await page.emulateMedia({ colorScheme: "dark" });
    await waitReady(page, () => page.goto(`${site}/#narrow/channel/${empty}-announcements`));
    await page.locator(".list-empty", { hasText: "No messages here yet." }).waitFor();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360);
    await browser.shot(page, "phone-dark-empty");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1100, height: 760 });
  });

  it("reaches the controls by keyboard, with visible focus", async () => {
    await page.goto(`${site}/#narrow/channel/${team.design}-design`);
    await page.reload();
    await waitReady(page);
    const seen: string[] = [];
    // The top bar comes first (menu, search, settings, people, sign out, a notifications banner), then the sidebar.
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press("Tab");
      seen.push(await page.evaluate(() => {
        const el = document.activeElement;
        const outline = (globalThis as any).getComputedStyle(el).outlineStyle;
        return `${el.dataset.testid ?? el.getAttribute("aria-label") ?? el.textContent.trim()}|${outline}`;
      }));
    }
    assert.ok(seen.some((s) => s.startsWith("sign-out|")), seen.join(", "));
    assert.ok(seen.some((s) => s.startsWith("view-all|")), seen.join(", "));
    assert.ok(seen.every((s) => !s.endsWith("|none")), `every focused control shows it: ${seen.join(", ")}`);
  });

  it("offers the new messages below a view opened far back, reachable by keyboard, and jumps to them", async () => {
    const old = history[100]!;
    await waitReady(page, () => page.goto(`${site}/#narrow/channel/${team.engineering}-engineering/near/${old}`));
    await page.locator(`[data-message-id="${old}"]`).waitFor();
    // Opened at it: the message shows below the sticky recipient header, not under it.
    const [header, target] = [await page.locator("[data-testid=recipient-header]").first().boundingBox(), await page.locator(`[data-message-id="${old}"]`).boundingBox()];
    assert.ok(target!.y >= header!.y + header!.height - 1, `${target!.y} under the header ending at ${header!.y + header!.height}`);
    assert.equal(await page.locator("[data-testid=jump-present]").count(), 0, "nothing new yet");
    // The newest end is not loaded: the message is not put in the page, but announced.
    const fresh = await send(server, team.grace, "engineering", "history", "Brand new at the bottom");
    const jump = page.getByRole("button", { name: /^1 new message below/ });
    await jump.waitFor();
    assert.equal(await page.locator(`[data-message-id="${fresh}"]`).count(), 0);
    await jump.focus();
    await browser.shot(page, "new-below");
    await waitReady(page, () => page.keyboard.press("Enter"));
    await page.locator(`[data-message-id="${fresh}"]`).waitFor();
    assert.equal(await page.locator(`[data-message-id="${old}"]`).count(), 0, "the old window is gone");
    assert.equal(await page.locator("[data-testid=jump-present]").count(), 0);
    // At the bottom with the newest loaded, new messages just appear, with no button.
    const next = await send(server, team.alan, "engineering", "history", "And one more");
    await page.locator(`[data-message-id="${next}"]`).waitFor();
    await page.waitForTimeout(200);
    assert.equal(await page.locator("[data-testid=jump-present]").count(), 0);
    // Scrolled up, with the newest loaded: a new message is announced too.
    await page.locator("[data-testid=message-list]").evaluate((el) => (el.scrollTop = 0));
    await page.waitForTimeout(200);
    const third = await send(server, team.grace, "engineering", "history", "Below the screen");
    await page.getByRole("button", { name: /^1 new message below/ }).click();
    await page.waitForFunction((id) => {
      const el = document.querySelector(`[data-message-id="${id}"]`);
      const box = el?.closest("[data-testid=message-list]")?.getBoundingClientRect();
      return el && box && el.getBoundingClientRect().bottom <= box.bottom + 1;
    }, third);
  });

  it("ran without a script error or a Content-Security-Policy refusal", () => {
    assert.deepEqual(browser.errors, []);
  });
});
