// People and projects: inviting by e-mail someone without an account (who sets a password from
// the invitation), transferring a project to a team member, and the project switcher.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startMailReceiver, type MailReceiver } from "../../src/integrations/testing/mail-receiver.js";
import { createCheckVia, startHarness, type Harness } from "../helpers.js";
import { signedUp, WebClient } from "./helpers.js";

describe("team invitations and project transfers", () => {
  let h: Harness;
  let smtp: MailReceiver;
  let alice: WebClient;
  let settings: string;
  before(async () => {
    smtp = await startMailReceiver();
    h = await startHarness({ smtpHost: "127.0.0.1", smtpPort: String(smtp.port), smtpUseTls: "false", siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
    settings = `/projects/${h.project.uuid}/settings/`;
    await createCheckVia(h, { name: "Backups" });
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  it("invites someone without an account, who sets a password from the e-mail and finds the project", async () => {
    await alice.get(settings);
    const res = await alice.submit(settings, { action: "invite", email: "Newcomer@Example.org", role: "ro" });
    assert.match(res.text, /newcomer@example\.org added to the team\. We sent them an e-mail\./);
    const mail = smtp.messages.at(-1)!;
    assert.deepEqual(smtp.envelopes.at(-1)!.to, ["newcomer@example.org"]);
    assert.match(mail.subject!, /You are invited to "Alices"/);
    assert.match(mail.text!, /alice@example\.org invited you to the project "Alices"/);
    const link = new URL(/https:\/\/hc\.example\.org\/accounts\/claim\/\S+?\//.exec(mail.text!)![0]).pathname;
    const newcomer = new WebClient(h.app);
    await newcomer.get(link);
    const claimed = await newcomer.post(link, { password: "a brand new password" });
    assert.equal(claimed.status, 303);
    const projects = await newcomer.get("/projects/");
    assert.match(projects.text, /Alices/);
    assert.match(projects.text, /Read-only/);
    // The link worked once.
    assert.equal((await new WebClient(h.app).get(link)).status, 400);
  });

  it("tells an existing account it was added, and refuses a malformed address", async () => {
    await signedUp(h, "bob@example.org");
    const res = await alice.submit(settings, { action: "invite", email: "bob@example.org", role: "rw" });
    assert.match(res.text, /bob@example\.org added to the team/);
    assert.match(smtp.messages.at(-1)!.text!, /alice@example\.org added you to the project "Alices"/);
    assert.match((await alice.post(settings, { action: "invite", email: "not an address", role: "rw" })).text, /valid e-mail address/);
  });

  it("transfers the project to a team member once they accept, keeping the old owner on the team", async () => {
    const bob = new WebClient(h.app);
    await bob.get("/accounts/login/");
    await bob.post("/accounts/login/", { email: "bob@example.org", password: "correct horse battery" });
    const bobId = (await h.deps.db.selectFrom("accounts").select("id").where("email", "=", "bob@example.org").executeTakeFirstOrThrow()).id;
    await alice.get(settings);
    const offered = await alice.submit(settings, { action: "offer_transfer", account: String(bobId) });
    assert.match(offered.text, /The project is offered/);
    assert.match(offered.text, /transfer offered/);
    // Nobody else can accept it.
    assert.match((await alice.post(settings, { action: "accept_transfer" })).text, /not offered to you/);
    const page = await bob.get(settings);
    assert.match(page.text, /alice@example\.org offers you the ownership of this project/);
    const accepted = await bob.submit(settings, { action: "accept_transfer" });
    assert.match(accepted.text, /You are now the owner of “Alices”/);
    const project = await h.deps.db.selectFrom("projects").selectAll().where("id", "=", h.project.id).executeTakeFirstOrThrow();
    assert.equal(project.owner_id, bobId);
    const after = await alice.get(settings);
    assert.equal(after.status, 200);
    assert.match(after.text, /<td class="clip-any">alice@example\.org<\/td><td>Team member<\/td>/);
    assert.doesNotMatch(after.text, /name="action" value="delete_project"/);
  });

  it("lists the other projects in the switcher, opening each on the same tab", async () => {
    await alice.get("/projects/");
    const made = await alice.post("/projects/", { name: "Second" });
    assert.equal(made.status, 303, made.text.slice(0, 300));
    const second = /\/projects\/([0-9a-f-]{36})\/settings\//.exec(made.location!)![1];
    const page = await alice.get(`/projects/${h.project.uuid}/integrations/`);
    assert.match(page.text, new RegExp(`<summary class="project-name" title="Switch project">Alices</summary>`));
    assert.match(page.text, new RegExp(`<a href="/projects/${second}/integrations/">Second</a>`));
  });
});
