// The chat web app in a real browser (Debian's chromium via playwright-core) against a real
// chat server on a real port and a real database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): a person signs in, reads a channel with rendered Markdown, sends to a
// topic, sees another user's message arrive live, reads a direct message, watches unread
// counts fall, keeps their draft through a server restart, and signs out.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launch, seedTeam, send, signIn, skip, startServer, waitReady, type AppServer, type Chromium, type Team } from "./app-support.js";

declare const document: any;

describe("the chat web app: a day's walk", { skip, timeout: 300_000 }, () => {
  let server: AppServer;
  let browser: Chromium;
  let page: Page;
  let team: Team;
  let site: string;
  const ids: Record<string, number> = {};

  before(async () => {
    server = await startServer();
    site = server.site;
    team = await seedTeam(server.t);
    ids.plan = await send(server, team.grace, "design", "launch plan", "## Launch plan\nWe ship **Thursday**. Check `npm run build` first:\n```js\nconst ready = true;\n```\n> measure twice");
    ids.table = await send(server, team.alan, "design", "launch plan", "| step | owner |\n|--|--|\n| build | @**Ada Lovelace** |\n| announce | Grace |");
    ids.colours = await send(server, team.grace, "design", "colours", "Which blue do we pick? :thinking:");
    ids.deploy = await send(server, team.alan, "engineering", "deploys", "Deploy went fine.");
    ids.dm = await send(server, team.grace, [team.ada.id], null, "Hi Ada, lunch at noon?");
    browser = await launch();
    page = browser.page;
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const channelCount = (id: number) => page.locator(`[data-testid=channel-row][data-channel-id="${id}"] [data-testid=unread-count]`);

  it("shows the sign-in page, refuses a wrong password with the server's message, and signs in", async () => {
    await page.goto(`${site}/`);
    const form = page.locator("form[data-testid=login]");
    await form.locator("input[name=username]").fill(team.ada.email);
    await form.locator("input[name=password]").fill("wrong password");
    await form.locator("button[type=submit]").click();
    assert.match((await page.locator("[role=alert]").textContent()) ?? "", /password|credentials|authentic/i);
    await browser.shot(page, "sign-in");
    // Straight to a quiet channel: the combined feed would show (and so read) everything.
    await signIn(page, site, team.ada.email, `/#narrow/channel/${team.random}-random`);
    assert.equal(new URL(page.url()).pathname, "/");
    assert.match(await page.locator("[data-testid=message-list]").textContent() ?? "", /No messages here yet/);
    const channels = await page.locator("[data-testid=channel-row]").allTextContents();
    assert.deepEqual(channels.map((c) => c.replace(/\d+$/, "").replace(/^#/, "").trim()), ["design", "engineering", "random"]);
    assert.equal(await channelCount(team.design).textContent(), "3");
    assert.equal(await channelCount(team.engineering).textContent(), "1");
    assert.equal(await channelCount(team.random).count(), 0);
    assert.equal(await page.locator("[data-testid=dm-row] [data-testid=unread-count]").textContent(), "1");
  });

  it("reads a channel: recipient headers, senders, the server's Markdown rendered and styled", async () => {
    await waitReady(page, () => page.locator(`[data-testid=channel-row][data-channel-id="${team.design}"]`).click());
    assert.match(page.url(), new RegExp(`#narrow/channel/${team.design}-design$`));
    const list = page.locator("[data-testid=message-list]");
    await list.locator(`[data-message-id="${ids.plan}"]`).waitFor();
    const headers = await list.locator("[data-testid=recipient-header]").allTextContents();
    assert.ok(headers[0]!.includes("#design") && headers[0]!.includes("launch plan"), headers.join(" | "));
    assert.ok(headers.some((h) => h.includes("colours")));
    const plan = list.locator(`[data-message-id="${ids.plan}"]`);
    assert.equal(await plan.locator(".message-content h2").textContent(), "Launch plan");
    assert.equal(await plan.locator(".message-content strong").textContent(), "Thursday");
    assert.ok(await plan.locator(".message-content .codehilite").count());
    assert.match((await plan.textContent()) ?? "", /Grace Hopper/);
    const mention = list.locator(`[data-message-id="${ids.table}"] .message-content .user-mention`);
    assert.equal(await mention.textContent(), "@Ada Lovelace");
    // The sidebar lists the channel's topics with their counts.
    const topics = await page.locator("[data-testid=topic-row]").allTextContents();
    assert.ok(topics.some((t) => t.startsWith("launch plan")) && topics.some((t) => t.startsWith("colours")), topics.join(" | "));
    await browser.shot(page, "channel");
  });

  it("marks what was shown as read: the counts fall in the sidebar and on the server", async () => {
    await channelCount(team.design).waitFor({ state: "detached" });
    // The sidebar falls as soon as the app sends the flags; the server's answer may come later.
    const unreadOnServer = async () => {
      const res = await server.call(team.ada, "GET", "/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow: [{ operator: "channel", operand: "design" }] });
      return res.body.messages.filter((m: any) => !m.flags.includes("read")).map((m: any) => m.id);
    };
    let unread = await unreadOnServer();
    for (let i = 0; i < 100 && unread.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      unread = await unreadOnServer();
    }
    assert.deepEqual(unread, []);
    assert.equal(await channelCount(team.engineering).textContent(), "1", "other channels keep theirs");
  });

  it("sends to a topic with Enter, shows it at once, then the server's rendered copy", async () => {
    await waitReady(page, () => page.locator("[data-testid=topic-row]", { hasText: "launch plan" }).click());
    assert.match(page.url(), /\/topic\/launch\.20plan$/);
    const compose = page.locator("form[data-testid=compose]");
    assert.equal(await compose.locator("input[name=topic]").inputValue(), "launch plan");
    const box = compose.locator("textarea[name=content]");
    await box.fill("Sounds **good**");
    await box.press("Shift+Enter");
    await box.pressSequentially("see you");
    assert.equal(await box.inputValue(), "Sounds **good**\nsee you");
    await box.press("Enter");
    assert.equal(await box.inputValue(), "");
    const sent = page.locator("[data-testid=message-list] [data-message-id] .message-content strong", { hasText: "good" });
    await sent.waitFor();
    await page.locator("[data-local-id]").waitFor({ state: "detached" });
    const last = await server.call(team.ada, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0 });
    assert.equal(last.body.messages[0].content, "<p>Sounds <strong>good</strong><br>\nsee you</p>");
    assert.equal(last.body.messages[0].subject, "launch plan");
  });

  it("receives another user's message live, and it is read while on screen", async () => {
    const id = await send(server, team.grace, "design", "launch plan", "Great, see you *there*");
    const message = page.locator(`[data-message-id="${id}"]`);
    await message.waitFor();
    assert.equal(await message.locator(".message-content em").textContent(), "there");
    await page.waitForFunction(async (messageId) => {
      const res = await fetch(`/json/messages/${messageId}`);
      const body = (await res.json()) as any;
      return body.message?.flags?.includes("read");
    }, id);
  });

  it("reads a direct message; the conversation's count falls", async () => {
    const row = page.locator("[data-testid=dm-row]", { hasText: "Grace Hopper" });
    assert.equal(await row.locator("[data-testid=unread-count]").textContent(), "1");
    await waitReady(page, () => row.click());
    assert.match(page.url(), new RegExp(`#narrow/dm/${team.grace.id}-Grace-Hopper$`));
    await page.locator(`[data-message-id="${ids.dm}"]`).waitFor();
    assert.match((await page.locator("[data-testid=recipient-header]").first().textContent()) ?? "", /You and Grace Hopper/);
    await row.locator("[data-testid=unread-count]").waitFor({ state: "detached" });
    assert.deepEqual(await page.locator("form[data-testid=compose] [data-testid=recipient-pill]").allTextContents(), ["Grace Hopper×"]);
    await browser.shot(page, "direct-message");
  });

  it("follows URL fragments and the back button", async () => {
    await waitReady(page, () => page.goto(`${site}/#narrow/channel/${team.engineering}-engineering/topic/deploys`));
    await page.locator(`[data-message-id="${ids.deploy}"]`).waitFor();
    await waitReady(page, () => page.goBack());
    await page.locator(`[data-message-id="${ids.dm}"]`).waitFor();
    assert.match(page.url(), /#narrow\/dm\//);
  });

  it("keeps the narrow and the draft through a server restart, and sends after it", async () => {
    await waitReady(page, () => page.goto(`${site}/#narrow/channel/${team.design}-design/topic/launch.20plan`));
    const box = page.locator("form[data-testid=compose] textarea[name=content]");
    await box.fill("half-written thought");
    await server.restart();
    // Sent while the page's queue is gone: it must re-register to see this one.
    const id = await send(server, team.alan, "design", "launch plan", "Back after the restart");
    await page.locator(`[data-message-id="${id}"]`).waitFor({ timeout: 30_000 });
    assert.equal(await box.inputValue(), "half-written thought");
    assert.match(page.url(), /\/topic\/launch\.20plan$/);
    // A reload keeps the draft too (localStorage), and it holds no credential.
    await page.reload();
    await waitReady(page);
    assert.equal(await page.locator("form[data-testid=compose] textarea[name=content]").inputValue(), "half-written thought");
    const stored = await page.evaluate(() => JSON.stringify({ ...(globalThis as any).localStorage }));
    assert.doesNotMatch(stored, new RegExp(team.ada.apiKey));
    await box.press("Enter");
    await page.locator("[data-message-id] .message-content", { hasText: "half-written thought" }).waitFor();
  });

  it("shows a message the server did not get as not sent, and sends it on Retry", async () => {
    const box = page.locator("form[data-testid=compose] textarea[name=content]");
    await server.stop();
    await box.fill("Written while offline");
    await box.press("Enter");
    const echo = page.locator("[data-local-id].failed", { hasText: "Written while offline" });
    await echo.waitFor();
    assert.match((await echo.getByRole("alert").textContent()) ?? "", /^Not sent: The server cannot be reached\./);
    assert.equal(await echo.getAttribute("aria-label"), "Not sent");
    await browser.shot(page, "send-failed");
    await server.start();
    await echo.getByRole("button", { name: "Retry" }).click();
    await page.locator("[data-message-id] .message-content", { hasText: "Written while offline" }).waitFor({ timeout: 30_000 });
    await page.locator("[data-local-id]").waitFor({ state: "detached" });
    const last = await server.call(team.ada, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0 });
    assert.equal(last.body.messages[0].content, "<p>Written while offline</p>");
    // Discard gives the words back to an empty compose box.
    await server.stop();
    await box.fill("Never mind");
    await box.press("Enter");
    await page.locator("[data-local-id].failed").getByRole("button", { name: "Discard" }).click();
    assert.equal(await page.locator("[data-local-id]").count(), 0);
    assert.equal(await box.inputValue(), "Never mind");
    await box.fill("");
    await server.start();
  });

  it("sends a direct message to two people, named by email and by full name", async () => {
    const compose = page.locator("form[data-testid=compose]");
    await compose.getByRole("button", { name: "Direct" }).click();
    await compose.locator("input[name=to]").fill(`${team.grace.email}, Alan Turing`);
    // The typeahead offers the last name typed: Enter makes pills of both, a second goes on.
    await page.locator("[data-testid=typeahead] [role=option][aria-selected=true]", { hasText: "Alan Turing" }).waitFor();
    await compose.locator("input[name=to]").press("Enter");
    assert.deepEqual(await compose.locator("[data-testid=recipient-pill]").allTextContents(), ["Grace Hopper×", "Alan Turing×"]);
    await compose.locator("input[name=to]").press("Enter");
    const box = compose.locator("textarea[name=content]");
    assert.equal(await page.evaluate(() => document.activeElement.name), "content", "Enter in the recipients goes on to the message");
    await box.fill("Lunch for three?");
    await box.press("Enter");
    const row = page.locator("[data-testid=dm-row]", { hasText: "Grace Hopper, Alan Turing" });
    await row.waitFor();
    await waitReady(page, () => row.click());
    assert.match(page.url(), new RegExp(`#narrow/dm/${Math.min(team.grace.id, team.alan.id)},${Math.max(team.grace.id, team.alan.id)}-group$`));
    await page.locator("[data-message-id] .message-content", { hasText: "Lunch for three?" }).waitFor();
    const sent = await server.call(team.alan, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0 });
    assert.deepEqual(sent.body.messages[0].display_recipient.map((r: any) => r.id).sort(), [team.ada.id, team.grace.id, team.alan.id].sort());
  });

  it("signs out: the session ends and the sign-in page comes back", async () => {
    await page.locator("[data-testid=sign-out]").click();
    await page.locator("form[data-testid=login]").waitFor();
    const status = await page.evaluate(async () => (await fetch("/json/users/me")).status);
    assert.equal(status, 401);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.ready), undefined);
  });

  it("ran without a script error or a Content-Security-Policy refusal", () => {
    assert.deepEqual(browser.errors, []);
  });
});
