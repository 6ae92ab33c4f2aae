// The account's second layer: password reset by e-mail, two-factor sign-in (TOTP, recovery
// codes), preferences (appearance, the monthly report and its opt-out), closing the account.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { reportUnsubscribeLink, sendDueReports } from "../../src/actions/monthly-reports.js";
import { findProfile } from "../../src/store/web-profiles.js";
import { startMailReceiver, type MailReceiver } from "../../src/integrations/testing/mail-receiver.js";
import { base32, hotp, timeStep } from "../../src/lib/totp.js";
import { createCheckVia, ping, startHarness, type Harness } from "../helpers.js";
import { base32Decode, PASSWORD, signedUp, WebClient } from "./helpers.js";

describe("the account's security and preferences", () => {
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

  const signIn = async (email: string, password: string) => {
    const client = new WebClient(h.app);
    await client.get("/accounts/login/");
    return { client, res: await client.post("/accounts/login/", { email, password }) };
  };

  it("computes RFC 6238's test vector", () => {
    // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082 (8 digits); its last 6 digits.
    assert.equal(hotp(Buffer.from("12345678901234567890"), timeStep(59_000)), "287082");
    assert.equal(base32(Buffer.from("12345678901234567890")), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it("resets a forgotten password through a link that works once, without telling whether an account exists", async () => {
    await signedUp(h, "forgetful@example.org");
    const visitor = new WebClient(h.app);
    await visitor.get("/accounts/password_reset/");
    const asked = await visitor.submit("/accounts/password_reset/", { email: "Forgetful@example.org" });
    assert.match(asked.text, /If an account uses that address, we sent it a link/);
    const mails = smtp.messages.length;
    const nobody = await visitor.submit("/accounts/password_reset/", { email: "nobody@example.org" });
    assert.match(nobody.text, /If an account uses that address/);
    assert.equal(smtp.messages.length, mails);
    const link = new URL(/https:\/\/hc\.example\.org\/accounts\/password_reset\/\S+?\//.exec(smtp.messages.at(-1)!.text!)![0]).pathname;
    await visitor.get(link);
    assert.match((await visitor.post(link, { password: "short" })).text, /at least 8 characters/);
    const done = await visitor.submit(link, { password: "a whole new password" });
    assert.match(done.text, /Your password is set: sign in with it/);
    assert.equal((await visitor.get(link)).status, 400);
    assert.equal((await signIn("forgetful@example.org", PASSWORD)).res.status, 400);
    assert.equal((await signIn("forgetful@example.org", "a whole new password")).res.status, 303);
  });

  it("turns on two-factor sign-in, then asks for a code that works once, or a recovery code", async () => {
    const carol = await signedUp(h, "carol@example.org");
    const setup = await carol.get("/accounts/two_factor/setup/");
    const secret = /<code id="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(setup.text)![1];
    const seed = base32Decode(secret);
    const sealed = /name="sealed" value="([^"]+)"/.exec(setup.text)![1];
    assert.equal((await carol.post("/accounts/two_factor/setup/", { sealed, code: "000000" })).status, 400);
    const now = () => h.clock.now().getTime();
    const on = await carol.submit("/accounts/two_factor/setup/", { sealed, code: hotp(seed, timeStep(now())) });
    assert.match(on.text, /Two-factor sign-in is on/);
    const codes = /<pre class="recovery-codes" id="recovery-codes">([^<]+)<\/pre>/.exec(on.text)![1].split("\n");
    assert.equal(codes.length, 10);
    // Shown once.
    assert.doesNotMatch((await carol.get("/accounts/profile/")).text, /recovery-codes"/);
    const stored = await h.deps.db.selectFrom("web_profiles").selectAll().innerJoin("accounts", "accounts.id", "web_profiles.account_id").where("accounts.email", "=", "carol@example.org").executeTakeFirstOrThrow();
    assert.doesNotMatch(stored.totp_secret!, new RegExp(secret.replace(/ /g, "")));
    assert.doesNotMatch(stored.recovery_codes, new RegExp(codes[0]));

    h.clock.advanceSeconds(60);
    const { client, res } = await signIn("carol@example.org", PASSWORD);
    assert.equal(res.status, 200);
    assert.match(res.text, /Enter your code/);
    assert.equal((await client.get("/projects/")).status, 303, "not signed in yet");
    const pending = /name="pending" value="([^"]+)"/.exec(res.text)![1];
    assert.equal((await client.post("/accounts/login/two_factor/", { pending, code: "123456" })).status, 400);
    const code = hotp(seed, timeStep(now()));
    const ok = await client.post("/accounts/login/two_factor/", { pending, code });
    assert.equal(ok.status, 303);
    assert.equal((await client.get("/projects/")).status, 200);
    // The same code again is refused (replay), a recovery code works once.
    const again = await signIn("carol@example.org", PASSWORD);
    const pending2 = /name="pending" value="([^"]+)"/.exec(again.res.text)![1];
    assert.equal((await again.client.post("/accounts/login/two_factor/", { pending: pending2, code })).status, 400);
    assert.equal((await again.client.post("/accounts/login/two_factor/", { pending: pending2, code: codes[0].toUpperCase() })).status, 303);
    const third = await signIn("carol@example.org", PASSWORD);
    const pending3 = /name="pending" value="([^"]+)"/.exec(third.res.text)![1];
    assert.equal((await third.client.post("/accounts/login/two_factor/", { pending: pending3, code: codes[0] })).status, 400);
    // A pending token is tied to its visitor.
    assert.equal((await new WebClient(h.app).post("/accounts/login/two_factor/", { pending: pending3, code: codes[1] }, { csrf: null })).status, 403);
    assert.match((await carol.get("/accounts/profile/")).text, /9 recovery codes left/);
    // Turning it off takes the password.
    await carol.get("/accounts/profile/");
    assert.match((await carol.post("/accounts/profile/", { action: "disable_2fa", password: "wrong one" })).text, /not right/);
    assert.match((await carol.submit("/accounts/profile/", { action: "disable_2fa", password: PASSWORD })).text, /Two-factor sign-in is off/);
    assert.equal((await signIn("carol@example.org", PASSWORD)).res.status, 303);
  });

  it("throttles two-factor codes", async () => {
    const dave = await signedUp(h, "dave@example.org");
    const setup = await dave.get("/accounts/two_factor/setup/");
    const seed = base32Decode(/<code id="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(setup.text)![1]);
    await dave.submit("/accounts/two_factor/setup/", { sealed: /name="sealed" value="([^"]+)"/.exec(setup.text)![1], code: hotp(seed, timeStep(h.clock.now().getTime())) });
    const { client, res } = await signIn("dave@example.org", PASSWORD);
    const pending = /name="pending" value="([^"]+)"/.exec(res.text)![1];
    for (let i = 0; i < 10; i++) assert.equal((await client.post("/accounts/login/two_factor/", { pending, code: "000000" })).status, 400);
    assert.equal((await client.post("/accounts/login/two_factor/", { pending, code: "000000" })).status, 429);
  });

  it("saves the appearance, and sends the monthly report at the month's start unless opted out", async () => {
    const erin = await signedUp(h, "erin@example.org");
    const project = /\/projects\/([0-9a-f-]{36})\/checks\//.exec((await erin.get("/projects/")).text)![1];
    await erin.get("/accounts/profile/");
    const saved = await erin.submit("/accounts/profile/", { action: "preferences", theme: "dark", reports: "1" });
    assert.match(saved.text, /<html lang="en" data-theme="dark">/);
    // The first sight schedules; the report goes out on the first of the next month.
    h.clock.set("2020-01-15T10:00:00Z");
    await sendDueReports(h.deps);
    const before = smtp.messages.length;
    const check = await h.deps.db.selectFrom("checks").innerJoin("projects", "projects.id", "checks.project_id").select("checks.uuid").where("projects.uuid", "=", project).executeTakeFirstOrThrow();
    h.clock.set("2020-01-31T23:59:59Z");
    await ping(h, check.uuid);
    assert.equal(await sendDueReports(h.deps), 0);
    h.clock.set("2020-02-01T00:00:00Z");
    assert.ok((await sendDueReports(h.deps)) >= 1);
    const report = smtp.messages.slice(before).find((m) => smtp.envelopes[smtp.messages.indexOf(m)].to.includes("erin@example.org"))!;
    assert.match(report.subject!, /Monthly report: January 2020/);
    assert.match(report.text!, /Project "My Project":\n• My First Check: up; no downtime in the last 30 days/);
    assert.equal(await sendDueReports(h.deps), 0, "once a month");
    const link = new URL(/https:\/\/hc\.example\.org\/accounts\/reports\/unsubscribe\/\S+?\//.exec(report.text!)![0]).pathname;
    const visitor = new WebClient(h.app);
    assert.match((await visitor.get(link)).text, /Stop the monthly report e-mails\?/);
    assert.match((await visitor.post(link, {}, { csrf: null })).text, /no longer receive monthly reports/);
    h.clock.set("2020-03-01T00:00:00Z");
    const sent = smtp.messages.length;
    await sendDueReports(h.deps);
    assert.equal(smtp.envelopes.slice(sent).filter((e) => e.to.includes("erin@example.org")).length, 0);
  });

  it("stops the reports from the link even before the report worker has seen the account, and ignores a gone account's link", async () => {
    await signedUp(h, "gail@example.org");
    const gail = (await h.deps.db.selectFrom("accounts").select("id").where("email", "=", "gail@example.org").executeTakeFirstOrThrow()).id;
    assert.equal((await findProfile(h.deps.db, gail)).reports, 1);
    const visitor = new WebClient(h.app);
    const link = new URL(reportUnsubscribeLink(h.deps, gail)).pathname;
    assert.match((await visitor.post(link, {}, { csrf: null })).text, /no longer receive monthly reports/);
    assert.equal((await findProfile(h.deps.db, gail)).reports, 0);
    const gone = await visitor.post(new URL(reportUnsubscribeLink(h.deps, 987654)).pathname, {}, { csrf: null });
    assert.equal(gone.status, 200);
  });

  it("closes the account with its password, deleting the projects it owns", async () => {
    const frank = await signedUp(h, "frank@example.org");
    const check = await createCheckVia(h, { name: "Alice's" });
    const projects = await frank.get("/projects/");
    const project = /\/projects\/([0-9a-f-]{36})\/checks\//.exec(projects.text)![1];
    assert.match((await frank.post("/accounts/close/", { password: "wrong" })).text, /still open/);
    const closed = await frank.submit("/accounts/close/", { password: PASSWORD });
    assert.match(closed.text, /Your account is closed/);
    assert.equal(await h.deps.db.selectFrom("projects").select("id").where("uuid", "=", project).executeTakeFirst(), undefined);
    assert.equal(await h.deps.db.selectFrom("accounts").select("id").where("email", "=", "frank@example.org").executeTakeFirst(), undefined);
    assert.equal((await signIn("frank@example.org", PASSWORD)).res.status, 400);
    assert.ok(await h.deps.db.selectFrom("checks").select("id").where("uuid", "=", check.uuid).executeTakeFirst(), "other accounts' checks stay");
  });
});
