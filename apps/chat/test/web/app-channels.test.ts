// Running the organization from the chat web app, an owner (Olivia) and a member (Ada) in two
// browser contexts on one real server: the channel browser and creation form, a channel's
// settings, and what the member sees of it live (created with her in it, renamed, archived);
// profile cards; sending later and the scheduled messages list. Screenshots for
// docs/chat-web.md with BEACON_SCREENSHOTS=1, on a desktop and a 390 px phone.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, seedTeam, send, signIn, skip, startServer, waitReady, type AppServer, type Team, People } from "./app-support.js";

declare const location: any;

const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe("the chat web app: channels, people and scheduling, an owner and a member", { skip, timeout: 420_000 }, () => {
  let server: AppServer;
  let team: Team;
  let site: string;
  let browser: Browser;
  let owner: Page;
  let ada: Page;
  let shots: string;
  const people = new People({ pointerAway: true });
  const { errors } = people;
  const person = (viewport: { width: number; height: number }, phone = false) => people.person({ viewport, phone });
  const front = (page: Page) => people.front(page);
  const shot = (page: Page, name: string) => people.shot(page, name);
  const ids: Record<string, number> = {};




  const sidebarChannel = (page: Page, id: number) => page.locator(`nav[data-testid=sidebar] [data-testid=channel-row][data-channel-id="${id}"]`);

  before(async () => {
    server = await startServer();
    site = server.site;
    team = await seedTeam(server.t);
    server.t.clock.set(new Date());
    // A channel Ada is not in, for her to find in the browser.
    const made = await server.call(team.owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "ideas", description: "Half-baked **ideas** welcome" }] });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    ids.ideas = (await server.call(team.owner, "GET", "/get_stream_id", { stream: "ideas" })).body.stream_id;
    ids.welcome = await send(server, team.owner, "design", "plans", "Welcome to **design**");
    // What the owner's profile card shows: a custom field, a status, a time zone.
    const field = await server.call(team.owner, "POST", "/realm/profile_fields", { name: "Team", field_type: 1, hint: "" });
    assert.equal(field.status, 200, JSON.stringify(field.body));
    const ok = async (res: Promise<{ status: number; body: unknown }>) => assert.equal((await res).status, 200, JSON.stringify((await res).body));
    await ok(server.call(team.owner, "PATCH", "/users/me/profile_data", { data: [{ id: field.body.id, value: "Launch crew" }] }));
    await ok(server.call(team.owner, "POST", "/users/me/status", { status_text: "Planning the launch" }));
    await ok(server.call(team.owner, "PATCH", "/settings", { timezone: "Europe/Paris" }));
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
    people.browser = browser;
    shots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : mkdtempSync(join(tmpdir(), "beacon-shots-"));
    people.shots = shots;
    mkdirSync(shots, { recursive: true });
    owner = await person(DESKTOP);
    ada = await person(DESKTOP);
    await signIn(owner, site, team.owner.email, `/#narrow/channel/${team.design}-design`);
    await signIn(ada, site, team.ada.email, `/#narrow/channel/${team.design}-design`);
    await front(owner);
  });

  after(async () => {
    await people.close();
    await browser?.close();
    await server?.close();
    if (process.env.BEACON_SCREENSHOTS !== "1" && shots) rmSync(shots, { recursive: true, force: true });
  });

  it("creates a channel with the member subscribed; it appears in her sidebar live, is renamed and archived live", async () => {
    await owner.locator("[data-testid=create-channel]").click();
    const form = owner.locator("form[data-testid=create-channel-form]");
    await form.waitFor();
    assert.equal(new URL(owner.url()).hash, "#channels/new");
    // A name that exists is refused before asking the server.
    await form.locator("input[name=name]").fill("Design");
    await form.locator("[data-testid=create-channel-submit]").click();
    await form.locator("[role=alert]", { hasText: 'A channel named "design" already exists.' }).waitFor();
    await form.locator("input[name=name]").fill("launch");
    await form.locator("textarea[name=description]").fill("Everything about the **launch**");
    // Who can post: the groups load with the form; members only.
    await form.locator("select[name=can_send_message_group] option", { hasText: /^Members$/ }).waitFor({ state: "attached" });
    await form.locator("select[name=can_send_message_group]").selectOption({ label: "Members" });
    const picker = form.locator("[data-testid=subscriber-picker]");
    await picker.locator("input").fill("ada");
    await picker.locator("[role=option]", { hasText: "Ada Lovelace" }).click();
    const ownerName = (await server.call(team.owner, "GET", "/users/me")).body.full_name;
    assert.deepEqual((await picker.locator("[data-testid=chosen-person]").allTextContents()).map((t) => t.replace("×", "").trim()), [ownerName, "Ada Lovelace"]);
    await shot(owner, "create-channel");
    await form.locator("[data-testid=create-channel-submit]").click();
    await owner.waitForFunction(() => /^#narrow\/channel\/\d+-launch$/.test(location.hash));
    ids.launch = Number(/channel\/(\d+)/.exec(new URL(owner.url()).hash)![1]);
    await owner.locator("[data-testid=channels-overlay]").waitFor({ state: "detached" });
    const created = (await server.call(team.owner, "GET", `/streams/${ids.launch}`)).body.stream;
    assert.equal(created.description, "Everything about the **launch**");
    assert.equal(created.invite_only, false);
    const members = (await server.call(team.owner, "GET", "/user_groups")).body.user_groups.find((g: any) => g.name === "role:members");
    assert.equal(created.can_send_message_group, members.id);

    await sidebarChannel(ada, ids.launch).locator(".row-label", { hasText: "launch" }).waitFor();

    // Renamed in its settings: the member's sidebar follows.
    await front(owner);
    await owner.goto(`${site}/#channels/${ids.launch}/launch/general`);
    const settings = owner.locator("[data-testid=channel-settings]");
    await settings.waitFor();
    await settings.locator("[data-testid=channel-about] input[name=name]").fill("launch day");
    await settings.locator("[data-testid=channel-about] textarea[name=description]").fill("The *big* day");
    await settings.locator(".org-preview em", { hasText: "big" }).waitFor();
    await settings.locator("[data-testid=save-channel]").click();
    await sidebarChannel(ada, ids.launch).locator(".row-label", { hasText: "launch day" }).waitFor();
    await sidebarChannel(owner, ids.launch).locator(".row-label", { hasText: "launch day" }).waitFor();

    // Archived: it leaves the member's sidebar.
    await settings.locator("[data-testid=archive-channel]").click();
    await settings.locator("[data-testid=confirm-archive]").click();
    await owner.waitForFunction(() => location.hash === "#channels/subscribed");
    await sidebarChannel(ada, ids.launch).waitFor({ state: "detached" });
    await sidebarChannel(owner, ids.launch).waitFor({ state: "detached" });
  });

  it("lets the member find a channel by name in the browser and subscribe in one click", async () => {
    await front(ada);
    await ada.locator("[data-testid=browse-channels]").click();
    const browserBox = ada.locator("[data-testid=channel-browser]");
    await browserBox.waitFor();
    assert.equal(new URL(ada.url()).hash, "#channels/all");
    const entry = browserBox.locator(`[data-testid=channel-entry][data-channel-id="${ids.ideas}"]`);
    await entry.locator(".org-item-text strong", { hasText: "ideas" }).waitFor();
    assert.equal(await entry.locator("[data-testid=subscriber-count]").textContent(), "1");
    await browserBox.locator("[data-testid=channel-filter]").fill("ide");
    assert.deepEqual(await browserBox.locator("[data-testid=channel-name]").allTextContents(), ["ideas"]);
    await browserBox.locator("[data-testid=channel-filter]").fill("");
    await shot(ada, "channel-browser");
    await entry.locator("[data-testid=toggle-subscription]", { hasText: "Subscribe" }).click();
    await entry.locator("[data-testid=toggle-subscription]", { hasText: "Unsubscribe" }).waitFor();
    await entry.locator("[data-testid=subscriber-count]", { hasText: "2" }).waitFor();
    await sidebarChannel(ada, ids.ideas).waitFor();
    // The subscribed tab lists it now; Esc closes the overlay back to the channel she was in.
    await ada.locator("[data-testid=tab-subscribed]").click();
    await browserBox.locator(`[data-testid=channel-entry][data-channel-id="${ids.ideas}"]`).waitFor();
    await ada.keyboard.press("Escape");
    await browserBox.waitFor({ state: "detached" });
    assert.match(new URL(ada.url()).hash, new RegExp(`^#narrow/channel/${team.design}-design$`));
  });

  it("opens a profile card from a sender's name, and goes on to their messages, a direct message, the full profile", async () => {
    await front(ada);
    await waitReady(ada, () => ada.evaluate((id) => (location.hash = `#narrow/channel/${id}-design/topic/plans`), team.design));
    const sender = ada.locator(`[data-message-id="${ids.welcome}"] [data-testid=sender-name]`);
    await sender.click();
    const card = ada.locator("[data-testid=profile-card]");
    await card.locator("[data-testid=profile-role]", { hasText: "Owner" }).waitFor();
    await card.locator("[data-testid=profile-email]", { hasText: team.owner.email }).waitFor();
    await card.locator("[data-testid=profile-time]", { hasText: "(Europe/Paris)" }).waitFor();
    await card.locator("[data-testid=profile-field]", { hasText: "Launch crew" }).waitFor();
    await card.locator("[data-testid=profile-status]", { hasText: "Planning the launch" }).waitFor();
    await shot(ada, "profile-card");
    await card.locator("[data-testid=profile-sent]").click();
    await ada.waitForFunction((id) => location.hash.startsWith(`#narrow/sender/${id}-`), team.owner.id);
    await ada.locator(`[data-message-id="${ids.welcome}"]`).waitFor();
    await ada.locator(`[data-message-id="${ids.welcome}"] [data-testid=sender-name]`).click();
    await card.locator("[data-testid=profile-dm]").click();
    await ada.waitForFunction((id) => location.hash.startsWith(`#narrow/dm/${id}-`), team.owner.id);
    await ada.evaluate((id) => (location.hash = `#user/${id}`), team.owner.id);
    const full = ada.locator("[data-testid=profile-modal] [data-testid=profile-full]");
    await full.locator("[data-testid=profile-field]", { hasText: "Launch crew" }).waitFor();
    await ada.keyboard.press("Escape");
    await full.waitFor({ state: "detached" });
    await ada.waitForFunction((id) => location.hash.startsWith(`#narrow/dm/${id}-`), team.owner.id);
  });

  it("schedules the draft for tomorrow, lists it, edits it and deletes it; sets a reminder from the message menu", async () => {
    await front(ada);
    await waitReady(ada, () => ada.evaluate((id) => (location.hash = `#narrow/channel/${id}-design/topic/plans`), team.design));
    const compose = ada.locator("form[data-testid=compose]");
    await compose.locator("textarea[name=content]").fill("See you on **Monday**");
    await compose.locator("[data-testid=send-later]").click();
    const menu = ada.locator("[data-testid=send-later-menu]");
    await menu.locator("[data-testid=when-preset]", { hasText: "Tomorrow at 9:00 AM" }).click();
    await ada.locator("[data-testid=toast]", { hasText: "Scheduled for" }).waitFor();
    assert.equal(await compose.locator("textarea[name=content]").inputValue(), "");
    const tomorrow = new Date();
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    tomorrow.setUTCHours(9, 0, 0, 0);
    const listed = (await server.call(team.ada, "GET", "/scheduled_messages")).body.scheduled_messages;
    assert.equal(listed.length, 1);
    assert.deepEqual([listed[0].to, listed[0].topic, listed[0].content, listed[0].scheduled_delivery_timestamp], [team.design, "plans", "See you on **Monday**", tomorrow.getTime() / 1000]);

    await ada.locator("[data-testid=view-scheduled]").click();
    const item = ada.locator("[data-testid=scheduled-overlay] [data-testid=scheduled-item]");
    await item.locator(".org-item-title", { hasText: "#design › plans" }).waitFor();
    await item.locator(".message-content strong", { hasText: "Monday" }).waitFor();
    await item.locator("[data-testid=scheduled-edit]").click();
    await item.locator("textarea").fill("See you on **Tuesday**");
    await item.locator("button[type=submit]").click();
    await item.locator(".message-content strong", { hasText: "Tuesday" }).waitFor();
    await shot(ada, "scheduled");
    await item.locator("[data-testid=scheduled-delete]").click();
    await item.waitFor({ state: "detached" });
    await ada.locator("[data-testid=scheduled-overlay] .org-empty", { hasText: "No scheduled messages" }).waitFor();
    assert.deepEqual((await server.call(team.ada, "GET", "/scheduled_messages")).body.scheduled_messages, []);
    // Scheduled and deleted elsewhere (another client): the open list follows.
    const elsewhere = await server.call(team.ada, "POST", "/scheduled_messages", { type: "stream", to: team.design, topic: "plans", content: "From my phone", scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 7200 });
    assert.equal(elsewhere.status, 200, JSON.stringify(elsewhere.body));
    await item.locator(".message-content", { hasText: "From my phone" }).waitFor();
    assert.equal((await server.call(team.ada, "DELETE", `/scheduled_messages/${elsewhere.body.scheduled_message_id}`)).status, 200);
    await item.waitFor({ state: "detached" });
    await ada.keyboard.press("Escape");

    // A reminder: from the message menu, an hour from now.
    const row = ada.locator(`[data-message-id="${ids.welcome}"]`);
    await row.hover();
    await row.locator("[data-testid=message-more]").click();
    await ada.locator("[data-testid=menu-remind]").click();
    await ada.locator("[data-testid=reminder-menu] [data-testid=when-preset]", { hasText: "In 1 hour" }).click();
    await ada.locator("[data-testid=toast]", { hasText: "Reminder set for" }).waitFor();
    const reminders = (await server.call(team.ada, "GET", "/reminders")).body.reminders;
    assert.equal(reminders.length, 1);
    assert.equal(reminders[0].reminder_target_message_id, ids.welcome);
    assert.ok(Math.abs(reminders[0].scheduled_delivery_timestamp - (Date.now() / 1000 + 3600)) < 120);
  });

  it("creates a user group, adds and removes members; a member who does not manage it sees it read-only", async () => {
    await front(owner);
    await owner.goto(`${site}/#channels/all`);
    await owner.locator("[data-testid=tab-groups]").click();
    await owner.locator("[data-testid=group-list]").waitFor();
    await owner.locator("[data-testid=new-group]").click();
    const form = owner.locator("form[data-testid=create-group-form]");
    await form.locator("input[name=name]").fill("launch crew");
    await form.locator("input[name=description]").fill("Everyone shipping the launch");
    await form.locator("[data-testid=member-picker] input").fill("ada");
    await form.locator("[data-testid=member-picker] [role=option]", { hasText: "Ada Lovelace" }).click();
    await form.locator("[data-testid=create-group-submit]").click();
    const detail = owner.locator("[data-testid=group-detail]");
    await detail.waitFor();
    const members = () => detail.locator("[data-testid=group-member]").allTextContents().then((all) => all.map((t) => t.replace("×", "").trim()).sort());
    const ownerName = (await server.call(team.owner, "GET", "/users/me")).body.full_name;
    assert.deepEqual(await members(), ["Ada Lovelace", ownerName].sort());
    await detail.locator("[data-testid=add-members] input").fill("grace");
    await detail.locator("[data-testid=add-members] [role=option]", { hasText: "Grace Hopper" }).click();
    await detail.locator("[data-testid=add-members-submit]").click();
    await detail.locator("[data-testid=group-member]", { hasText: "Grace Hopper" }).waitFor();
    await detail.locator("[data-testid=group-member]", { hasText: "Ada Lovelace" }).locator("button").click();
    await detail.locator("[data-testid=group-member]", { hasText: "Ada Lovelace" }).waitFor({ state: "detached" });
    const group = (await server.call(team.owner, "GET", "/user_groups")).body.user_groups.find((g: any) => g.name === "launch crew");
    assert.deepEqual([...group.members].sort(), [team.owner.id, team.grace.id].sort());
    assert.equal(group.description, "Everyone shipping the launch");
    await shot(owner, "group");

    await front(ada);
    await ada.goto(`${site}/#groups/${group.id}/launch-crew`);
    const hers = ada.locator("[data-testid=group-detail]");
    await hers.locator("[data-testid=group-member]", { hasText: "Grace Hopper" }).waitFor();
    assert.equal(await hers.locator("input[name=name]").isDisabled(), true);
    assert.equal(await hers.locator("[data-testid=add-members]").count(), 0);
    assert.equal(await hers.locator("[data-testid=deactivate-group]").count(), 0);
    assert.equal(await hers.locator("[data-testid=group-member] button").count(), 0);
    // The owner adds Alan and renames the group: Ada's open page follows (user_group events).
    assert.equal((await server.call(team.owner, "POST", `/user_groups/${group.id}/members`, { add: JSON.stringify([team.alan.id]) })).status, 200);
    await hers.locator("[data-testid=group-member]", { hasText: "Alan Turing" }).waitFor();
    assert.equal((await server.call(team.owner, "PATCH", `/user_groups/${group.id}`, { name: "launch team" })).status, 200);
    await hers.locator(".settings-title", { hasText: "launch team" }).waitFor();
  });

  it("shows the browser, the creation form, a profile card and the scheduled list on a phone", async () => {
    const phone = await person(PHONE, true);
    await signIn(phone, site, team.owner.email, "/#channels/all");
    await phone.locator("[data-testid=channel-browser]").waitFor();
    await shot(phone, "channel-browser-phone");
    await phone.goto(`${site}/#channels/new`);
    await phone.locator("form[data-testid=create-channel-form] select[name=can_send_message_group] option", { hasText: /^Members$/ }).waitFor({ state: "attached" });
    await shot(phone, "create-channel-phone");
    await waitReady(phone, () => phone.goto(`${site}/#narrow/channel/${team.design}-design/topic/plans`));
    await phone.locator(`[data-message-id="${ids.welcome}"] [data-testid=sender-name]`).click();
    await phone.locator("[data-testid=profile-card] [data-testid=profile-field]").waitFor();
    await shot(phone, "profile-card-phone");
    await phone.keyboard.press("Escape");
    const later = Math.floor(Date.now() / 1000) + 86_400;
    const scheduled = await server.call(team.owner, "POST", "/scheduled_messages", { type: "stream", to: team.design, topic: "plans", content: "Minutes of the **planning** call", scheduled_delivery_timestamp: later });
    assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
    await phone.goto(`${site}/#scheduled`);
    await phone.locator("[data-testid=scheduled-item] .message-content strong", { hasText: "planning" }).waitFor();
    await shot(phone, "scheduled-phone");
    await phone.context().close();
    people.forget(phone.context());
  });

  it("met no script error", () => {
    assert.deepEqual(errors, []);
  });
});
