import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startHarness, type Harness } from "../helpers.js";
import { newProject, signedUp, WebClient } from "./helpers.js";

describe("CSRF protection of dashboard forms", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("rejects a sign-in form posted without a token", async () => {
    const client = new WebClient(h.app);
    await client.get("/accounts/login/");
    const res = await client.post("/accounts/login/", { email: "a@example.org", password: "whatever1" }, { csrf: null });
    assert.equal(res.status, 403);
    assert.match(res.text, /CSRF check failed/);
  });

  it("rejects a state-changing post without a token, and changes nothing", async () => {
    const client = await signedUp(h, "owner@example.org");
    const res = await client.post("/projects/", { name: "Forged" }, { csrf: null });
    assert.equal(res.status, 403);
    const projects = await h.deps.db.selectFrom("projects").select("name").where("name", "=", "Forged").execute();
    assert.equal(projects.length, 0);
  });

  it("rejects the token of another session", async () => {
    const victim = await signedUp(h, "victim@example.org");
    const { uuid } = await newProject(victim, "Victims");
    const attacker = await signedUp(h, "attacker@example.org");
    await attacker.get("/projects/");
    const res = await victim.post(`/projects/${uuid}/settings/`, { action: "revoke_key", key: "api_key" }, { csrf: attacker.csrf });
    assert.equal(res.status, 403);
    const project = await h.deps.db.selectFrom("projects").selectAll().where("uuid", "=", uuid).executeTakeFirstOrThrow();
    assert.notEqual(project.api_key_hash, null);
  });

  it("rejects a token from before sign-in once signed in (the session token changed)", async () => {
    await signedUp(h, "rotating@example.org");
    const client = new WebClient(h.app);
    await client.get("/accounts/login/");
    const before = client.csrf;
    await client.post("/accounts/login/", { email: "rotating@example.org", password: "correct horse battery" });
    const res = await client.post("/projects/", { name: "Stale" }, { csrf: before });
    assert.equal(res.status, 403);
  });

  it("accepts the page's own token", async () => {
    const client = await signedUp(h, "honest@example.org");
    await client.get("/projects/");
    const res = await client.post("/projects/", { name: "Honest" });
    assert.equal(res.status, 303);
  });

  it("also accepts the token in an X-CSRF-Token header, for scripts", async () => {
    const client = await signedUp(h, "scripted@example.org");
    await client.get("/projects/");
    const res = await h.app.inject({
      method: "POST",
      url: "/projects/",
      headers: { cookie: client.cookie!, "x-csrf-token": client.csrf!, "content-type": "application/x-www-form-urlencoded" },
      payload: "name=Scripted",
    });
    assert.equal(res.statusCode, 303);
  });
});
