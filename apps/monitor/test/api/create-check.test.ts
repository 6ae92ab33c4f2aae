import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, integration, secondProject, startHarness, type Harness } from "../helpers.js";

describe("POST /api/v3/checks/", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const post = (body: unknown, version = 3, key = h.keys.api_key) => call(h.app, "POST", `/api/v${version}/checks/`, { key, body });
  const error = async (body: unknown) => {
    const res = await post(body);
    assert.equal(res.status, 400, res.text);
    return res.json.error;
  };

  it("creates a check with the upstream's defaults from an empty object", async () => {
    const res = await post({});
    assert.equal(res.status, 201);
    assert.equal(res.headers["content-type"], "application/json");
    const c = res.json;
    assert.deepEqual(Object.keys(c), [
      "name", "slug", "tags", "desc", "grace", "n_pings", "status", "started", "last_ping", "next_ping",
      "manual_resume", "methods", "subject", "subject_fail", "start_kw", "success_kw", "failure_kw",
      "filter_subject", "filter_body", "filter_http_body", "filter_default_fail", "badge_url", "uuid",
      "ping_url", "update_url", "pause_url", "resume_url", "channels", "timeout",
    ]);
    assert.equal(c.timeout, 86400);
    assert.equal(c.grace, 3600);
    assert.equal(c.status, "new");
    assert.equal(c.next_ping, null);
    assert.equal(c.channels, "");
    assert.equal(c.slug, "");
    assert.equal(c.ping_url, `http://localhost:8000/ping/${c.uuid}`);
    assert.equal(c.update_url, `http://localhost:8000/api/v3/checks/${c.uuid}`);
    assert.equal(c.pause_url, `${c.update_url}/pause`);
    assert.match(c.badge_url, /^http:\/\/localhost:8000\/b\/2\/[0-9a-f-]{36}\.svg$/);
  });

  it("treats an empty body as an empty object", async () => {
    const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, rawBody: "", headers: { "content-type": "application/json" } });
    assert.equal(res.status, 201);
  });

  it("stores every supplied field", async () => {
    const c = await createCheckVia(h, {
      name: "Backups", slug: "backups", tags: "prod db", desc: "Nightly", timeout: 3600, grace: 60,
      manual_resume: true, methods: "POST", start_kw: "go", success_kw: "ok", failure_kw: "bad",
      filter_subject: true, filter_body: true, filter_http_body: true, filter_default_fail: true,
    });
    assert.equal(c.name, "Backups");
    assert.equal(c.slug, "backups");
    assert.equal(c.tags, "prod db");
    assert.equal(c.desc, "Nightly");
    assert.equal(c.timeout, 3600);
    assert.equal(c.grace, 60);
    assert.equal(c.manual_resume, true);
    assert.equal(c.methods, "POST");
    assert.equal(c.subject, "ok");
    assert.equal(c.subject_fail, "bad");
    assert.equal(c.filter_default_fail, true);
  });

  it("creates a cron check with a time zone and hides the timeout", async () => {
    const c = await createCheckVia(h, { schedule: "*/5 * * * *", tz: "Europe/Riga", timeout: 120 });
    assert.equal(c.schedule, "*/5 * * * *");
    assert.equal(c.tz, "Europe/Riga");
    assert.equal("timeout" in c, false);
    assert.equal(Object.keys(c).length, 30);
  });

  it("detects an OnCalendar schedule", async () => {
    const c = await createCheckVia(h, { schedule: "Mon..Fri 09:00" });
    assert.equal(c.schedule, "Mon..Fri 09:00");
    assert.equal(c.tz, "UTC");
  });

  it("rewrites a legacy time zone name to its canonical one", async () => {
    const c = await createCheckVia(h, { schedule: "0 9 * * *", tz: "Europe/Kiev" });
    assert.equal(c.tz, "Europe/Kyiv");
  });

  it("slugifies the name in v1 and v2 but not in v3", async () => {
    assert.equal((await createCheckVia(h, { name: "Foo Bar!" }, 1)).slug, "foo-bar");
    assert.equal((await createCheckVia(h, { name: "Foo Bar!" }, 2)).slug, "foo-bar");
    assert.equal((await createCheckVia(h, { name: "Foo Bar!" }, 3)).slug, "");
    assert.equal((await createCheckVia(h, { name: "Foo", slug: "custom" }, 2)).slug, "custom");
  });

  it("builds URLs for the API version of the request", async () => {
    const c = await createCheckVia(h, {}, 1);
    assert.equal(c.update_url, `http://localhost:8000/api/v1/checks/${c.uuid}`);
  });

  it("rejects a timeout below 60", async () => {
    assert.equal(await error({ timeout: 59 }), "json validation error: timeout is too small");
  });

  it("rejects a timeout above one year", async () => {
    assert.equal(await error({ timeout: 31536001 }), "json validation error: timeout is too large");
  });

  it("rejects a float timeout even when it is whole", async () => {
    const raw = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, rawBody: '{"timeout": 3600.0}' });
    assert.equal(raw.json.error, "json validation error: timeout is not a number");
  });

  it("counts a boolean timeout as a small integer", async () => {
    assert.equal(await error({ timeout: true }), "json validation error: timeout is too small");
  });

  it("rejects numeric strings and null for integer fields", async () => {
    assert.equal(await error({ grace: "3600" }), "json validation error: grace is not a number");
    assert.equal(await error({ grace: null }), "json validation error: grace is not a number");
  });

  it("rejects null for string and boolean fields", async () => {
    assert.equal(await error({ name: null }), "json validation error: name is not a string");
    assert.equal(await error({ manual_resume: null }), "json validation error: manual_resume is not a boolean");
    assert.equal(await error({ filter_body: 1 }), "json validation error: filter_body is not a boolean");
  });

  it("reports only the first error in the upstream's field order", async () => {
    assert.equal(await error({ name: null, timeout: "x" }), "json validation error: name is not a string");
    assert.equal(await error({ tz: "bad", channels: 5 }), "json validation error: channels is not a string");
    assert.equal(await error({ timeout: 1, grace: 1 }), "json validation error: grace is too small");
  });

  it("limits the lengths of names and keywords", async () => {
    assert.equal(await error({ name: "x".repeat(101) }), "json validation error: name is too long");
    assert.equal((await post({ name: "é".repeat(100) })).status, 201);
    assert.equal(await error({ success_kw: "x".repeat(201) }), "json validation error: success_kw is too long");
  });

  it("checks the slug's pattern", async () => {
    assert.equal(await error({ slug: "Has Caps" }), "json validation error: slug does not match pattern");
    assert.equal((await post({ slug: "" })).status, 201);
  });

  it("accepts only an empty string or POST for methods", async () => {
    assert.equal(await error({ methods: "post" }), "json validation error: methods has unexpected value");
    assert.equal(await error({ methods: null }), "json validation error: methods has unexpected value");
  });

  it("rejects bad schedules and time zones", async () => {
    assert.equal(await error({ schedule: "* * * *" }), "json validation error: schedule is not a valid cron or OnCalendar expression");
    assert.equal(await error({ schedule: "@daily" }), "json validation error: schedule is not a valid cron or OnCalendar expression");
    assert.equal(await error({ schedule: "" }), "json validation error: schedule is not a valid cron or OnCalendar expression");
    assert.equal(await error({ tz: "europe/riga" }), "json validation error: tz is not a valid timezone");
    assert.equal(await error({ tz: 5 }), "json validation error: tz is not a string");
  });

  it("validates the unique list", async () => {
    assert.equal(await error({ unique: "name" }), "json validation error: unique is not an array");
    assert.equal(await error({ unique: null }), "json validation error: unique is not an array");
    assert.equal(await error({ unique: ["desc"] }), "json validation error: an item in 'unique' has unexpected value");
    assert.equal(await error({ unique: [1] }), "json validation error: an item in 'unique' has unexpected value");
  });

  it("ignores unknown fields", async () => {
    assert.equal((await post({ colour: "red", kind: "cron" })).status, 201);
  });

  it("answers malformed JSON with 400 before looking at the key", async () => {
    const res = await call(h.app, "POST", "/api/v3/checks/", { rawBody: "{not json" });
    assert.equal(res.status, 400);
    assert.deepEqual(res.json, { error: "could not parse request body" });
  });

  it("rejects a form-encoded body as unparseable", async () => {
    const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, rawBody: "name=foo", headers: { "content-type": "application/x-www-form-urlencoded" } });
    assert.deepEqual(res.json, { error: "could not parse request body" });
  });

  it("rejects bytes that are not UTF-8", async () => {
    const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, rawBody: Buffer.from([0x7b, 0xff, 0x7d]) });
    assert.equal(res.status, 400);
    assert.deepEqual(res.json, { error: "could not parse request body" });
  });

  it("rejects JSON that is not an object", async () => {
    for (const body of ["[]", "5", '"x"', "null"]) {
      const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, rawBody: body });
      assert.deepEqual(res.json, { error: "json validation error: value is not an object" }, body);
    }
  });

  it("answers a huge body with a 400 page", async () => {
    const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, rawBody: "x".repeat(2_621_441) });
    assert.equal(res.status, 400);
    assert.match(res.text, /Bad Request/);
  });

  it("assigns integrations by name, UUID or all", async () => {
    const a = await integration(h, "Ops");
    const b = await integration(h, "Dev");
    assert.equal((await createCheckVia(h, { channels: "Ops" })).channels, a.uuid);
    assert.equal((await createCheckVia(h, { channels: b.uuid })).channels, b.uuid);
    assert.equal((await createCheckVia(h, { channels: `Ops,${a.uuid}` })).channels, a.uuid);
    const all = (await createCheckVia(h, { channels: "*" })).channels.split(",");
    assert.deepEqual(all, [a.uuid, b.uuid].sort());
  });

  it("reports each kind of bad integration identifier and saves nothing", async () => {
    const before = (await call(h.app, "GET", "/api/v3/checks/", { key: h.keys.api_key })).json.checks.length;
    await integration(h, "Twin");
    await integration(h, "Twin");
    assert.deepEqual((await post({ channels: "Ops,,Dev" })).json, { error: "empty channel identifier" });
    assert.deepEqual((await post({ channels: "Nope" })).json, { error: "invalid channel identifier: Nope" });
    assert.deepEqual((await post({ channels: " Ops" })).json, { error: "invalid channel identifier:  Ops" });
    assert.deepEqual((await post({ channels: "Twin" })).json, { error: "non-unique channel identifier: Twin" });
    const after = (await call(h.app, "GET", "/api/v3/checks/", { key: h.keys.api_key })).json.checks.length;
    assert.equal(after, before);
  });

  it("does not accept another project's integration", async () => {
    const other = await secondProject(h, "carol@example.org");
    const { findProjectByUuid } = await import("../../src/store/projects.js");
    const foreign = await integration(h, "Theirs", "email", (await findProjectByUuid(h.deps.db, other.uuid))!);
    assert.deepEqual((await post({ channels: foreign.uuid })).json, { error: `invalid channel identifier: ${foreign.uuid}` });
  });

  it("maps the legacy subject fields to keywords and the subject filter", async () => {
    const c = await createCheckVia(h, { subject: "SUCCESS", subject_fail: "FAIL" });
    assert.equal(c.success_kw, "SUCCESS");
    assert.equal(c.failure_kw, "FAIL");
    assert.equal(c.filter_subject, true);
    assert.equal(c.subject, "SUCCESS");
    const d = await createCheckVia(h, { subject: "SUCCESS", filter_subject: false });
    assert.equal(d.success_kw, "SUCCESS");
    assert.equal(d.filter_subject, false);
    assert.equal(d.subject, "");
  });
});

