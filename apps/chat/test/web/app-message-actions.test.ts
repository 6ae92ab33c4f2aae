// Acting on messages in the chat web app, two people in two browser contexts (Ada and Grace) on
// one real server: reactions through the emoji picker, edits in place within and past the
// organization's limit, deletes, quote and reply, copy link, mark unread from here, star, edit
// history, read receipts, moving/renaming/resolving topics, the reading keys, where a sent
// message goes (followed in the open view, a banner when it went elsewhere), the sidebar after a
// move and the message density; on a desktop and on a phone. Screenshots for docs/chat.md with BEACON_SCREENSHOTS=1.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, seedTeam, send, signIn, skip, startServer, waitReady, type AppServer, type Team, People } from "./app-support.js";

declare const document: any;
declare const navigator: any;
declare const requestAnimationFrame: (callback: () => void) => number;

const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe("the chat web app: acting on messages, two people at once", { skip, timeout: 420_000 }, () => {
  let server: AppServer;
  let team: Team;
  let site: string;
  let browser: Browser;
  let ada: Page;
  let grace: Page;
  let shots: string;
  const people = new People({ pointerAway: false });
  const { errors } = people;
  const person = (options: { viewport: { width: number; height: number }; phone?: boolean }) => people.person({ ...options, permissions: { names: ["clipboard-read", "clipboard-write"], origin: site } });
  const front = (page: Page) => people.front(page);
  const shot = (page: Page, name: string) => people.shot(page, name);
  const ids: Record<string, number> = {};
  /** Every URL Ada's page asked for. */
  const adaRequests: string[] = [];



  /** Sends as if `minutes` ago (the server's clock is a fake one, set to the real time here). */
  async function sendAgo(minutes: number, ...args: Parameters<typeof send> extends [unknown, ...infer R] ? R : never): Promise<number> {
    server.t.clock.set(new Date(Date.now() - minutes * 60_000));
    try {
      return await send(server, ...args);
    } finally {
      server.t.clock.set(new Date());
    }
  }

  const setEditLimit = async (seconds: number) => assert.equal((await server.call(team.owner, "PATCH", "/realm", { message_content_edit_limit_seconds: seconds })).status, 200);

  const row = (page: Page, id: number) => page.locator(`[data-message-id="${id}"]`);

  /**
   * Brings a person's window to the front before acting in it. Two windows of one headless
   * browser: the one behind draws no frames (its DOM still follows the events, which is what
   * the checks on it read), and a page without frames never runs what waits for one.
   */

  async function openMenu(page: Page, id: number): Promise<void> {
    await front(page);
    await row(page, id).hover();
    await row(page, id).locator("[data-testid=message-more]").click();
    await page.locator("[data-testid=message-menu]").waitFor();
  }

  before(async () => {
    server = await startServer();
    site = server.site;
    team = await seedTeam(server.t);
    // The pages count edit limits from their own clock: the server's (a fake one) starts at it.
    server.t.clock.set(new Date());
    await setEditLimit(3600);
    ids.plan = await send(server, team.grace, "design", "launch plan", "We ship on **Thursday**.");
    ids.follow = await send(server, team.grace, "design", "launch plan", "Short follow-up");
    ids.third = await send(server, team.grace, "design", "launch plan", "And one more thing");
    ids.mine = await send(server, team.ada, "design", "launch plan", "Ada's first draft: `v1`");
    ids.colours = await send(server, team.alan, "design", "colours", "Which blue?");
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
    people.browser = browser;
    shots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : mkdtempSync(join(tmpdir(), "beacon-shots-"));
    people.shots = shots;
    mkdirSync(shots, { recursive: true });
    ada = await person({ viewport: DESKTOP });
    ada.on("request", (r) => adaRequests.push(r.url()));
    grace = await person({ viewport: DESKTOP });
    await signIn(ada, site, team.ada.email, `/#narrow/channel/${team.design}-design/topic/launch.20plan`);
    await signIn(grace, site, team.grace.email, `/#narrow/channel/${team.design}-design/topic/launch.20plan`);
    await front(ada);
  });

  after(async () => {
    await people.close();
    await browser?.close();
    await server?.close();
    if (process.env.BEACON_SCREENSHOTS !== "1" && shots) rmSync(shots, { recursive: true, force: true });
  });

  it("loads the emoji picker's code and names only when first wanted, then reacts; the other person sees it live and joins", async () => {
    // A fresh page with the pointer away from the messages: the picker's code and the emoji
    // names are not part of the first view (they load once the pointer comes over a message).
    await ada.mouse.move(0, 0);
    adaRequests.length = 0;
    await waitReady(ada, () => ada.reload());
    const loaded = () => adaRequests.filter((url) => /\/Picker-[^/]*\.js$|emoji_api\.json$/.test(url)).length;
    assert.ok(adaRequests.some((url) => /\/index-[^/]*\.js$/.test(url)), "the page's script was fetched again");
    assert.equal(loaded(), 0, "nothing of the picker with the first view");
    await row(ada, ids.plan).hover();
    await row(ada, ids.plan).locator("[data-testid=add-reaction]").click();
    const picker = ada.locator("[data-testid=emoji-picker]");
    await picker.locator("[data-emoji-name]").first().waitFor();
    assert.equal(loaded(), 2);
    // Frequently used first (Zulip's popular set for a newcomer), then the full table.
    assert.deepEqual(await picker.locator("section h3").allTextContents(), ["Frequently used", "All emoji"]);
    assert.equal(await picker.locator("section").first().locator("[data-emoji-name]").first().getAttribute("data-emoji-name"), "+1");
    await shot(ada, "emoji-picker");
    await picker.locator("input[type=search]").fill("octo");
    await picker.locator("[data-emoji-name=octopus]").waitFor();
    assert.equal(await picker.locator(".emoji-preview-name").textContent(), ":octopus:");
    await ada.keyboard.press("Enter");
    await picker.waitFor({ state: "detached" });
    const octopus = (page: Page) => row(page, ids.plan).locator(".reaction[aria-label^='octopus:']");
    await octopus(grace).waitFor();
    assert.match((await octopus(grace).getAttribute("aria-label")) ?? "", /^octopus: 1 \(Ada Lovelace\)/);
    await front(grace);
    await octopus(grace).click();
    await front(ada);
    await row(ada, ids.plan).locator(".reaction[aria-label^='octopus: 2']").waitFor();
    await octopus(ada).click();
    await row(grace, ids.plan).locator(".reaction[aria-label^='octopus: 1 (Grace Hopper)']").waitFor();
    // The keyboard: arrows move the highlight, Enter picks it; a second pick comes first next time.
    await row(ada, ids.plan).hover();
    await row(ada, ids.plan).locator("[data-testid=add-reaction]").click();
    await picker.locator("section").first().locator("[data-emoji-name=octopus]").waitFor();
    assert.equal(await picker.locator("section").first().locator("[data-emoji-name]").first().getAttribute("data-emoji-name"), "octopus");
    await ada.keyboard.press("ArrowRight");
    const second = await picker.locator("button.active[data-index='1']").getAttribute("data-emoji-name");
    assert.notEqual(second, "octopus");
    await ada.keyboard.press("Enter");
    await row(grace, ids.plan).locator(`.reaction[aria-label^='${second}: 1 (Ada Lovelace)']`).waitFor();
    // Esc closes the picker without a pick.
    await row(ada, ids.plan).hover();
    await row(ada, ids.plan).locator("[data-testid=add-reaction]").click();
    await picker.waitFor();
    await ada.keyboard.press("Escape");
    await picker.waitFor({ state: "detached" });
  });

  it("edits one's own message in place within the limit; the other person sees the edit live", async () => {
    await row(ada, ids.mine).hover();
    await row(ada, ids.mine).locator("[data-testid=edit-message]").click();
    const box = row(ada, ids.mine).locator("[data-testid=message-editor] textarea");
    await ada.waitForFunction((id) => document.querySelector(`[data-message-id="${id}"] textarea`)?.value === "Ada's first draft: `v1`", ids.mine);
    // The hour's limit counts from the send, in before(): minutes of it pass on a loaded machine.
    const left = /^(\d+) min left to edit$/.exec((await row(ada, ids.mine).locator(".editor-time").textContent()) ?? "");
    assert.ok(left && Number(left[1]) > 45 && Number(left[1]) <= 60, left?.[0]);
    await box.fill("Ada's second draft: `v2`");
    await box.press("Enter");
    await row(ada, ids.mine).locator("[data-testid=message-editor]").waitFor({ state: "detached" });
    await row(grace, ids.mine).locator(".message-content code", { hasText: "v2" }).waitFor();
    await row(grace, ids.mine).locator(".edited", { hasText: "(edited)" }).waitFor();
    // Only one's own messages offer editing.
    await row(ada, ids.plan).hover();
    assert.equal(await row(ada, ids.plan).locator("[data-testid=edit-message]").count(), 0);
  });

  it("stops offering an edit past the organization's limit, and shows the server's refusal when the limit passes while editing", async () => {
    const aged = await sendAgo(10, team.ada, "design", "launch plan", "Written ten minutes ago");
    await row(ada, aged).hover();
    await row(ada, aged).locator("[data-testid=edit-message]").click();
    const box = row(ada, aged).locator("[data-testid=message-editor] textarea");
    await ada.waitForFunction((id) => document.querySelector(`[data-message-id="${id}"] textarea`)?.value === "Written ten minutes ago", aged);
    // The organization shortens the limit to five minutes meanwhile (a realm event).
    await setEditLimit(300);
    await row(ada, aged).locator(".editor-time", { hasText: "The time limit for editing has passed" }).waitFor();
    await box.fill("Too late now");
    await box.press("Enter");
    await row(ada, aged).locator(".editor-error", { hasText: "The time limit for editing this message has passed" }).waitFor();
    assert.equal(await box.inputValue(), "Too late now", "the words are kept");
    await ada.keyboard.press("Escape");
    await row(ada, aged).locator("[data-testid=message-editor]").waitFor({ state: "detached" });
    await row(ada, aged).hover();
    assert.equal(await row(ada, aged).locator("[data-testid=edit-message]").count(), 0);
    await openMenu(ada, aged);
    assert.equal(await ada.locator("[data-testid=menu-edit]").count(), 0);
    await ada.keyboard.press("Escape");
    await setEditLimit(3600);
    assert.equal((await server.call(team.ada, "DELETE", `/messages/${aged}`)).status, 200);
    await row(ada, aged).waitFor({ state: "detached" });
  });

  it("deletes with a confirmation; the other person's view drops it, and an edit open on it there is cancelled", async () => {
    const doomed = await send(server, team.grace, "design", "launch plan", "Typo-ridden message");
    await row(ada, doomed).waitFor();
    // Grace starts editing it while an administrator deletes it: her editor goes with it.
    await front(grace);
    await row(grace, doomed).hover();
    await row(grace, doomed).locator("[data-testid=edit-message]").click();
    await row(grace, doomed).locator("[data-testid=message-editor]").waitFor();
    await front(ada);
    assert.equal((await server.call(team.owner, "DELETE", `/messages/${doomed}`)).status, 200);
    await row(grace, doomed).waitFor({ state: "detached" });
    await row(ada, doomed).waitFor({ state: "detached" });
    assert.equal(await grace.locator("[data-testid=message-editor]").count(), 0);
    // Ada deletes her own message from its menu, after confirming.
    const own = await send(server, team.ada, "design", "launch plan", "Never mind");
    await row(grace, own).waitFor();
    await openMenu(ada, own);
    await ada.locator("[data-testid=menu-delete]").click();
    const dialog = ada.locator("[data-testid=delete-dialog]");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await row(ada, own).count(), 1);
    await openMenu(ada, own);
    await ada.locator("[data-testid=menu-delete]").click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await row(grace, own).waitFor({ state: "detached" });
    await row(ada, own).waitFor({ state: "detached" });
    // Nobody is offered deleting someone else's message without the permission.
    await openMenu(ada, ids.plan);
    assert.equal(await ada.locator("[data-testid=menu-delete]").count(), 0);
    await ada.keyboard.press("Escape");
  });

  it("quotes a message into the compose box as Zulip's quote block, pointed at its topic", async () => {
    await openMenu(ada, ids.plan);
    await ada.locator("[data-testid=menu-quote]").click();
    const box = ada.locator("form[data-testid=compose] textarea[name=content]");
    const link = `${site}/#narrow/channel/${team.design}-design/topic/launch.20plan/near/${ids.plan}`;
    const expected = `@_**Grace Hopper|${team.grace.id}** [said](${link}):\n\`\`\`quote\nWe ship on **Thursday**.\n\`\`\`\n`;
    await ada.waitForFunction((want) => document.querySelector("form[data-testid=compose] textarea[name=content]")?.value === want, expected);
    assert.equal(await ada.locator("form[data-testid=compose] input[name=topic]").inputValue(), "launch plan");
    assert.equal(await ada.evaluate(() => document.activeElement?.name), "content");
    await box.fill("");
  });

  it("copies a link to the message", async () => {
    await openMenu(ada, ids.follow);
    await shot(ada, "message-menu");
    await ada.locator("[data-testid=menu-copy-link]").click();
    await ada.locator("[data-testid=toast]", { hasText: "Link copied" }).waitFor();
    assert.equal(await ada.evaluate(() => navigator.clipboard.readText()), `${site}/#narrow/channel/${team.design}-design/topic/launch.20plan/near/${ids.follow}`);
  });

  it("marks messages unread from one on, and keeps them unread while they stay on screen", async () => {
    const count = ada.locator("[data-testid=topic-row]", { hasText: "launch plan" }).locator("[data-testid=unread-count]");
    assert.equal(await count.count(), 0);
    await openMenu(ada, ids.follow);
    await ada.locator("[data-testid=menu-unread]").click();
    // From the follow-up to the end of the topic: Grace's two, Ada's own edited one.
    await count.filter({ hasText: "3" }).waitFor();
    await row(ada, ids.follow).and(ada.locator("[data-unread]")).waitFor();
    assert.equal(await row(ada, ids.plan).getAttribute("data-unread"), null);
    await ada.waitForTimeout(700); // longer than the read-marking batch (250 ms)
    assert.equal(await count.textContent(), "3");
    const flags = (await server.call(team.ada, "GET", `/messages/${ids.third}`)).body.message.flags as string[];
    assert.ok(!flags.includes("read"), flags.join());
  });

  it("stars and unstars a message, on the message and in the starred view's count", async () => {
    await openMenu(ada, ids.third);
    await ada.locator("[data-testid=menu-star]", { hasText: "Star message" }).click();
    await row(ada, ids.third).locator(".star.on").waitFor();
    await ada.locator("a[data-testid=view-starred]", { hasText: "1" }).waitFor();
    await openMenu(ada, ids.third);
    await ada.locator("[data-testid=menu-star]", { hasText: "Unstar message" }).click();
    await row(ada, ids.third).locator(".star.on").waitFor({ state: "detached" });
  });

  it("shows read receipts by name", async () => {
    await openMenu(grace, ids.plan);
    await grace.locator("[data-testid=menu-receipts]").click();
    const dialog = grace.locator("[data-testid=read-receipts]");
    await dialog.locator("[data-testid=read-receipt-list] li").first().waitFor();
    // compat: the sender is not listed (Zulip's read receipts leave them out).
    assert.equal(await dialog.locator(".dialog-text").textContent(), "This message has been read by 1 person:");
    assert.deepEqual(await dialog.locator("[data-testid=read-receipt-list] .person-name").allTextContents(), ["Ada Lovelace"]);
    await grace.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await front(ada);
  });

  it("resolves, renames and moves a topic from its header; both people follow, and the sidebar drops the old name at once", async () => {
    const topics = (page: Page) => page.locator(`li:has([data-testid=channel-row][data-channel-id="${team.design}"]) [data-testid=topic-row] .row-label`).allTextContents();
    const header = (page: Page) => page.locator("[data-testid=recipient-header]").first();
    await header(ada).hover();
    await header(ada).locator("[data-testid=resolve-topic]").click();
    for (const page of [ada, grace]) {
      await page.waitForURL(/\/topic\/.E2.9C.94.20launch.20plan(\/near\/\d+)?$/);
      await header(page).locator(".recipient-topic", { hasText: "✔ launch plan" }).waitFor();
    }
    assert.ok((await topics(grace)).includes("✔ launch plan"), (await topics(grace)).join(" | "));
    assert.ok(!(await topics(grace)).includes("launch plan"), (await topics(grace)).join(" | "));
    // Unresolve, then rename through the dialog.
    await header(ada).hover();
    await header(ada).locator("[data-testid=resolve-topic]").click();
    await header(grace).locator(".recipient-topic", { hasText: /^launch plan$/ }).waitFor();
    await header(ada).hover();
    await header(ada).locator("[data-testid=move-topic]").click();
    const dialog = ada.locator("[data-testid=move-dialog]");
    assert.equal(await dialog.locator("select[name=propagate_mode]").inputValue(), "change_all");
    await dialog.locator("input[name=topic]").fill("release plan");
    await shot(ada, "move-topic");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "detached" });
    for (const page of [ada, grace]) {
      await page.waitForURL(/\/topic\/release.20plan(\/near\/\d+)?$/);
      await row(page, ids.plan).waitFor();
      await page.waitForFunction(() => ![...document.querySelectorAll("[data-testid=topic-row] .row-label")].some((el: any) => el.textContent === "launch plan"));
    }
    assert.ok((await topics(ada)).includes("release plan"));
    // Moved to another channel: the view follows it there.
    await header(ada).hover();
    await header(ada).locator("[data-testid=move-topic]").click();
    await dialog.locator("select[name=channel]").selectOption(String(team.engineering));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    for (const page of [ada, grace]) {
      await page.waitForURL(new RegExp(`/channel/${team.engineering}-engineering/topic/release.20plan(/near/\\d+)?$`));
      await row(page, ids.plan).waitFor();
    }
    assert.ok(!(await topics(ada)).includes("release plan"), "gone from design's topics");
  });

  it("shows a message's edit history: the original, the edits with their differences, the moves", async () => {
    await openMenu(grace, ids.mine);
    await grace.locator("[data-testid=menu-history]").click();
    const dialog = grace.locator("[data-testid=edit-history]");
    const entries = dialog.locator("[data-testid=history-entry]");
    await entries.first().waitFor();
    const kinds = await entries.locator(".history-meta strong").allTextContents();
    assert.deepEqual(kinds, ["Original message", "Edited", "Moved", "Moved", "Moved", "Moved"]);
    assert.match((await entries.nth(1).locator(".history-meta").textContent()) ?? "", /by Ada Lovelace/);
    assert.equal(await entries.nth(1).locator(".highlight_text_inserted").first().textContent(), "second");
    assert.equal(await entries.nth(1).locator(".highlight_text_deleted").first().textContent(), "first");
    assert.equal(await entries.nth(2).locator("[data-testid=history-topic]").textContent(), "Topic: launch plan → ✔ launch plan");
    assert.equal(await entries.nth(5).locator("[data-testid=history-channel]").textContent(), "Channel: #design → #engineering");
    await shot(grace, "edit-history");
    await grace.keyboard.press("Escape");
    await front(ada);
  });

  it("moves through messages with j/k and the arrows, edits with e, goes to unread topics with n and direct messages with p, back with Esc, and lists the shortcuts with ?", async () => {
    const topic = `/#narrow/channel/${team.engineering}-engineering/topic/release.20plan`;
    await waitReady(ada, () => ada.goto(`${site}${topic}`));
    const fresh = await send(server, team.ada, "engineering", "release plan", "Fresh words");
    await row(ada, fresh).waitFor();
    await ada.mouse.move(0, 0);
    const selected = () => ada.locator("[aria-current=true][data-message-id]").getAttribute("data-message-id").then(Number);
    await ada.keyboard.press("j");
    assert.equal(await selected(), ids.plan, "the first message on screen");
    await ada.keyboard.press("j");
    assert.equal(await selected(), ids.follow);
    await ada.keyboard.press("ArrowDown");
    assert.equal(await selected(), ids.third);
    await ada.keyboard.press("k");
    assert.equal(await selected(), ids.follow);
    await ada.keyboard.press("ArrowUp");
    assert.equal(await selected(), ids.plan);
    for (let i = 0; i < 10 && (await selected()) !== fresh; i++) await ada.keyboard.press("j");
    assert.equal(await selected(), fresh);
    await ada.keyboard.press("e");
    await ada.waitForFunction((id) => document.querySelector(`[data-message-id="${id}"] textarea`)?.value === "Fresh words", fresh);
    await ada.keyboard.press("Escape");
    await row(ada, fresh).locator("[data-testid=message-editor]").waitFor({ state: "detached" });
    assert.match(ada.url(), /topic\/release.20plan$/, "Esc closed the editor only");
    // n and p: the next unread topic, the next unread direct conversation.
    const colours = await send(server, team.grace, "design", "colours", "Teal, surely");
    const dm = await send(server, team.grace, [team.ada.id], null, "Lunch?");
    await ada.locator("[data-testid=dm-row] [data-testid=unread-count]").waitFor();
    await waitReady(ada, () => ada.keyboard.press("n"));
    assert.match(ada.url(), new RegExp(`/channel/${team.design}-design/topic/colours$`));
    await row(ada, colours).waitFor();
    await waitReady(ada, () => ada.keyboard.press("p"));
    assert.match(ada.url(), new RegExp(`/dm/${team.grace.id}-`));
    await row(ada, dm).waitFor();
    await waitReady(ada, () => ada.keyboard.press("Escape"));
    assert.match(ada.url(), /#feed$/);
    await ada.keyboard.press("?");
    const list = ada.locator("[data-testid=shortcut-list]");
    await list.waitFor();
    const lines = await list.locator("tr").allTextContents();
    for (const line of ["j or ↓Next message", "k or ↑Previous message", "nNext unread topic", "pNext unread direct message", "eEdit the selected message", "EscBack to the combined feed", "?Show the keyboard shortcuts"]) {
      assert.ok(lines.includes(line), `${line} in ${lines.join(" | ")}`);
    }
    await shot(ada, "shortcuts");
    await ada.keyboard.press("Escape");
    await list.waitFor({ state: "detached" });
  });

  it("after a send, goes down to the message in the open view (no 'new messages below'), and says where a message sent elsewhere went", async () => {
    const long: number[] = [];
    for (let i = 0; i < 40; i++) long.push(await send(server, team.grace, "engineering", "long read", `Line ${i} of a long read`));
    await waitReady(ada, () => ada.goto(`${site}/#narrow/channel/${team.engineering}-engineering/topic/long.20read`));
    const list = ada.locator("[data-testid=message-list]");
    await list.evaluate((el) => (el.scrollTop = 0));
    const compose = ada.locator("form[data-testid=compose]");
    await compose.locator("textarea[name=content]").fill("My answer to all of it");
    await compose.locator("textarea[name=content]").press("Enter");
    const mine = ada.locator(".message", { hasText: "My answer to all of it" }).and(ada.locator("[data-message-id]"));
    await mine.waitFor();
    await ada.waitForFunction(() => {
      const l = document.querySelector("[data-testid=message-list]");
      return l.scrollHeight - l.scrollTop - l.clientHeight < 2;
    });
    const [box, listBox] = [await mine.boundingBox(), await list.boundingBox()];
    assert.ok(box!.y + box!.height <= listBox!.y + listBox!.height + 1, "the message sent is on screen");
    assert.equal(await ada.locator("[data-testid=jump-present]").count(), 0);
    // To another topic: it does not show here; a banner says where it went, with a link there.
    await compose.locator("input[name=topic]").fill("elsewhere");
    await compose.locator("textarea[name=content]").fill("Over there");
    await compose.locator("textarea[name=content]").press("Enter");
    const banner = ada.locator("[data-testid=sent-banner]");
    await banner.waitFor();
    assert.equal(await banner.locator("a").textContent(), "#engineering › elsewhere");
    await shot(ada, "sent-elsewhere");
    await waitReady(ada, () => banner.locator("a").click());
    assert.match(ada.url(), /topic\/elsewhere$/);
    await ada.locator(".message", { hasText: "Over there" }).waitFor();
    await banner.waitFor({ state: "detached" });
  });

  it("lays follow-ups out densely, and shows nothing of the messages above a stuck recipient header", async () => {
    await waitReady(ada, () => ada.goto(`${site}/#narrow/channel/${team.engineering}-engineering/topic/release.20plan`));
    const height = (await row(ada, ids.follow).boundingBox())!.height;
    assert.ok(height >= 22 && height <= 28, `a one-line follow-up is ${height} px tall`);
    // A long topic scrolled half way: its header is stuck at the top of the list.
    await waitReady(ada, () => ada.goto(`${site}/#narrow/channel/${team.engineering}-engineering/topic/long.20read`));
    const list = ada.locator("[data-testid=message-list]");
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    // Two frames: the scroll has been laid out and painted, whatever the machine's load.
    await ada.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const probe = await ada.evaluate(() => {
      const l = document.querySelector("[data-testid=message-list]").getBoundingClientRect();
      const headers = [...document.querySelectorAll("[data-testid=recipient-header]")].map((h: any) => h.getBoundingClientRect());
      const stuck = headers.find((h: any) => h.top <= l.top + 1 && h.bottom > l.top + 1);
      if (!stuck) return { stuck: false, hits: [] as string[] };
      // Everything from the list's top edge to the header's bottom, across the list: corners, sides, above.
      const points: [number, number][] = [];
      for (let y = l.top; y < stuck.bottom; y += 2) for (const x of [l.left + 1, stuck.left + 1, stuck.left + 3, (stuck.left + stuck.right) / 2, stuck.right - 2, l.right - 2]) points.push([x, y]);
      const hits = points.map(([x, y]) => document.elementFromPoint(x, y)).filter((el: any) => el && el.closest(".message")).map((el: any) => el.closest(".message").dataset.messageId);
      return { stuck: true, top: stuck.top - l.top, hits };
    });
    assert.ok(probe.stuck, "a header is stuck at the top");
    assert.deepEqual(probe.hits, [], "no message shows above or around the stuck header");
    await shot(ada, "sticky-header");
  });

  it("on a phone: a tap shows a message's actions, the menu opens by touch, and the emoji picker is a sheet across the screen", async () => {
    const phone = await person({ viewport: PHONE, phone: true });
    await front(phone);
    await signIn(phone, site, team.grace.email, `/#narrow/channel/${team.engineering}-engineering/topic/release.20plan`);
    await row(phone, ids.third).tap();
    await row(phone, ids.third).locator("[data-testid=message-more]").tap();
    const menu = phone.locator("[data-testid=message-menu]");
    await menu.waitFor();
    const menuBox = (await menu.boundingBox())!;
    assert.ok(menuBox.x >= 0 && menuBox.x + menuBox.width <= PHONE.width, "the menu fits the screen");
    await shot(phone, "message-menu-phone");
    await menu.locator("[data-testid=menu-react]").tap();
    const sheet = phone.locator(".emoji-sheet");
    await sheet.locator("[data-emoji-name]").first().waitFor();
    const sheetBox = (await sheet.boundingBox())!;
    assert.equal(sheetBox.width, PHONE.width);
    assert.equal(Math.round(sheetBox.y + sheetBox.height), PHONE.height);
    await shot(phone, "emoji-picker-phone");
    await sheet.locator("[data-emoji-name=heart]").first().tap();
    await sheet.waitFor({ state: "detached" });
    await row(phone, ids.third).locator(".reaction[aria-label^='heart: 1 (Grace Hopper)']").waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `nothing wider than the phone (${width})`);
  });

  it("ran without a script error or a Content-Security-Policy refusal", () => {
    assert.deepEqual(errors, []);
  });
});
