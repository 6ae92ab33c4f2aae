// Personal settings and the organization's administration in the chat web app: the owner and a
// member in two browser contexts on one real server. The owner changes their name and theme,
// makes an API key (only with the password), invites by e-mail (resent, revoked), adds a
// custom emoji, makes an invitation link that a new person signs up with, and changes the
// member's role, which changes what the member's app offers at once; the member cannot reach
// the administration (hidden, and refused by the server). Screenshots for docs/chat-web.md
// with BEACON_SCREENSHOTS=1, desktop and a 390 px phone.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, PASSWORD, seedTeam, signIn, skip, startServer, type AppServer, type Team, People } from "./app-support.js";

declare const document: any;

const DOCS_SCREENSHOTS = new URL("../../../../docs/screenshots/", import.meta.url).pathname;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe("the chat web app: settings and administration, owner and member at once", { skip, timeout: 420_000 }, () => {
  let server: AppServer;
  let team: Team;
  let site: string;
  let browser: Browser;
  let owner: Page;
  let member: Page;
  let shots: string;
  const people = new People({ pointerAway: true });
  const { errors } = people;
  const person = (viewport = DESKTOP) => people.person({ viewport, colorScheme: "light" });
  const front = (page: Page) => people.front(page);
  const shot = (page: Page, name: string) => people.shot(page, name);




  /** Opens a settings pane by its fragment, as a link or a bookmark does. */
  async function openPane(page: Page, fragment: string): Promise<void> {
    await front(page);
    await page.evaluate((hash) => (document.location.hash = hash), fragment);
    await page.locator(`[data-testid=pane-${fragment.split("/")[1]}]`).waitFor();
  }

  /** A /json call from the page, as its own script makes them (session cookie and CSRF header). */
  const fromPage = (page: Page, method: string, path: string, form: Record<string, string> = {}): Promise<{ status: number; body: any }> =>
    page.evaluate(
      async ({ method, path, form }) => {
        const token = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
        const res = await fetch(`/json${path}`, { method, headers: { "X-CSRFToken": token }, body: method === "GET" ? undefined : new URLSearchParams(form) });
        return { status: res.status, body: await res.json() };
      },
      { method, path, form },
    );

  before(async () => {
    server = await startServer();
    site = server.site;
    team = await seedTeam(server.t);
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
    people.browser = browser;
    shots = process.env.BEACON_SCREENSHOTS === "1" ? DOCS_SCREENSHOTS : mkdtempSync(join(tmpdir(), "beacon-shots-"));
    people.shots = shots;
    mkdirSync(shots, { recursive: true });
    owner = await person();
    member = await person();
    await signIn(owner, site, team.owner.email);
    await signIn(member, site, team.ada.email);
    await front(owner);
  });

  after(async () => {
    await people.close();
    await browser?.close();
    await server?.close();
    if (process.env.BEACON_SCREENSHOTS !== "1" && shots) rmSync(shots, { recursive: true, force: true });
  });

  it("opens personal settings from the header, loaded when idle after the first view; the owner changes their name and theme, applied live", async () => {
    await owner.waitForFunction(() => performance.getEntriesByName("beacon:overlays-prefetched").length > 0);
    const loaded = await owner.evaluate(() => {
      const after = performance.getEntriesByName("beacon:users-loaded")[0]!.startTime;
      const code = performance.getEntriesByType("resource").filter((r) => /\/(SettingsOverlay|PersonalPanes)-[^/]*\.js$/.test(r.name));
      return { count: code.length, afterFirstView: code.every((r) => r.startTime >= after) };
    });
    assert.deepEqual(loaded, { count: 2, afterFirstView: true }, "the overlay's and the panes' code, not part of the first view");
    const requests: string[] = [];
    owner.on("request", (r) => requests.push(r.url()));
    assert.equal(await owner.locator("[data-testid=settings]").count(), 0);
    await owner.locator("[data-testid=open-settings]").click();
    await owner.locator("[data-testid=pane-profile] input[name=full_name]").waitFor();
    assert.match(owner.url(), /#settings\/profile$/);
    assert.ok(!requests.some((u) => /\.js$/.test(u)), "no code left to load on opening");

    await owner.locator("input[name=full_name]").fill("Olivia Owner");
    await owner.locator("[data-testid=save-name]").click();
    await owner.locator(".settings-status.saved").first().waitFor();
    assert.equal((await server.call(team.owner, "GET", "/users/me")).body.full_name, "Olivia Owner");
    await shot(owner, "settings");

    await owner.locator("[data-testid=menu-preferences]").click();
    await owner.locator("[data-testid=pane-preferences]").waitFor();
    await owner.locator("select[name=color_scheme]").selectOption("2");
    await owner.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    const saved = await server.call(team.owner, "POST", "/register", { fetch_event_types: '["user_settings"]' });
    assert.equal(saved.body.user_settings.color_scheme, 2);
    await owner.locator("select[name=web_font_size_px]").selectOption("14");
    await owner.waitForFunction(() => document.documentElement.dataset.density === "compact");
    await owner.locator("select[name=color_scheme]").selectOption("3");
    await owner.waitForFunction(() => document.documentElement.dataset.theme === "light");
    await owner.locator("select[name=web_font_size_px]").selectOption("16");
    await owner.waitForFunction(() => document.documentElement.dataset.density === "normal");

    // Esc closes the overlay and gives the narrow's fragment back.
    await owner.keyboard.press("Escape");
    await owner.locator("[data-testid=settings]").waitFor({ state: "detached" });
    assert.doesNotMatch(owner.url(), /#settings/);
  });

  it("makes a new API key only after the current password, and shows it once", async () => {
    await openPane(owner, "#settings/account-and-privacy");
    const form = owner.locator("[data-testid=api-key-form]");
    await form.locator("input[name=password]").fill("not my password");
    await form.locator("[data-testid=api-key-generate]").click();
    await owner.locator("[data-testid=api-key-status].error").waitFor();
    assert.equal(await owner.locator("[data-testid=api-key-status]").textContent(), "Password is incorrect.");
    assert.equal(await owner.locator("[data-testid=api-key]").count(), 0);
    await form.locator("input[name=password]").fill(PASSWORD);
    await form.locator("[data-testid=api-key-generate]").click();
    const key = (await owner.locator("[data-testid=api-key]").textContent())!;
    assert.match(key, /^[a-z0-9]{32}$/);
    const withNewKey = await server.call({ ...team.owner, apiKey: key }, "GET", "/users/me");
    assert.equal(withNewKey.status, 200);
    assert.equal((await server.call(team.owner, "GET", "/users/me")).status, 401, "the old key stopped working");
    team.owner = { ...team.owner, apiKey: key };
    await owner.keyboard.press("Escape");
    await owner.locator("[data-testid=settings]").waitFor({ state: "detached" });
  });

  it("hides the administration from a member, and the server refuses it anyway", async () => {
    await front(member);
    assert.equal(await member.locator("[data-testid=open-admin]").count(), 0);
    await openPane(member, "#organization/invites-list-admin");
    await member.locator("[data-testid=admin-refused]").waitFor();
    assert.equal(await member.locator("[data-testid=invite-form]").count(), 0);
    assert.equal(await member.locator("[data-testid=menu-users]").count(), 0, "no organization menu");
    const refused = await fromPage(member, "POST", "/invites/multiuse", { invite_expires_in_minutes: "60", invite_as: "400", stream_ids: "[]" });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.result, "error");
    const role = await fromPage(member, "PATCH", `/users/${team.grace.id}`, { role: "200" });
    assert.equal(role.status, 400);
    assert.equal((await fromPage(member, "GET", "/export/realm")).body.msg, "Must be an organization administrator");
    await member.keyboard.press("Escape");
    await member.locator("[data-testid=settings]").waitFor({ state: "detached" });
  });

  it("the owner makes a reusable invitation link, and a new person signs up with it", async () => {
    await front(owner);
    await owner.locator("[data-testid=open-admin]").click();
    await owner.locator("[data-testid=pane-organization-profile]").waitFor();
    await owner.locator("[data-testid=menu-invites-list-admin]").click();
    const form = owner.locator("[data-testid=invite-form]");
    await form.waitFor();
    await form.locator("select[name=invite_as]").selectOption("400");
    await form.locator("label", { hasText: "#design" }).locator("input").check();
    await form.locator("[data-testid=invite-submit]").click();
    const link = (await owner.locator("[data-testid=invite-link]").textContent())!;
    assert.match(link, /\/join\/[a-z0-9]+\/$/);
    await owner.locator("[data-testid=pending-invites] tbody tr").first().waitFor();
    await shot(owner, "invitation");

    const newcomer = await person();
    await newcomer.goto(link.replace(/^https?:\/\/[^/]+/, site));
    const signup = newcomer.locator("form[data-testid=signup]");
    await signup.waitFor();
    await signup.locator("input[name=email]").fill("newcomer@acme.example.com");
    await signup.locator("input[name=full_name]").fill("Nina Newcomer");
    await signup.locator("input[name=password]").fill("a long new password");
    await signup.locator("button[type=submit]").click();
    await newcomer.locator("main[data-testid=app]").waitFor();
    const members = (await server.call(team.owner, "GET", "/users")).body.members as { email: string; full_name: string; role: number }[];
    const nina = members.find((m) => m.full_name === "Nina Newcomer");
    assert.equal(nina?.role, 400);
    const subs = (await server.call(team.owner, "GET", `/users/${(nina as any).user_id}/subscriptions/${team.design}`)).body;
    assert.equal(subs.is_subscribed, true, "joined the invitation's channel");
  });

  it("the owner invites by e-mail, resends the invitation and revokes it", async () => {
    await front(owner);
    const form = owner.locator("[data-testid=invite-form]");
    await form.waitFor();
    await form.locator("[data-testid=invite-kind-email]").check();
    await form.locator("textarea[name=invitee_emails]").fill("rosalind@example.com");
    await form.locator("select[name=invite_as]").selectOption("600");
    await form.locator("[data-testid=invite-submit]").click();
    await form.locator("[data-testid=invite-status]", { hasText: "Invitations sent" }).waitFor();
    const row = owner.locator("[data-testid=pending-invites] tbody tr", { hasText: "rosalind@example.com" });
    await row.waitFor();
    assert.match((await row.textContent())!, /Guest/);
    const listed = async () => ((await server.call(team.owner, "GET", "/invites")).body.invites as { email?: string; invited_as: number }[]).filter((i) => i.email === "rosalind@example.com");
    assert.deepEqual((await listed()).map((i) => i.invited_as), [600]);
    await row.locator("button", { hasText: "Resend" }).click();
    await owner.locator("[data-testid=pending-invites] ~ *", { hasText: "Sent again" }).waitFor();
    await row.locator("button", { hasText: "Revoke" }).click();
    await row.waitFor({ state: "detached" });
    assert.deepEqual(await listed(), []);
  });

  it("the owner finds the member in the users list and makes them an administrator: the member's app offers the administration at once", async () => {
    await front(owner);
    await owner.locator("[data-testid=menu-users]").click();
    const search = owner.locator("[data-testid=user-search]");
    await search.waitFor();
    assert.equal(await owner.locator("[data-testid=user-count]").textContent(), "5 people");
    await shot(owner, "users");
    await search.fill("ada love");
    await owner.locator("[data-testid=user-count]", { hasText: "1 person" }).waitFor();
    const row = owner.locator(`[data-testid=user-row][data-user-id="${team.ada.id}"]`);
    await row.locator("[data-testid=user-role]").selectOption("200");
    await owner.locator("[data-testid=users-status].saved").waitFor();
    await member.locator("[data-testid=open-admin]").waitFor();
    assert.equal((await server.call(team.owner, "GET", `/users/${team.ada.id}`)).body.user.role, 200);
    await front(member);
    await openPane(member, "#organization/invites-list-admin");
    await member.locator("[data-testid=invite-form]").waitFor();
    // And back: the menu goes away again.
    await front(owner);
    await row.locator("[data-testid=user-role]").selectOption("400");
    await member.locator("[data-testid=admin-refused]").waitFor();
    await member.locator("[data-testid=open-admin]").waitFor({ state: "detached" });
  });

  it("deactivates and reactivates a person from the users list", async () => {
    await front(owner);
    const search = owner.locator("[data-testid=user-search]");
    await search.fill("alan");
    const row = owner.locator(`[data-testid=user-row][data-user-id="${team.alan.id}"]`);
    owner.once("dialog", (d) => void d.accept());
    await row.locator("[data-testid=user-deactivate]").click();
    await owner.locator("[data-testid=user-count]", { hasText: "0 people" }).waitFor();
    assert.equal((await server.call(team.owner, "GET", `/users/${team.alan.id}`)).body.user.is_active, false);
    await owner.locator("[data-testid=show-deactivated]").check();
    await row.locator("[data-testid=user-reactivate]").click();
    await owner.locator("[data-testid=user-count]", { hasText: "0 people" }).waitFor();
    assert.equal((await server.call(team.owner, "GET", `/users/${team.alan.id}`)).body.user.is_active, true);
    await owner.locator("[data-testid=show-deactivated]").uncheck();
  });

  it("makes an incoming webhook bot, showing its key once and the URL to paste into the other tool", async () => {
    await openPane(owner, "#organization/bot-list-admin");
    const form = owner.locator("[data-testid=bot-form]");
    await form.locator("select[name=bot_type]").selectOption("2");
    await form.locator("input[name=full_name]").fill("Deploy notices");
    await form.locator("input[name=short_name]").fill("deploys");
    await form.locator("[data-testid=bot-submit]").click();
    const key = (await owner.locator("[data-testid=bot-api-key]").textContent())!;
    assert.match(key, /^[a-z0-9]{32}$/);
    await owner.locator("input[aria-label='Channel to post in']").fill("design");
    const url = (await owner.locator("[data-testid=webhook-url]").textContent())!;
    assert.match(url, new RegExp(`/api/v1/external/github\\?api_key=${key}&stream=design$`));
    await owner.locator("[data-testid=bot-list] li", { hasText: "Deploy notices" }).waitFor();
  });

  it("crops a new profile picture to a square in the browser and uploads it", async () => {
    await openPane(owner, "#settings/profile");
    // A 300×200 picture made by the page itself: the crop keeps a square of it.
    const png = await owner.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 300;
      canvas.height = 200;
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#3a7";
      ctx.fillRect(0, 0, 300, 200);
      ctx.fillStyle = "#fff";
      ctx.fillRect(120, 70, 60, 60);
      return canvas.toDataURL("image/png").split(",")[1];
    });
    await owner.locator("[data-testid=avatar-file]").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") });
    await owner.locator("[data-testid=square-crop] canvas").waitFor();
    await owner.locator("[data-testid=crop-done]").click();
    await owner.locator("[data-testid=avatar-status].saved").waitFor();
    const me = (await server.call(team.owner, "GET", "/users/me")).body;
    assert.match(me.avatar_url, /^\/user_avatars\//);
    assert.equal(me.avatar_version > 1, true);
  });

  it("adds a custom emoji from a picture and removes it", async () => {
    await openPane(owner, "#organization/emoji-settings");
    const pane = owner.locator("[data-testid=pane-emoji-settings]");
    const png = await owner.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 64;
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#e63";
      ctx.beginPath();
      ctx.arc(32, 32, 28, 0, 2 * Math.PI);
      ctx.fill();
      return canvas.toDataURL("image/png").split(",")[1];
    });
    await pane.locator("input[name=emoji_name]").fill("orange_dot");
    await pane.locator("input[type=file]").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") });
    await pane.locator("button[type=submit]", { hasText: "Add" }).click();
    // The list is the app's realm_emoji, kept by the event the upload causes.
    const item = pane.locator("li", { hasText: ":orange_dot:" });
    await item.waitFor();
    const listed = async () => Object.values((await server.call(team.ada, "GET", "/realm/emoji")).body.emoji as Record<string, { name: string; deactivated: boolean }>).filter((e) => e.name === "orange_dot" && !e.deactivated);
    assert.equal((await listed()).length, 1);
    assert.match((await item.locator("img").getAttribute("src"))!, /^\/user_avatars\/.+\/emoji\/images\//);
    await item.locator("button", { hasText: "Remove" }).click();
    await item.waitFor({ state: "detached" });
    assert.deepEqual(await listed(), []);
  });

  it("lists muted users and topics with Unmute, and adds and removes alert words", async () => {
    assert.equal((await server.call(team.owner, "POST", `/users/me/muted_users/${team.grace.id}`)).status, 200);
    assert.equal((await server.call(team.owner, "POST", "/user_topics", { stream_id: team.random, topic: "lunch", visibility_policy: 1 })).status, 200);
    await openPane(owner, "#settings/muted-users");
    const mutedUser = owner.locator("[data-testid=muted-users] li", { hasText: "Grace Hopper" });
    await mutedUser.locator("button", { hasText: "Unmute" }).click();
    await mutedUser.waitFor({ state: "detached" });
    const registered = await server.call(team.owner, "POST", "/register", { fetch_event_types: '["muted_users","user_topic"]' });
    assert.deepEqual(registered.body.muted_users, []);

    await owner.locator("[data-testid=menu-muted-topics]").click();
    const topic = owner.locator("[data-testid=muted-topics] li", { hasText: "lunch" });
    await topic.locator("button", { hasText: "Unmute" }).click();
    await topic.waitFor({ state: "detached" });
    const after = await server.call(team.owner, "POST", "/register", { fetch_event_types: '["user_topic"]' });
    assert.equal(after.body.user_topics.filter((t: { visibility_policy: number }) => t.visibility_policy === 1).length, 0);

    await owner.locator("[data-testid=menu-alert-words]").click();
    await owner.locator("input[name=alert_word]").fill("launch day");
    await owner.keyboard.press("Enter");
    await owner.locator("[data-testid=alert-words] li", { hasText: "launch day" }).waitFor();
    assert.deepEqual((await server.call(team.owner, "GET", "/users/me/alert_words")).body.alert_words, ["launch day"]);
    await owner.locator("[data-testid=alert-words] button[aria-label='Remove launch day']").click();
    await owner.locator("[data-testid=alert-words] li").waitFor({ state: "detached" });
    assert.deepEqual((await server.call(team.owner, "GET", "/users/me/alert_words")).body.alert_words, []);

    await owner.locator("[data-testid=menu-notifications]").click();
    await owner.locator("input[name=enable_offline_email_notifications]").uncheck();
    await owner.waitForFunction(() => !document.querySelector("input[name=enable_offline_email_notifications]").checked);
    // The box shows the choice at once; the server has it once the save returns.
    let offlineEmail: boolean | undefined;
    for (let i = 0; i < 50 && offlineEmail !== false; i++) {
      if (i) await owner.waitForTimeout(100);
      offlineEmail = (await server.call(team.owner, "POST", "/register", { fetch_event_types: '["user_settings"]' })).body.user_settings.enable_offline_email_notifications;
    }
    assert.equal(offlineEmail, false);
    await owner.locator("input[aria-label='Desktop for #design']").check();
    // The table's own status line (the toggle above has one saying "saved" already).
    await owner.locator("[data-testid=channel-overrides-status].saved").waitFor();
    const sub = (await server.call(team.owner, "GET", "/users/me/subscriptions")).body.subscriptions.find((x: { stream_id: number }) => x.stream_id === team.design);
    assert.equal(sub.desktop_notifications, true);
  });

  it("adds and removes a linkifier, and starts a data export that finishes with a download", async () => {
    await openPane(owner, "#organization/linkifier-settings");
    await owner.locator("input[name=pattern]").fill("#(?P<id>[0-9]+)");
    await owner.locator("input[name=url_template]").fill("https://tracker.example.com/issues/{id}");
    await owner.locator("input[name=url_template]").press("Enter");
    const item = owner.locator(".settings-list li", { hasText: "tracker.example.com" });
    await item.waitFor();
    assert.equal((await server.call(team.owner, "GET", "/realm/linkifiers")).body.linkifiers.length, 1);
    await item.locator("button", { hasText: "Remove" }).click();
    await item.waitFor({ state: "detached" });
    assert.equal((await server.call(team.owner, "GET", "/realm/linkifiers")).body.linkifiers.length, 0);

    await owner.locator("[data-testid=menu-data-exports-admin]").click();
    await owner.locator("[data-testid=start-export]").click();
    const download = owner.locator("[data-testid=exports] a", { hasText: "Download" });
    await download.waitFor({ timeout: 60_000 });
    assert.match((await download.getAttribute("href"))!, /\.tar\.gz$/);
  });

  it("fills custom profile fields of several types, sets a status, changes the password and a permission", async () => {
    const made = async (params: Record<string, string>) => (await server.call(team.owner, "POST", "/realm/profile_fields", params)).body.id as number;
    const phone = await made({ name: "Phone", field_type: "1" });
    const team_ = await made({ name: "Team", field_type: "3", field_data: JSON.stringify({ a: { text: "Design", order: "1" }, b: { text: "Engineering", order: "2" } }) });
    const birthday = await made({ name: "Birthday", field_type: "4" });
    const mentor = await made({ name: "Mentor", field_type: "6" });
    await openPane(owner, "#settings/profile");
    await owner.locator(`input[name=field-${phone}]`).fill("+1 555 0100");
    await owner.locator(`input[name=field-${phone}]`).press("Tab");
    await owner.locator(`select[name=field-${team_}]`).selectOption("b");
    await owner.locator(`input[name=field-${birthday}]`).fill("1990-04-01");
    await owner.locator(`input[name=field-${birthday}]`).press("Tab");
    await owner.locator(`input[name=field-${mentor}]`).fill("Grace Hopper");
    await owner.locator(`input[name=field-${mentor}]`).press("Tab");
    await owner.waitForFunction(() => document.querySelectorAll(".settings-section .settings-status.saved").length >= 4);
    const data = (await server.call(team.owner, "GET", `/users/${team.owner.id}`, { include_custom_profile_fields: "true" })).body.user.profile_data;
    assert.deepEqual([data[phone].value, data[team_].value, data[birthday].value, JSON.parse(data[mentor].value)], ["+1 555 0100", "b", "1990-04-01", [team.grace.id]]);

    await owner.locator("input[name=emoji_name]").fill("palm_tree");
    await owner.locator("input[name=status_text]").fill("On holiday");
    await owner.locator("button", { hasText: "Set status" }).click();
    await owner.waitForFunction(() => [...document.querySelectorAll(".settings-status.saved")].length >= 5);
    const status = (await server.call(team.owner, "GET", `/users/${team.owner.id}/status`)).body.status;
    assert.deepEqual([status.status_text, status.emoji_name], ["On holiday", "palm_tree"]);

    await owner.locator("[data-testid=menu-account-and-privacy]").click();
    const changePassword = async (from: string, to: string) => {
      await owner.locator("input[name=old_password]").fill(from);
      await owner.locator("input[name=new_password]").fill(to);
      await owner.locator("button", { hasText: "Change password" }).click();
      await owner.locator(".settings-status.saved", { hasText: "Password changed" }).waitFor();
    };
    await changePassword(PASSWORD, "a different long password");
    assert.equal((await server.call(team.owner, "GET", "/users/me")).status, 200, "the API key is not a session");
    await changePassword("a different long password", PASSWORD);

    await owner.locator("[data-testid=menu-organization-permissions]").click();
    const admins = (await server.call(team.owner, "GET", "/user_groups")).body.user_groups.find((g: { name: string }) => g.name === "role:administrators").id;
    await owner.locator("select[name=can_create_bots_group]").selectOption(String(admins));
    await owner.waitForFunction(() => document.querySelector("select[name=can_create_bots_group]").closest("label").querySelector(".settings-status.saved"));
    const realm = await server.call(team.owner, "POST", "/register", { fetch_event_types: '["realm"]' });
    assert.equal(realm.body.realm_can_create_bots_group, admins);
    await owner.keyboard.press("Escape");
  });

  it("lays the overlay out on a 390 px phone", async () => {
    const phone = await person(PHONE);
    await signIn(phone, site, team.owner.email);
    await openPane(phone, "#settings/profile");
    await shot(phone, "settings-phone");
    await openPane(phone, "#organization/invites-list-admin");
    await phone.locator("[data-testid=pending-invites] tbody tr").first().waitFor();
    await shot(phone, "invitation-phone");
    await openPane(phone, "#organization/users");
    await phone.locator("[data-testid=user-row]").first().waitFor();
    await shot(phone, "users-phone");
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    assert.equal(overflow, false, "nothing wider than the phone");
    assert.deepEqual(errors, []);
  });
});