describe("Upserts with unique", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const post = (body: unknown) => call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body });

  it("updates the first check whose unique fields match and answers 200", async () => {
    const first = await createCheckVia(h, { name: "db", tags: "x" });
    const res = await post({ name: "db", tags: "y", unique: ["name"] });
    assert.equal(res.status, 200);
    assert.equal(res.json.uuid, first.uuid);
    assert.equal(res.json.tags, "y");
  });

  it("creates when nothing matches, when a unique field is absent, or when unique is empty", async () => {
    assert.equal((await post({ name: "other", unique: ["name"] })).status, 201);
    assert.equal((await post({ name: "db", unique: ["tags"] })).status, 201);
    assert.equal((await post({ name: "db", unique: [] })).status, 201);
  });

  it("matches on timeout, grace and slug", async () => {
    const c = await createCheckVia(h, { timeout: 600, grace: 120, slug: "s1" });
    const res = await post({ timeout: 600, grace: 120, slug: "s1", unique: ["timeout", "grace", "slug"], desc: "matched" });
    assert.equal(res.status, 200);
    assert.equal(res.json.uuid, c.uuid);
    assert.equal(res.json.desc, "matched");
  });
});

describe("The check limit", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ defaultCheckLimit: "2" });
  });
  after(() => h.close());

  it("refuses a create beyond the owner's limit with an empty 403", async () => {
    await createCheckVia(h, { name: "a" });
    await createCheckVia(h, { name: "b" });
    const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "c" } });
    assert.equal(res.status, 403);
    assert.equal(res.text, "");
  });

  it("still lets an upsert that matches update a check", async () => {
    const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "a", desc: "d", unique: ["name"] } });
    assert.equal(res.status, 200);
  });

  it("counts checks in every project of the same owner", async () => {
    const { createProject } = await import("../../src/actions/projects.js");
    const other = await createProject(h.deps, { name: "Second", ownerEmail: "alice@example.org" });
    const res = await call(h.app, "POST", "/api/v3/checks/", { key: other.api_key, body: {} });
    assert.equal(res.status, 403);
  });

  it("refuses a NUL in a text field with a 400, after the upstream's own rules", async () => {
    for (const field of ["name", "tags", "desc", "subject", "channels"]) {
      const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { [field]: "a\u0000b" } });
      assert.deepEqual([res.status, res.json], [400, { error: `json validation error: ${field} must not contain null characters` }], field);
    }
    const slug = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { slug: "a\u0000" } });
    assert.deepEqual(slug.json, { error: "json validation error: slug does not match pattern" });
    const timeout = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "a\u0000", timeout: 1 } });
    assert.deepEqual(timeout.json, { error: "json validation error: timeout is too small" });
  });
});
