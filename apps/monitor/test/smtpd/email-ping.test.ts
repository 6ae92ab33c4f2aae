// Inbound e-mail pings, sent as real mail over SMTP to the listener.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import nodemailer from "nodemailer";
import type { SMTPServer } from "smtp-server";
import { closeSmtp, createSmtpListener, listenSmtp } from "../../src/smtpd/listener.js";
import { call, checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

/** Speaks SMTP by hand and returns every reply line, for exact reply texts. */
async function converse(port: number, commands: string[]): Promise<string[]> {
  const socket = connect(port, "127.0.0.1");
  const replies: string[] = [];
  let buffer = "";
  const nextReply = () =>
    new Promise<string>((resolve) => {
      const take = () => {
        const end = buffer.search(/^\d{3} .*\r\n/m);
        if (end === -1) return false;
        const line = buffer.slice(end).split("\r\n")[0];
        buffer = buffer.slice(end + line.length + 2);
        resolve(line);
        return true;
      };
      if (!take()) socket.on("data", function onData(chunk) {
        buffer += chunk.toString();
        if (take()) socket.off("data", onData);
      });
    });
  await nextReply(); // greeting
  for (const command of commands) {
    socket.write(command + "\r\n");
    replies.push(await nextReply());
  }
  socket.end();
  return replies;
}

describe("inbound e-mail pings", () => {
  let h: Harness;
  let smtp: SMTPServer;
  let port: number;
  let mailer: nodemailer.Transporter;

  before(async () => {
    h = await startHarness();
    smtp = createSmtpListener(h.deps);
    port = await listenSmtp(smtp, "127.0.0.1", 0);
    mailer = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  });
  after(async () => {
    mailer.close();
    await closeSmtp(smtp);
    await h.close();
  });

  const pings = async (uuid: string) => (await call(h.app, "GET", `/api/v3/checks/${uuid}/pings/`, { key: h.keys.api_key })).json.pings;

  it("records a success ping with the sender, the peer and the whole message", async () => {
    const c = await createCheckVia(h, {});
    await mailer.sendMail({ from: "cron@example.org", to: `${c.uuid}@localhost`, subject: "Backup done", text: "all good" });
    const [p] = await pings(c.uuid);
    assert.equal(p.type, "success");
    assert.equal(p.scheme, "email");
    assert.equal(p.method, "");
    assert.equal(p.ua, "Email from cron@example.org");
    assert.equal(p.remote_addr, "127.0.0.1");
    assert.equal(p.rid, null);
    const body = await call(h.app, "GET", new URL(p.body_url).pathname, { key: h.keys.api_key });
    assert.match(body.text, /^[\s\S]*Subject: Backup done[\s\S]*all good/);
    assert.equal((await checkRow(h, c.uuid)).status, "up");
  });

  it("accepts uppercase UUID mailboxes and the ping key + slug form", async () => {
    const c = await createCheckVia(h, { slug: "nightly" });
    await mailer.sendMail({ from: "a@example.org", to: `${c.uuid.toUpperCase()}@localhost`, text: "x" });
    await mailer.sendMail({ from: "a@example.org", to: `${h.keys.ping_key}+nightly@localhost`, text: "x" });
    assert.equal((await pings(c.uuid)).length, 2);
  });

  it("rejects other domains and malformed mailboxes with the upstream's replies", async () => {
    const replies = await converse(port, [
      "EHLO test",
      "MAIL FROM:<a@example.org>",
      "RCPT TO:<0b9c2f8e-4d1a-4c3b-9e2f-1a2b3c4d5e6f@elsewhere.org>",
      "RCPT TO:<not-a-ping-address@localhost>",
      "RCPT TO:<0b9c2f8e-4d1a-4c3b-9e2f-1a2b3c4d5e6f@localhost>",
    ]);
    assert.deepEqual(replies.slice(2), ["550 5.1.1 Recipient rejected", "550 5.1.1 Invalid mailbox", "250 Accepted"]);
  });

  it("answers DATA with 250 even when no check has that address", async () => {
    await mailer.sendMail({ from: "a@example.org", to: "0b9c2f8e-4d1a-4c3b-9e2f-1a2b3c4d5e6f@localhost", text: "x" });
  });

  it("classifies by subject keywords, decoding encoded subjects", async () => {
    const c = await createCheckVia(h, { filter_subject: true, success_kw: "SUCCESS", failure_kw: "FAIL", start_kw: "START" });
    await mailer.sendMail({ from: "a@example.org", to: `${c.uuid}@localhost`, subject: "Job START", text: "FAIL in body is ignored" });
    await mailer.sendMail({ from: "a@example.org", to: `${c.uuid}@localhost`, subject: "Résumé: FAIL ✗", text: "x" });
    await mailer.sendMail({ from: "a@example.org", to: `${c.uuid}@localhost`, subject: "nothing to see", text: "x" });
    assert.deepEqual((await pings(c.uuid)).map((p: any) => p.type), ["ign", "fail", "start"]);
  });

  it("classifies by body keywords, reading HTML parts as text", async () => {
    const c = await createCheckVia(h, { filter_body: true, success_kw: "all fine", filter_default_fail: true });
    await mailer.sendMail({ from: "a@example.org", to: `${c.uuid}@localhost`, html: "<p>all <b>fine</b></p><script>all fine</script>" });
    await mailer.sendMail({ from: "a@example.org", to: `${c.uuid}@localhost`, html: "<style>p{}</style><p>no news</p>" });
    assert.deepEqual((await pings(c.uuid)).map((p: any) => p.type), ["fail", "success"]);
  });

  it("ignores the HTTP-only rules: methods and the HTTP body filter", async () => {
    const c = await createCheckVia(h, { methods: "POST", filter_http_body: true, failure_kw: "x" });
    await mailer.sendMail({ from: "a@example.org", to: `${c.uuid}@localhost`, text: "x" });
    assert.equal((await pings(c.uuid))[0].type, "success");
  });

  it("logs but ignores mail to a paused check that resumes only by hand", async () => {
    const c = await createCheckVia(h, { manual_resume: true });
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    await mailer.sendMail({ from: "a@example.org", to: `${c.uuid}@localhost`, text: "x" });
    assert.equal((await pings(c.uuid))[0].type, "ign");
    assert.equal((await checkRow(h, c.uuid)).status, "paused");
  });

  it("turns one message to several recipients into one ping each", async () => {
    const a = await createCheckVia(h, {});
    const b = await createCheckVia(h, {});
    await mailer.sendMail({ from: "a@example.org", to: [`${a.uuid}@localhost`, `${b.uuid}@localhost`], text: "x" });
    assert.equal((await pings(a.uuid)).length, 1);
    assert.equal((await pings(b.uuid)).length, 1);
  });
});
