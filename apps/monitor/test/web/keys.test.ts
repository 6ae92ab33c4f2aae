import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, startHarness, type Harness } from "../helpers.js";
import { newProject, signedUp, type WebClient } from "./helpers.js";

describe("project settings: API keys and the ping key", () => {
  let h: Harness;
  let owner: WebClient;
  let project: { uuid: string; apiKey: string };
  let settings: string;

  before(async () => {
    h = await startHarness();
    owner = await signedUp(h, "keys@example.org");
    project = await newProject(owner, "Keyed");
    settings = `/projects/${project.uuid}/settings/`;
  });
  after(() => h.close());

  const createdKey = (text: string) => /<code class="secret" data-copy>([A-Za-z0-9_]+)<\/code>/.exec(text)?.[1];

  it("shows the API keys of a new project once, and they work against the API", async () => {
    const res = await call(h.app, "GET", "/api/v3/checks/", { key: project.apiKey });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { checks: [] });
    const page = await owner.get(settings);
    assert.equal(createdKey(page.text), undefined);
    assert.doesNotMatch(page.text, new RegExp(project.apiKey));
  });

  it("revokes the read-write key: the API then refuses it", async () => {
    await owner.get(settings);
    const res = await owner.submit(settings, { action: "revoke_key", key: "api_key" });
    assert.match(res.text, /API key revoked/);
    assert.equal((await call(h.app, "GET", "/api/v3/checks/", { key: project.apiKey })).status, 401);
  });

  it("creates a new read-write key, shown once, that the API accepts for writes", async () => {
    await owner.get(settings);
    const res = await owner.submit(settings, { action: "create_key", key: "api_key" });
    const key = createdKey(res.text);
    assert.match(key ?? "", /^hcw_[A-Za-z0-9]{28}$/);
    const created = await call(h.app, "POST", "/api/v3/checks/", { key, body: { name: "From the new key" } });
    assert.equal(created.status, 201);
    assert.doesNotMatch((await owner.get(settings)).text, new RegExp(key!));
  });

  it("refuses to create a key that is set already", async () => {
    await owner.get(settings);
    const res = await owner.submit(settings, { action: "create_key", key: "api_key" });
    assert.equal(res.status, 400);
    assert.match(res.text, /set already: revoke it first/);
  });

  it("creates and revokes the read-only key", async () => {
    await owner.get(settings);
    await owner.post(settings, { action: "revoke_key", key: "api_key_readonly" });
    const res = await owner.submit(settings, { action: "create_key", key: "api_key_readonly" });
    const key = createdKey(res.text)!;
    assert.match(key, /^hcr_/);
    const list = await call(h.app, "GET", "/api/v3/checks/", { key });
    assert.equal(list.status, 200);
    assert.ok(list.json.checks[0].unique_key);
    assert.equal((await call(h.app, "POST", "/api/v3/checks/", { key, body: {} })).status, 401);
    await owner.post(settings, { action: "revoke_key", key: "api_key_readonly" });
    assert.equal((await call(h.app, "GET", "/api/v3/checks/", { key })).status, 401);
  });

  it("revokes and recreates the ping key, which is shown in the settings", async () => {
    const before = await h.deps.db.selectFrom("projects").selectAll().where("uuid", "=", project.uuid).executeTakeFirstOrThrow();
    await owner.get(settings);
    await owner.post(settings, { action: "revoke_key", key: "ping_key" });
    const revoked = await h.deps.db.selectFrom("projects").selectAll().where("uuid", "=", project.uuid).executeTakeFirstOrThrow();
    assert.equal(revoked.ping_key, null);
    const res = await owner.submit(settings, { action: "create_key", key: "ping_key" });
    const after = await h.deps.db.selectFrom("projects").selectAll().where("uuid", "=", project.uuid).executeTakeFirstOrThrow();
    assert.match(after.ping_key ?? "", /^[a-z0-9]{22}$/);
    assert.notEqual(after.ping_key, before.ping_key);
    assert.match(res.text, new RegExp(after.ping_key!));
  });

  it("renames the project, refusing an empty name", async () => {
    await owner.get(settings);
    assert.match((await owner.post(settings, { action: "rename", name: "  " })).text, /Please enter a project name/);
    const res = await owner.submit(settings, { action: "rename", name: "Renamed" });
    assert.match(res.text, /Project renamed/);
    assert.match(res.text, /value="Renamed"/);
  });

  it("rejects an unknown key type", async () => {
    await owner.get(settings);
    assert.equal((await owner.post(settings, { action: "create_key", key: "badge_key" })).status, 400);
  });
});
