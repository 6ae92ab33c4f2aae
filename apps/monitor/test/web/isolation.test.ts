import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createIntegration } from "../../src/actions/integrations.js";
import { createCheckVia, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "./helpers.js";

describe("project isolation and team members", () => {
  let h: Harness;
  let alice: WebClient;
  let bob: WebClient;
  let checkUuid: string;
  let channelUuid: string;

  before(async () => {
    h = await startHarness();
    alice = await signedUp(h, "alice@example.org");
    bob = await signedUp(h, "bob@example.org");
    checkUuid = (await createCheckVia(h, { name: "Nightly backup", tags: "prod" })).uuid;
    channelUuid = (await createIntegration(h.deps, h.project, { kind: "email", name: "Ops", value: '{"value": "ops@example.org", "up": true, "down": true}' })).uuid;
  });
  after(() => h.close());

  const projectPages = () => [
    `/projects/${h.project.uuid}/checks/`,
    `/projects/${h.project.uuid}/checks/status/`,
    `/projects/${h.project.uuid}/integrations/`,
    `/projects/${h.project.uuid}/settings/`,
    `/projects/${h.project.uuid}/badges/`,
    `/checks/${checkUuid}/details/`,
    `/integrations/${channelUuid}/checks/`,
  ];

  it("hides another account's project, checks and integrations behind 404s", async () => {
    const overview = await bob.get("/projects/");
    assert.doesNotMatch(overview.text, /Alices/);
    for (const url of projectPages()) assert.equal((await bob.get(url)).status, 404, url);
  });

  it("answers an unknown project exactly like a foreign one", async () => {
    const unknown = await bob.get("/projects/00000000-0000-4000-8000-000000000000/checks/");
    const foreign = await bob.get(`/projects/${h.project.uuid}/checks/`);
    assert.equal(unknown.status, foreign.status);
    assert.equal(unknown.text.replace(/value="[^"]+"/g, ""), foreign.text.replace(/value="[^"]+"/g, ""));
  });

  it("refuses another account's writes: pause, remove, integration edits, keys", async () => {
    await bob.get("/projects/");
    assert.equal((await bob.post(`/checks/${checkUuid}/pause/`)).status, 404);
    assert.equal((await bob.post(`/checks/${checkUuid}/remove/`)).status, 404);
    assert.equal((await bob.post(`/integrations/${channelUuid}/remove/`)).status, 404);
    assert.equal((await bob.post(`/projects/${h.project.uuid}/settings/`, { action: "revoke_key", key: "api_key" })).status, 404);
    const check = await h.deps.db.selectFrom("checks").selectAll().where("uuid", "=", checkUuid).executeTakeFirstOrThrow();
    assert.equal(check.status, "new");
    assert.equal((await h.deps.db.selectFrom("channels").selectAll().where("uuid", "=", channelUuid).execute()).length, 1);
  });

  it("does not let a check be switched to an integration of another project", async () => {
    await bob.get("/projects/");
    const res = await bob.post("/projects/", { name: "Bobs" });
    const bobProject = /\/projects\/([0-9a-f-]{36})\/settings\//.exec(res.location!)![1];
    const added = await bob.post(`/projects/${bobProject}/checks/add/`, { name: "Bob's check" });
    const bobCheck = /\/checks\/([0-9a-f-]{36})\/details\//.exec(added.location!)![1];
    await bob.get(`/checks/${bobCheck}/details/`);
    assert.equal((await bob.post(`/checks/${bobCheck}/channels/${channelUuid}/`, { enabled: "1" })).status, 404);
  });

  it("shows the project to an invited team member, who can then change checks", async () => {
    await alice.get(`/projects/${h.project.uuid}/settings/`);
    const invite = await alice.submit(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "BOB@example.org", role: "rw" });
    assert.match(invite.text, /bob@example\.org added to the team/);
    for (const url of projectPages()) assert.equal((await bob.get(url)).status, 200, url);
    assert.match((await bob.get("/projects/")).text, /Alices/);
    assert.equal((await bob.post(`/checks/${checkUuid}/pause/`)).status, 303);
    const check = await h.deps.db.selectFrom("checks").selectAll().where("uuid", "=", checkUuid).executeTakeFirstOrThrow();
    assert.equal(check.status, "paused");
  });

  it("does not let a team member manage the team", async () => {
    await bob.get(`/projects/${h.project.uuid}/settings/`);
    const res = await bob.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "carol@example.org", role: "rw" });
    assert.equal(res.status, 403);
  });

  it("reports an invitation of an unknown address or of a member", async () => {
    await alice.get(`/projects/${h.project.uuid}/settings/`);
    assert.match((await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "nobody@example.org", role: "rw" })).text, /no account with that e-mail/);
    assert.match((await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "bob@example.org", role: "ro" })).text, /is a member already/);
  });

  it("lets a read-only member look but not change anything", async () => {
    const carol = await signedUp(h, "carol@example.org");
    await alice.get(`/projects/${h.project.uuid}/settings/`);
    await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "carol@example.org", role: "ro" });
    const details = await carol.get(`/checks/${checkUuid}/details/`);
    assert.equal(details.status, 200);
    assert.doesNotMatch(details.text, /Resume monitoring|Remove check/);
    assert.equal((await carol.post(`/checks/${checkUuid}/resume/`)).status, 403);
    assert.equal((await carol.post(`/projects/${h.project.uuid}/checks/add/`, { name: "x" })).status, 403);
    assert.equal((await carol.post(`/projects/${h.project.uuid}/settings/`, { action: "create_key", key: "api_key" })).status, 403);
    assert.doesNotMatch((await carol.get(`/projects/${h.project.uuid}/settings/`)).text, /API access/);
  });

  it("takes the project away from a removed member", async () => {
    const settings = await alice.get(`/projects/${h.project.uuid}/settings/`);
    const bobId = (await h.deps.db.selectFrom("accounts").select("id").where("email", "=", "bob@example.org").executeTakeFirstOrThrow()).id;
    assert.match(settings.text, new RegExp(`name="account" value="${bobId}"`));
    await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "remove_member", account: String(bobId) });
    assert.equal((await bob.get(`/projects/${h.project.uuid}/checks/`)).status, 404);
  });

  it("lets a member leave a project", async () => {
    await signedUp(h, "dave@example.org").then(async (dave) => {
      await alice.get(`/projects/${h.project.uuid}/settings/`);
      await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "dave@example.org", role: "rw" });
      await dave.get(`/projects/${h.project.uuid}/settings/`);
      const res = await dave.post(`/projects/${h.project.uuid}/settings/`, { action: "leave" });
      assert.equal(res.location, "/projects/");
      assert.equal((await dave.get(`/projects/${h.project.uuid}/checks/`)).status, 404);
    });
  });
});
