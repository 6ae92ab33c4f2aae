// `/cloaked/<unique_key>/`: the link every alert carries, as upstream's uncloak view.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkRow, createCheckVia, secondProject, startHarness, type Harness } from "../helpers.js";
import { PASSWORD, signedUp, WebClient } from "./helpers.js";

describe("cloaked check links", () => {
  let h: Harness;
  let link: string;
  let uuid: string;
  before(async () => {
    h = await startHarness();
    uuid = (await createCheckVia(h, { name: "Backups" })).uuid;
    link = `/cloaked/${(await checkRow(h, uuid)).unique_key}/`;
  });
  after(() => h.close());

  it("sends a visitor who is not signed in to sign in, then back to the link and on to the check", async () => {
    const visitor = new WebClient(h.app);
    const res = await visitor.get(link);
    assert.equal(res.status, 303);
    assert.equal(res.location, `/accounts/login/?next=${link}`);
    await signedUp(h, "alice@example.org");
    const form = await visitor.get(res.location!);
    assert.match(form.text, new RegExp(`action="/accounts/login/\\?next=${encodeURIComponent(link)}"`));
    const signedIn = await visitor.post(`/accounts/login/?next=${encodeURIComponent(link)}`, { email: "alice@example.org", password: PASSWORD });
    assert.equal(signedIn.location, link);
    const back = await visitor.get(link);
    assert.equal(back.status, 302);
    assert.equal(back.location, `/checks/${uuid}/details/`);
    assert.equal((await visitor.get(back.location!)).status, 200);
  });

  it("answers 404 to a signed-in account outside the check's project, and to an unknown key", async () => {
    await secondProject(h, "bob@example.org");
    const bob = await signedUp(h, "bob@example.org");
    assert.equal((await bob.get(link)).status, 404);
    const alice = new WebClient(h.app);
    await alice.get("/accounts/login/");
    await alice.post("/accounts/login/", { email: "alice@example.org", password: PASSWORD });
    assert.equal((await alice.get("/cloaked/0000000000000000000000000000000000000000/")).status, 404);
    assert.equal((await alice.get("/cloaked/%00/")).status, 404);
  });

  it("leads a team member of the project to the check", async () => {
    const alice = new WebClient(h.app);
    await alice.get("/accounts/login/");
    await alice.post("/accounts/login/", { email: "alice@example.org", password: PASSWORD });
    await alice.get(`/projects/${h.project.uuid}/settings/`);
    const invited = await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "bob@example.org", role: "rw" });
    assert.ok(invited.status < 400, `invite answered ${invited.status}`);
    const bob = new WebClient(h.app);
    await bob.get("/accounts/login/");
    await bob.post("/accounts/login/", { email: "bob@example.org", password: PASSWORD });
    const res = await bob.get(link);
    assert.equal(res.status, 302);
    assert.equal(res.location, `/checks/${uuid}/details/`);
  });
});
