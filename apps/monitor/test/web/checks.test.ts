import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createIntegration } from "../../src/actions/integrations.js";
import { call, checkRow, createCheckVia, ping, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "./helpers.js";

describe("checks list and check details", () => {
  let h: Harness;
  let alice: WebClient;
  let list: string;

  before(async () => {
    h = await startHarness();
    alice = await signedUp(h, "alice@example.org");
    list = `/projects/${h.project.uuid}/checks/`;
  });
  after(() => h.close());

  it("lists checks with their live status, tags and last ping", async () => {
    const up = await createCheckVia(h, { name: "Backups", tags: "prod db", timeout: 3600, grace: 60 });
    await createCheckVia(h, { name: "Reports", tags: "prod" });
    await ping(h, up.uuid);
    h.clock.advanceSeconds(3600 + 30);
    const page = await alice.get(list);
    assert.equal(page.status, 200);
    assert.match(page.text, /<span class="dot grace" title="Late"/);
    assert.match(page.text, /<span class="dot new" title="New"/);
    assert.match(page.text, /1 hour ago/);
    h.clock.advanceSeconds(60);
    const status = await alice.get(`${list}status/`);
    const backups = JSON.parse(status.text).checks.find((c: any) => c.uuid === up.uuid);
    assert.equal(backups.status, "down");
    assert.equal(backups.last_ping, "1 hour ago");
  });

  it("says in the status feed which checks are in maintenance, as windows open and close", async () => {
    const check = await createCheckVia(h, { name: "Swapped disk" });
    const feed = async () => JSON.parse((await alice.get(`${list}status/`)).text).checks.find((c: any) => c.uuid === check.uuid).maintenance;
    assert.equal(await feed(), null);
    const now = h.clock.now().getTime();
    const window = { start: new Date(now + 60_000).toISOString(), end: new Date(now + 3600_000).toISOString() };
    assert.equal((await call(h.app, "POST", `/api/v3/checks/${check.uuid}/maintenance/`, { key: h.keys.api_key, body: window })).status, 201);
    assert.equal(await feed(), null, "not open yet");
    h.clock.advanceSeconds(60);
    const until = new Date(now + 3600_000).toISOString().slice(0, 19).replace("T", " ");
    assert.equal(await feed(), `In maintenance until ${until} UTC: down alerts are held until then`);
    h.clock.advanceSeconds(3600);
    assert.equal(await feed(), null, "closed");
  });

  it("shows the last run's duration (under 72 hours, as upstream), a status legend and the favicon", async () => {
    const timed = await createCheckVia(h, { name: "Timed" });
    await ping(h, timed.uuid, { action: "start" });
    h.clock.advanceSeconds(125);
    await ping(h, timed.uuid);
    const page = await alice.get(list);
    assert.match(page.text, /title="Duration of the last run"><svg[^]*?<\/svg> 2 minutes 5 seconds<\/div>/);
    assert.match(page.text, /<ul class="legend" aria-label="Status legend">[^]*Late: in its grace time/);
    assert.match(page.text, /<link rel="icon" href="\/static\/favicon.svg" type="image\/svg\+xml">/);
    const icon = await alice.get("/static/favicon.svg");
    assert.equal(icon.status, 200);
    assert.match(icon.text, /^<svg /);
    assert.equal((await alice.get("/favicon.ico")).location, "/static/favicon.svg");
  });

  it("filters by tag, requiring every selected tag", async () => {
    const both = await alice.get(`${list}?tag=prod&tag=db`);
    assert.match(both.text, />Backups</);
    assert.doesNotMatch(both.text, />Reports</);
    const one = await alice.get(`${list}?tag=prod`);
    assert.match(one.text, />Reports</);
    assert.match(one.text, /class="tag down selected"/);
  });

  it("escapes what users typed", async () => {
    await createCheckVia(h, { name: "<script>alert(1)</script>", desc: `"quoted" & <b>` });
    const page = await alice.get(list);
    assert.doesNotMatch(page.text, /<script>alert/);
    assert.match(page.text, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(page.text, /&quot;quoted&quot; &amp; &lt;b&gt;/);
  });

  it("adds a check with a slug from its name and every integration assigned", async () => {
    const channel = await createIntegration(h.deps, h.project, { kind: "email", name: "Ops", value: "{}" });
    await alice.get(list);
    const res = await alice.post(`${list}add/`, { name: "Disk Usage" });
    assert.equal(res.status, 303);
    const uuid = /\/checks\/([0-9a-f-]{36})\/details\//.exec(res.location!)![1];
    const row = await checkRow(h, uuid);
    assert.equal(row.name, "Disk Usage");
    assert.equal(row.slug, "disk-usage");
    const assigned = await h.deps.db.selectFrom("check_channels").selectAll().where("check_id", "=", row.id).execute();
    assert.deepEqual(assigned.map((a) => a.channel_id), [channel.id]);
  });

  it("shows a check's ping URL, status, schedule and its log of pings and flips", async () => {
    const c = await createCheckVia(h, { name: "Log me", timeout: 600, grace: 300 });
    await ping(h, c.uuid, { action: "start", rid: null });
    h.clock.advanceSeconds(5);
    await ping(h, c.uuid, { body: Buffer.from("all <good>") });
    h.clock.advanceSeconds(5);
    await ping(h, c.uuid, { action: "fail", exitstatus: 3 });
    const page = await alice.get(`/checks/${c.uuid}/details/`);
    assert.equal(page.status, 200);
    assert.match(page.text, new RegExp(`http://localhost:8000/ping/${c.uuid}`));
    assert.match(page.text, /<span class="pill down">Down<\/span>/);
    assert.match(page.text, /Started/);
    assert.match(page.text, /took 5 seconds/);
    assert.match(page.text, /all &lt;good&gt;/);
    assert.match(page.text, /exit status 3/);
    assert.match(page.text, /Changed from <strong>up<\/strong> to <strong>down<\/strong> \(fail\)/);
    assert.match(page.text, /10 minutes/);
  });

  it("edits the name, slug, tags and description", async () => {
    const c = await createCheckVia(h, { name: "Old" });
    const url = `/checks/${c.uuid}/details/`;
    await alice.get(url);
    const res = await alice.post(`/checks/${c.uuid}/name/`, { name: "New name", slug: "new-name", tags: "  a   b ", desc: "Runs nightly" });
    assert.equal(res.status, 303);
    const row = await checkRow(h, c.uuid);
    assert.deepEqual([row.name, row.slug, row.tags, row.description], ["New name", "new-name", "a b", "Runs nightly"]);
    const bad = await alice.post(`/checks/${c.uuid}/name/`, { name: "x", slug: "Not A Slug", tags: "", desc: "" });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /The slug may contain only lowercase letters/);
    assert.equal((await checkRow(h, c.uuid)).name, "New name");
  });

  it("changes a simple schedule with units, validating the API's limits", async () => {
    const c = await createCheckVia(h, { name: "Sched" });
    await alice.get(`/checks/${c.uuid}/details/`);
    const res = await alice.post(`/checks/${c.uuid}/schedule/`, { kind: "simple", timeout_value: "2", timeout_unit: "3600", grace_value: "15", grace_unit: "60" });
    assert.equal(res.status, 303);
    const row = await checkRow(h, c.uuid);
    assert.deepEqual([row.kind, row.timeout, row.grace], ["simple", 7200, 900]);
    const tooShort = await alice.post(`/checks/${c.uuid}/schedule/`, { kind: "simple", timeout_value: "30", timeout_unit: "1", grace_value: "1", grace_unit: "3600" });
    assert.equal(tooShort.status, 400);
    assert.match(tooShort.text, /The period must be at least 1 minute/);
  });

  it("switches to a cron schedule in a time zone, and to OnCalendar", async () => {
    const c = await createCheckVia(h, { name: "Cron" });
    await alice.get(`/checks/${c.uuid}/details/`);
    const res = await alice.post(`/checks/${c.uuid}/schedule/`, { kind: "cron", schedule: "30 2 * * 1-5", tz: "Europe/Riga", grace_value: "1", grace_unit: "3600" });
    assert.equal(res.status, 303);
    let row = await checkRow(h, c.uuid);
    assert.deepEqual([row.kind, row.schedule, row.tz, row.grace], ["cron", "30 2 * * 1-5", "Europe/Riga", 3600]);
    const page = await alice.get(`/checks/${c.uuid}/details/`);
    assert.match(page.text, /Next runs:/);
    assert.match(page.text, /02:30 EET/);

    await alice.post(`/checks/${c.uuid}/schedule/`, { kind: "oncalendar", schedule: "Mon..Fri 09:00\r\nSat 10:00", tz: "UTC", grace_value: "1", grace_unit: "3600" });
    row = await checkRow(h, c.uuid);
    assert.deepEqual([row.kind, row.schedule], ["oncalendar", "Mon..Fri 09:00\nSat 10:00"]);
  });

  it("keeps what was typed in a refused schedule, and reports every error of the form", async () => {
    const c = await createCheckVia(h, { name: "Typed", schedule: "0 * * * *", tz: "UTC" });
    await alice.get(`/checks/${c.uuid}/details/`);
    const res = await alice.post(`/checks/${c.uuid}/schedule/`, { kind: "cron", schedule: "61 4 * * *", tz: "Mars/Olympus", grace_value: "30", grace_unit: "1" });
    assert.equal(res.status, 400);
    assert.match(res.text, /<textarea name="schedule"[^>]*>61 4 \* \* \*<\/textarea>/);
    assert.match(res.text, /name="tz" value="Mars\/Olympus"/);
    assert.match(res.text, /name="grace_value" value="30"/);
    assert.match(res.text, /<li>This is not a valid cron expression\.<\/li><li>Unknown time zone\.<\/li><li>The grace must be at least 1 minute\.<\/li>/);
    assert.match(res.text, /<details class="editor" open>/);
    assert.equal((await checkRow(h, c.uuid)).schedule, "0 * * * *");
    const name = await alice.post(`/checks/${c.uuid}/name/`, { name: "x".repeat(101), slug: "Bad Slug", tags: "t", desc: "kept" });
    assert.match(name.text, /<li>The name is too long\.<\/li><li>The slug may contain only/);
    assert.match(name.text, /name="slug" value="Bad Slug"/);
    assert.match(name.text, /<textarea name="desc" rows="3">kept<\/textarea>/);
  });

  it("refuses an invalid expression, a cron line given as OnCalendar, and an unknown zone", async () => {
    const c = await createCheckVia(h, { name: "Bad cron" });
    await alice.get(`/checks/${c.uuid}/details/`);
    const post = (fields: Record<string, string>) => alice.post(`/checks/${c.uuid}/schedule/`, { grace_value: "1", grace_unit: "3600", tz: "UTC", ...fields });
    assert.match((await post({ kind: "cron", schedule: "61 * * * *" })).text, /not a valid cron expression/);
    assert.match((await post({ kind: "oncalendar", schedule: "* * * * *" })).text, /looks like a cron expression/);
    assert.match((await post({ kind: "cron", schedule: "* * * * *", tz: "Mars/Olympus" })).text, /Unknown time zone/);
    assert.equal((await checkRow(h, c.uuid)).kind, "simple");
  });

  it("previews the next runs of an expression in its zone", async () => {
    const preview = (q: string) => alice.get(`/checks/schedule_preview/?${q}`);
    const ok = await preview("kind=cron&schedule=0+9+*+*+*&tz=America%2FNew_York");
    assert.equal(ok.status, 200);
    assert.equal((ok.text.match(/<li>/g) ?? []).length, 5);
    assert.match(ok.text, /Wed 01 Jan 2020, 09:00 GMT-5/);
    assert.match((await preview("kind=oncalendar&schedule=2019-01-01&tz=UTC")).text, /never runs again/);
    assert.match((await preview("kind=cron&schedule=nonsense&tz=UTC")).text, /five fields/);
  });

  it("shows a quiet hint, not an error, while the expression is still empty", async () => {
    const empty = await alice.get("/checks/schedule_preview/?kind=cron&schedule=&tz=UTC");
    assert.match(empty.text, /<p class="preview-hint muted small">Type a cron expression to see its next runs\.<\/p>/);
    assert.doesNotMatch(empty.text, /preview-error/);
    const simple = await createCheckVia(h, { name: "Simple one" });
    const page = await alice.get(`/checks/${simple.uuid}/details/`);
    assert.doesNotMatch(page.text, /preview-error/);
  });

  it("pauses and resumes a check; a manual_resume check ignores pings until resumed", async () => {
    const c = await createCheckVia(h, { name: "Manual", manual_resume: true });
    await ping(h, c.uuid);
    const url = `/checks/${c.uuid}/details/`;
    await alice.get(url);
    assert.equal((await alice.post(`/checks/${c.uuid}/pause/`)).status, 303);
    assert.equal((await checkRow(h, c.uuid)).status, "paused");
    await ping(h, c.uuid);
    assert.equal((await checkRow(h, c.uuid)).status, "paused");
    const page = await alice.get(url);
    assert.match(page.text, /Pings are ignored until the check is resumed here/);
    assert.match(page.text, /Ignored/);
    await alice.post(`/checks/${c.uuid}/resume/`);
    assert.equal((await checkRow(h, c.uuid)).status, "new");
    await ping(h, c.uuid);
    assert.equal((await checkRow(h, c.uuid)).status, "up");
  });

  it("switches an integration on and off for a check", async () => {
    const channel = await createIntegration(h.deps, h.project, { kind: "webhook", name: "Hook", value: "{}" });
    const c = await createCheckVia(h, { name: "Toggled" });
    const row = await checkRow(h, c.uuid);
    await alice.get(`/checks/${c.uuid}/details/`);
    await alice.post(`/checks/${c.uuid}/channels/${channel.uuid}/`, { enabled: "1" });
    const links = () => h.deps.db.selectFrom("check_channels").selectAll().where("check_id", "=", row.id).where("channel_id", "=", channel.id).execute();
    assert.equal((await links()).length, 1);
    assert.match((await alice.get(`/checks/${c.uuid}/details/`)).text, /aria-checked="true"/);
    await alice.post(`/checks/${c.uuid}/channels/${channel.uuid}/`, { enabled: "0" });
    assert.equal((await links()).length, 0);
  });

  it("removes a check", async () => {
    const c = await createCheckVia(h, { name: "Doomed" });
    await alice.get(`/checks/${c.uuid}/details/`);
    const res = await alice.post(`/checks/${c.uuid}/remove/`);
    assert.equal(res.location, list);
    assert.equal((await alice.get(`/checks/${c.uuid}/details/`)).status, 404);
  });

  it("refuses a NUL in any form field or query with Django's message", async () => {
    const c = await createCheckVia(h, { name: "Nul" });
    await alice.get(`/checks/${c.uuid}/details/`);
    const res = await alice.post(`/checks/${c.uuid}/name/`, { name: "a\u0000b", slug: "", tags: "", desc: "" });
    assert.equal(res.status, 400);
    assert.match(res.text, /Null characters are not allowed\./);
    assert.equal((await checkRow(h, c.uuid)).name, "Nul");
    assert.equal((await alice.get(`/projects/${h.project.uuid}/checks/?tag=a%00`)).status, 400);
  });
});
