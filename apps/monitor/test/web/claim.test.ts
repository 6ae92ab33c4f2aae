// Accounts made by `create-project --owner EMAIL` have no password: only the holder of the
// address (through the link mailed to it) or the operator (`set-password`) can give them one.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createProject } from "../../src/actions/projects.js";
import { CLAIM_LINK_HOURS } from "../../src/actions/account-claim.js";
import { startHarness, type Harness } from "../helpers.js";
import { startMailReceiver, type MailReceiver } from "../../src/integrations/testing/mail-receiver.js";
import { PASSWORD, WebClient } from "./helpers.js";

const signUp = async (h: Harness, email: string, password: string) => {
  const client = new WebClient(h.app);
  await client.get("/accounts/signup/");
  return { client, res: await client.post("/accounts/signup/", { email, password }) };
};

const signIn = async (h: Harness, email: string, password: string) => {
  const client = new WebClient(h.app);
  await client.get("/accounts/login/");
  return client.post("/accounts/login/", { email, password });
};

const credentialOf = async (h: Harness, email: string) => {
  const account = await h.deps.db.selectFrom("accounts").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return h.deps.db.selectFrom("web_credentials").selectAll().where("account_id", "=", account.id).executeTakeFirst();
};

describe("claiming an account made by the CLI", () => {
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

  const lastLink = () => new URL(/https:\/\/hc\.example\.org\/accounts\/claim\/[^\s"<]+\//.exec(smtp.messages.at(-1)!.text!)![0]).pathname;

  it("does not let whoever signs up first with the address take the account over", async () => {
    const { client, res } = await signUp(h, "alice@example.org", "attacker password");
    assert.equal(res.status, 200);
    assert.match(res.text, /Check your e-mail/);
    assert.deepEqual(res.setCookie, []);
    assert.equal(await credentialOf(h, "alice@example.org"), undefined);
    assert.equal((await signIn(h, "alice@example.org", "attacker password")).status, 400);
    assert.equal((await client.get("/projects/")).status, 303);
    assert.equal((await client.get(`/projects/${h.project.uuid}/checks/`)).status, 303);
  });

  it("mails the address a link that sets the password, signs in and shows the account's projects", async () => {
    const before = smtp.messages.length;
    await signUp(h, "Alice@Example.org", "whatever it is");
    assert.equal(smtp.messages.length, before + 1);
    const mail = smtp.messages.at(-1)!;
    assert.deepEqual(smtp.envelopes.at(-1)!.to, ["alice@example.org"]);
    assert.match(mail.subject!, /Set your password/);
    const link = lastLink();
    const owner = new WebClient(h.app);
    const form = await owner.get(link);
    assert.equal(form.status, 200);
    assert.match(form.text, /alice@example\.org/);
    assert.equal((await owner.post(link, { password: "short" })).status, 400);
    const done = await owner.post(link, { password: PASSWORD });
    assert.equal(done.status, 303);
    assert.match((await owner.get("/projects/")).text, new RegExp(`/projects/${h.project.uuid}/checks/`));
    assert.equal((await signIn(h, "alice@example.org", PASSWORD)).status, 303);
  });

  it("honours a link once only", async () => {
    await createProject(h.deps, { name: "Bobs", ownerEmail: "bob@example.org" });
    await signUp(h, "bob@example.org", PASSWORD);
    const link = lastLink();
    const first = new WebClient(h.app);
    await first.get(link);
    assert.equal((await first.post(link, { password: PASSWORD })).status, 303);
    const second = new WebClient(h.app);
    const again = await second.get(link);
    assert.equal(again.status, 400);
    assert.match(again.text, /used already/);
    await second.get("/accounts/login/");
    assert.equal((await second.post(link, { password: "another password" })).status, 400);
    assert.equal((await signIn(h, "bob@example.org", "another password")).status, 400);
  });

  it("refuses a forged, altered or expired link", async () => {
    await createProject(h.deps, { name: "Carols", ownerEmail: "carol@example.org" });
    await signUp(h, "carol@example.org", PASSWORD);
    const link = lastLink();
    const [, , , token] = link.split("/");
    const [id, expires, signature] = token.split(".");
    const visitor = new WebClient(h.app);
    const forged = `${id}.${expires}.${"A".repeat(43)}`;
    const longer = `${id}.${Number(expires) + 3600}.${signature}`;
    const otherAccount = `${h.project.owner_id}.${expires}.${signature}`;
    for (const bad of [forged, longer, otherAccount, "1.2.x", "%00"]) {
      assert.equal((await visitor.get(`/accounts/claim/${bad}/`)).status, 400, bad);
    }
    h.clock.advance((CLAIM_LINK_HOURS * 3600 + 1) * 1000);
    const expired = await visitor.get(link);
    assert.equal(expired.status, 400);
    assert.match(expired.text, /expired/);
  });
});

describe("claiming an account on a site that cannot send e-mail", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("says the operator must set the password, and stores nothing", async () => {
    const { res } = await signUp(h, "alice@example.org", PASSWORD);
    assert.equal(res.status, 400);
    assert.match(res.text, /ask the operator to set a password/);
    assert.equal(await credentialOf(h, "alice@example.org"), undefined);
  });
});

describe("beacon monitor set-password", () => {
  const beacon = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));
  const url = `sqlite:${join(mkdtempSync(join(tmpdir(), "beacon-claim-")), "monitor.db")}`;
  const cli = (args: string[], input: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [beacon, "monitor", ...args, "--database", url], { env: { ...process.env, LOG_LEVEL: "silent" } }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin!.end(input);
    });

  it("sets the password of an account made by create-project, read from standard input", async () => {
    assert.equal((await cli(["create-project", "--name", "Ops", "--owner", "ops@example.org"], "")).code, 0);
    const set = await cli(["set-password", "--email", "OPS@example.org"], `${PASSWORD}\n`);
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(JSON.parse(set.stdout), { email: "OPS@example.org", password_set: true });
    const h = await startHarness({ databaseUrl: url });
    try {
      assert.equal((await signIn(h, "ops@example.org", PASSWORD)).status, 303);
    } finally {
      await h.close();
    }
  });

  it("refuses an unknown address and a short password", async () => {
    const unknown = await cli(["set-password", "--email", "nobody@example.org"], `${PASSWORD}\n`);
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /no account/);
    const short = await cli(["set-password", "--email", "ops@example.org"], "short\n");
    assert.notEqual(short.code, 0);
    assert.match(short.stderr, /at least 8/);
  });
});
