import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ParsedMail } from "mailparser";
import { runAlertCycle } from "../../actions/alert-worker.js";
import { provisionIntegration } from "../../actions/integrations.js";
import { createCheckVia, startHarness, type Harness } from "../../../test/helpers.js";
import { signedUp, WebClient } from "../../../test/web/helpers.js";
import { startKindHarness } from "../testing/harness.js";
import { startMailReceiver, type MailReceiver } from "../testing/mail-receiver.js";

const header = (mail: ParsedMail, name: string) => mail.headerLines.find((l) => l.key === name.toLowerCase())?.line.slice(name.length + 1).trim();

describe("e-mail address verification and unsubscribe links", () => {
  let h: Harness;
  let smtp: MailReceiver;
  let alice: WebClient;
  let base: string;
  let visitor: WebClient;

  before(async () => {
    smtp = await startMailReceiver();
    h = await startKindHarness({}, { smtpHost: "127.0.0.1", smtpPort: String(smtp.port), smtpUseTls: "false", smtpFrom: "alerts@beacon.test", siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
    visitor = new WebClient(h.app);
    base = `/projects/${h.project.uuid}/integrations/`;
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  const channel = (name: string) => h.deps.db.selectFrom("channels").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
  const addEmail = async (name: string, value: string) => {
    await alice.get(`${base}add/email/`);
    const res = await alice.post(`${base}add/email/`, { name, value, down: "on", up: "on" });
    assert.equal(res.status, 303);
    return channel(name);
  };
  const goDown = async (uuid: string) => {
    await h.app.inject({ method: "GET", url: `/ping/${uuid}/fail` });
    await runAlertCycle(h.deps);
  };
  const linkIn = (mail: ParsedMail, kind: "verify" | "unsub") => {
    const m = new RegExp(`https://hc\\.example\\.org(/integrations/[0-9a-f-]{36}/${kind}/[^/\\s]+/)`).exec(mail.text!);
    assert.ok(m, mail.text);
    return m[1];
  };

  it("mails a verification link to another address and sends no alert until it is opened", async () => {
    const before = smtp.messages.length;
    const ch = await addEmail("Ops", "ops@example.org");
    assert.equal(ch.email_verified, 0);
    assert.match((await alice.get(base)).text, /Unconfirmed: the address receives alerts once the link mailed to it is opened\./);
    assert.equal(smtp.messages.length, before + 1);
    const mail = smtp.messages.at(-1)!;
    assert.equal(mail.subject, "Verify email address on Mychecks");
    assert.deepEqual(smtp.envelopes.at(-1)!.to, ["ops@example.org"]);
    const link = linkIn(mail, "verify");
    assert.ok(link.startsWith(`/integrations/${ch.uuid}/verify/`));

    const check = await createCheckVia(h, { name: "Nightly", channels: ch.uuid });
    await goDown(check.uuid);
    assert.equal(smtp.messages.length, before + 1);
    assert.equal((await channel("Ops")).last_error, "Email not verified");
    // Not retried: a later attempt would deliver a stale alert.
    const failed = await h.deps.db.selectFrom("notifications").select(["state", "error"]).where("channel_id", "=", ch.id).executeTakeFirstOrThrow();
    assert.deepEqual(failed, { state: "failed", error: "Email not verified" });

    const wrong = await visitor.get(`/integrations/${ch.uuid}/verify/${"0".repeat(64)}/`);
    assert.equal(wrong.status, 200);
    assert.match(wrong.text, /Incorrect Link/);
    assert.equal((await channel("Ops")).email_verified, 0);
    assert.equal((await visitor.get(`/integrations/00000000-0000-4000-8000-000000000000/verify/${"0".repeat(64)}/`)).status, 404);

    const opened = await visitor.get(link);
    assert.equal(opened.status, 200);
    assert.match(opened.text, /Email Address Verified!/);
    assert.equal((await channel("Ops")).email_verified, 1);

    await h.app.inject({ method: "GET", url: `/ping/${check.uuid}` });
    await runAlertCycle(h.deps);
    assert.equal(smtp.messages.at(-1)!.subject, "UP | Nightly");
  });

  it("verifies the signed-in user's own address at once, without a mail", async () => {
    const before = smtp.messages.length;
    const ch = await addEmail("Mine", "Alice@Example.org");
    assert.equal(ch.email_verified, 1);
    assert.equal(smtp.messages.length, before);
  });

  it("puts a signed unsubscribe link in every alert and its List-Unsubscribe headers", async () => {
    const ch = await channel("Mine");
    const check = await createCheckVia(h, { name: "Backups", channels: ch.uuid });
    await goDown(check.uuid);
    const mail = smtp.messages.at(-1)!;
    assert.equal(mail.subject, "DOWN | Backups");
    const link = linkIn(mail, "unsub");
    assert.ok(link.startsWith(`/integrations/${ch.uuid}/unsub/`));
    assert.match(mail.text!, /\n--\nUnsubscribe: https:\/\/hc\.example\.org\/integrations\/[^\n]+\nRegards, Mychecks$/);
    assert.equal(header(mail, "List-Unsubscribe"), `<https://hc.example.org${link}>`);
    assert.equal(header(mail, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
    assert.ok((mail.html as string).includes(`href="https://hc.example.org${link}"`));
  });

  it("asks before unsubscribing, submits by itself once the link is 5 minutes old, and disables the integration on POST", async () => {
    const ch = await channel("Mine");
    const link = linkIn(smtp.messages.at(-1)!, "unsub");

    const fresh = await visitor.get(link);
    assert.equal(fresh.status, 200);
    assert.match(fresh.text, /Please press the button below to unsubscribe/);
    assert.doesNotMatch(fresh.text, /data-autosubmit/);
    assert.equal((await channel("Mine")).disabled, 0);

    h.clock.advanceSeconds(301);
    assert.match((await visitor.get(link)).text, /<form id="form" method="post" data-autosubmit>/);

    // A mail client's one-click POST: no session, no CSRF token.
    const res = await h.app.inject({ method: "POST", url: link, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /Your email address has been unsubscribed from Mychecks notifications/);
    assert.equal((await channel("Mine")).disabled, 1);
    assert.match((await alice.get(base)).text, /Disabled \(unsubscribed\); save it again to re-enable it\./);

    const before = smtp.messages.length;
    const check = await createCheckVia(h, { name: "After", channels: ch.uuid });
    await goDown(check.uuid);
    assert.equal(smtp.messages.length, before);
  });

  it("answers a forged, mangled or foreign unsubscribe link the upstream's way", async () => {
    const mine = await channel("Mine");
    const ops = await channel("Ops");
    const link = linkIn(smtp.messages.filter((m) => m.subject === "DOWN | Backups")[0], "unsub");
    const signed = link.split("/")[4];
    const [token, stamp, sig] = signed.split(":");
    const forged = `/integrations/${mine.uuid}/unsub/${token}:${stamp}:${sig.slice(0, -2)}xx/`;
    assert.match((await visitor.get(forged)).text, /Incorrect Link/);
    assert.match((await h.app.inject({ method: "POST", url: forged })).body, /Incorrect Link/);
    assert.match((await visitor.get(`/integrations/${mine.uuid}/unsub/garbage/`)).text, /Incorrect Link/);
    // A genuine signature of another integration's token.
    const foreign = await h.app.inject({ method: "POST", url: `/integrations/${ops.uuid}/unsub/${signed}/` });
    assert.match(foreign.body, /Incorrect Link/);
    assert.equal((await channel("Ops")).disabled, 0);
    assert.equal((await visitor.get(`/integrations/00000000-0000-4000-8000-000000000000/unsub/${signed}/`)).status, 404);
  });

  it("re-enables an unsubscribed integration when it is saved again, and re-verifies a changed address", async () => {
    const mine = await channel("Mine");
    await alice.get(`/integrations/${mine.uuid}/edit/`);
    await alice.post(`/integrations/${mine.uuid}/edit/`, { name: "Mine", value: "alice@example.org", down: "on" });
    const saved = await channel("Mine");
    assert.equal(saved.disabled, 0);
    assert.equal(saved.email_verified, 1);

    const before = smtp.messages.length;
    await alice.post(`/integrations/${mine.uuid}/edit/`, { name: "Mine", value: "oncall@example.org", down: "on" });
    const changed = await channel("Mine");
    assert.equal(changed.email_verified, 0);
    assert.equal(smtp.messages.length, before + 1);
    assert.deepEqual(smtp.envelopes.at(-1)!.to, ["oncall@example.org"]);
    assert.equal(linkIn(smtp.messages.at(-1)!, "verify").split("/")[2], mine.uuid);
  });

  it("treats create-integration as the project owner acting", async () => {
    const before = smtp.messages.length;
    const own = await provisionIntegration(h.deps, h.project, { kind: "email", name: "CLI own", value: "alice@example.org" });
    assert.equal(own.email_verified, 1);
    assert.equal(smtp.messages.length, before);
    const other = await provisionIntegration(h.deps, h.project, { kind: "email", name: "CLI other", value: '{"value": "team@example.org", "up": false, "down": true}' });
    assert.equal(other.email_verified, 0);
    assert.equal(smtp.messages.length, before + 1);
    assert.deepEqual(smtp.envelopes.at(-1)!.to, ["team@example.org"]);
    const hook = await provisionIntegration(h.deps, h.project, { kind: "webhook", name: "CLI hook", value: "{}" });
    assert.equal(hook.email_verified, 0);
    assert.equal(smtp.messages.length, before + 1);
    assert.equal((await visitor.get(`/integrations/${hook.uuid}/unsub/${linkIn(smtp.messages.filter((m) => m.subject === "DOWN | Backups")[0], "unsub").split("/")[4]}/`)).status, 404);
  });
});

describe("e-mail verification turned off", () => {
  it("verifies every address at once when MONITOR_EMAIL_USE_VERIFICATION is off", async () => {
    const h = await startHarness({ emailUseVerification: "false" });
    try {
      const alice = await signedUp(h, "alice@example.org");
      const base = `/projects/${h.project.uuid}/integrations/`;
      await alice.get(`${base}add/email/`);
      await alice.post(`${base}add/email/`, { name: "Ops", value: "ops@example.org", down: "on" });
      const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Ops").executeTakeFirstOrThrow();
      assert.equal(row.email_verified, 1);
      const cli = await provisionIntegration(h.deps, h.project, { kind: "email", name: "CLI", value: "team@example.org" });
      assert.equal(cli.email_verified, 1);
    } finally {
      await h.close();
    }
  });
});
