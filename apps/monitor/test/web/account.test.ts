// The account page: change the password, sign out other sessions, change the e-mail address
// through a link mailed to the new one.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startMailReceiver, type MailReceiver } from "../../src/integrations/testing/mail-receiver.js";
import { startHarness, type Harness } from "../helpers.js";
import { PASSWORD, signedUp, WebClient } from "./helpers.js";

async function signIn(h: Harness, email: string, password: string): Promise<{ client: WebClient; status: number }> {
  const client = new WebClient(h.app);
  await client.get("/accounts/login/");
  const res = await client.post("/accounts/login/", { email, password });
  return { client, status: res.status };
}

describe("the account page", () => {
  let h: Harness;
  let smtp: MailReceiver;
  before(async () => {
    smtp = await startMailReceiver();
    h = await startHarness({ smtpHost: "127.0.0.1", smtpPort: String(smtp.port), smtpUseTls: "false", siteRoot: "https://hc.example.org" });
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  it("is linked from the account's address in the top bar and asks a visitor to sign in", async () => {
    const carol = await signedUp(h, "carol@example.org");
    const page = await carol.get("/accounts/profile/");
    assert.equal(page.status, 200);
    assert.match(page.text, /<a href="\/accounts\/profile\/" class="muted email" title="Your account">carol@example.org<\/a>/);
    assert.match(page.text, /You sign in as <strong>carol@example.org<\/strong>/);
    assert.equal((await new WebClient(h.app).get("/accounts/profile/")).location, "/accounts/login/?next=/accounts/profile/");
  });

  it("changes the password with the current one, signing out the other sessions only", async () => {
    const here = await signedUp(h, "dave@example.org");
    const elsewhere = (await signIn(h, "dave@example.org", PASSWORD)).client;
    await here.get("/accounts/profile/");
    const wrong = await here.post("/accounts/profile/", { action: "password", current: "not it at all", password: "a new long password" });
    assert.equal(wrong.status, 400);
    assert.match(wrong.text, /The current password is not right/);
    const short = await here.post("/accounts/profile/", { action: "password", current: PASSWORD, password: "short" });
    assert.match(short.text, /at least 8 characters/);
    const ok = await here.submit("/accounts/profile/", { action: "password", current: PASSWORD, password: "a new long password" });
    assert.equal(ok.posted, 303);
    assert.equal(ok.status, 200);
    assert.match(ok.text, /Your password has been changed/);
    assert.equal((await here.get("/projects/")).status, 200);
    assert.equal((await elsewhere.get("/projects/")).status, 303);
    assert.equal((await signIn(h, "dave@example.org", PASSWORD)).status, 400);
    assert.equal((await signIn(h, "dave@example.org", "a new long password")).status, 303);
  });

  it("signs out the other sessions on request", async () => {
    const here = await signedUp(h, "erin@example.org");
    const other = [(await signIn(h, "erin@example.org", PASSWORD)).client, (await signIn(h, "erin@example.org", PASSWORD)).client];
    const page = await here.get("/accounts/profile/");
    assert.match(page.text, /You are also signed in in 2 other places/);
    const res = await here.submit("/accounts/profile/", { action: "sessions" });
    assert.match(res.text, /2 other sessions signed out/);
    assert.match(res.text, /You are signed in here only/);
    for (const client of other) assert.equal((await client.get("/projects/")).status, 303);
    assert.equal((await here.get("/projects/")).status, 200);
  });

  it("changes the e-mail address once the link mailed to the new address is followed", async () => {
    const frank = await signedUp(h, "frank@example.org");
    await frank.get("/accounts/profile/");
    assert.match((await frank.post("/accounts/profile/", { action: "email", email: "new@example.org", password: "wrong password" })).text, /The password is not right/);
    assert.match((await frank.post("/accounts/profile/", { action: "email", email: "carol@example.org", password: PASSWORD })).text, /Another account uses that address/);
    assert.match((await frank.post("/accounts/profile/", { action: "email", email: "nonsense", password: PASSWORD })).text, /valid e-mail address/);
    const sent = await frank.submit("/accounts/profile/", { action: "email", email: "Frank.New@Example.org", password: PASSWORD });
    assert.match(sent.text, /We sent a link to frank.new@example.org/);
    assert.deepEqual(smtp.envelopes.at(-1)!.to, ["frank.new@example.org"]);
    const link = new URL(/https:\/\/hc\.example\.org\/accounts\/change_email\/\S+?\//.exec(smtp.messages.at(-1)!.text!)![0]).pathname;
    assert.match(frank.cookie ?? "", /=/);

    // Not before it is followed, and only by the account it names.
    assert.equal((await signIn(h, "frank.new@example.org", PASSWORD)).status, 400);
    const carol = (await signIn(h, "carol@example.org", PASSWORD)).client;
    assert.equal((await carol.get(link)).status, 400);

    const done = await frank.get(link);
    assert.equal(done.location, "/accounts/profile/?changed=email");
    assert.match((await frank.get(done.location!)).text, /Your e-mail address has been changed/);
    assert.equal((await signIn(h, "frank.new@example.org", PASSWORD)).status, 303);
    assert.equal((await signIn(h, "frank@example.org", PASSWORD)).status, 400);
    assert.equal((await frank.get(link)).status, 400, "the link works once");
    assert.equal((await frank.get("/accounts/change_email/1.1.x.y/")).status, 400);
  });
});
