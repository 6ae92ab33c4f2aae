import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";
import { fetchFile, uploadsDir } from "./uploads-support.js";
import { drainRealmExports } from "../../src/workers/exports.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";

/** The files of a ustar archive, by name. */
function untar(archive: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, length: number) => header.toString("utf8", from, from + length).replace(/\0.*$/s, "");
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(0, 100);
    const size = parseInt(field(124, 12), 8);
    files.set(name, archive.toString("utf8", at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

describe("POST/GET /export/realm, DELETE /export/realm/{id}, GET /export/realm/consents", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  let admin: Account;
  let member: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    dir = await uploadsDir();
    t = await chatTest({ config: { uploadsDir: dir } });
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    member = await t.user(owner);
    events = captureEvents(t);
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "town square" }] });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "secret room" }], invite_only: true });
    const pub = await t.call(owner, "POST", "/messages", { type: "stream", to: "town square", topic: "hello", content: "a public hello" });
    assert.equal(pub.status, 200, JSON.stringify(pub.body));
    const priv = await t.call(owner, "POST", "/messages", { type: "stream", to: "secret room", topic: "shh", content: "a private whisper" });
    assert.equal(priv.status, 200, JSON.stringify(priv.body));
    const dm = await t.call(member, "POST", "/messages", { type: "private", to: [owner.id], content: "a direct note" });
    assert.equal(dm.status, 200, JSON.stringify(dm.body));
  });
  after(() => t.close());

  it("lets only administrators use the export endpoints", async () => {
    for (const [method, url] of [["POST", "/export/realm"], ["GET", "/export/realm"], ["DELETE", "/export/realm/1"], ["GET", "/export/realm/consents"]] as const) {
      const res = await t.call(member, method, url);
      assert.deepEqual([res.status, res.body.msg], [400, "Must be an organization administrator"], `${method} ${url}`);
    }
  });

  it("queues a public export, announces it pending, then builds a tarball of the public data in the background", async () => {
    await events.take();
    const res = await t.call(admin, "POST", "/export/realm", { export_type: "public" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const id = res.body.id as number;
    const [pending] = await events.take();
    assert.equal(pending!.event.type, "realm_export");
    assert.deepEqual(pending!.users, [owner.id, admin.id]);
    const started = (pending!.event.exports as any[]).find((e) => e.id === id);
    assert.deepEqual({ ...started, export_time: 0 }, { id, export_time: 0, acting_user_id: admin.id, export_url: null, deleted_timestamp: null, failed_timestamp: null, pending: true, export_from_prior_server: false, export_type: "public" });
    const early = await t.call(admin, "DELETE", `/export/realm/${id}`);
    assert.equal(early.body.msg, "Export still in progress");

    await drainRealmExports(t.deps);
    const finished = (await events.take()).filter((e) => e.event.type === "realm_export");
    assert.equal(finished.length, 1);
    const listed = (await t.call(admin, "GET", "/export/realm")).body.exports.find((e: any) => e.id === id);
    assert.equal(listed.pending, false);
    assert.equal(listed.failed_timestamp, null);
    assert.match(listed.export_url, new RegExp(`^http://[^/]+/user_avatars/exports/${owner.realmId}/[A-Za-z0-9_-]{24}/zulip-export-[a-z0-9]+-[0-9-]+-[0-9a-f]{8}\\.tar\\.gz$`));
    const path = new URL(listed.export_url).pathname;
    const file = join(dir, "avatars", path.slice("/user_avatars/".length));
    assert.ok(existsSync(file));
    const files = untar(gunzipSync(readFileSync(file)));
    const messages = [...files].filter(([name]) => /\/messages-000001\.json$/.test(name)).map(([, text]) => text).join("");
    assert.match(messages, /a public hello/);
    assert.doesNotMatch(messages, /a private whisper/);
    assert.doesNotMatch(messages, /a direct note/);
    const channels = [...files].find(([name]) => name.endsWith("/channels.json"))![1];
    assert.match(channels, /town square/);
    assert.doesNotMatch(channels, /secret room/);

    const download = await fetchFile(t, admin, path);
    assert.equal(download.status, 200);
    assert.deepEqual(download.body, readFileSync(file));
    assert.equal((await fetchFile(t, member, path)).status, 403);

    const note = await t.call(admin, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: [{ operator: "is", operand: "dm" }] });
    assert.equal(note.body.messages.at(-1)?.content, '<p>Your data export is complete. <a href="/#organization/data-exports-admin">View and download exports</a>.</p>');

    const deleted = await t.call(owner, "DELETE", `/export/realm/${id}`);
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.ok(!existsSync(file));
    const after = (await t.call(admin, "GET", "/export/realm")).body.exports.find((e: any) => e.id === id);
    assert.equal(after.export_url, null);
    assert.equal(typeof after.deleted_timestamp, "number");
    assert.equal((await fetchFile(t, admin, path)).status, 404);
    assert.equal((await t.call(owner, "DELETE", `/export/realm/${id}`)).body.msg, "Export already deleted");
    assert.equal((await t.call(owner, "DELETE", "/export/realm/99999")).body.msg, "Invalid data export ID");
  });

  it("includes the private data of consenting users in a full export with consent, only when an owner consents", async () => {
    const refused = await t.call(owner, "POST", "/export/realm", { export_type: "full_with_consent" });
    assert.equal(refused.body.msg, "Make sure at least one Organization Owner is consenting to the export or contact zulip-admin@example.com for help.");
    const consent = await t.call(owner, "PATCH", "/settings", { allow_private_data_export: true });
    assert.equal(consent.status, 200, JSON.stringify(consent.body));
    const consents = (await t.call(admin, "GET", "/export/realm/consents")).body.export_consents;
    assert.deepEqual(consents.find((c: any) => c.user_id === owner.id), { user_id: owner.id, consented: true, email_address_visibility: 1 });
    assert.deepEqual(consents.find((c: any) => c.user_id === member.id), { user_id: member.id, consented: false, email_address_visibility: 1 });
    const res = await t.call(owner, "POST", "/export/realm", { export_type: "full_with_consent" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await drainRealmExports(t.deps);
    const listed = (await t.call(owner, "GET", "/export/realm")).body.exports.find((e: any) => e.id === res.body.id);
    assert.equal(listed.export_type, "full_with_consent");
    const files = untar(gunzipSync(readFileSync(join(dir, "avatars", new URL(listed.export_url).pathname.slice("/user_avatars/".length)))));
    const text = [...files.values()].join("");
    assert.match(text, /a private whisper/);
    assert.match(text, /a direct note/);
  });

  it("refuses unknown export types and exports without consent, and limits exports to five a week", async () => {
    assert.equal((await t.call(owner, "POST", "/export/realm", { export_type: "everything" })).body.msg, "Invalid export_type");
    assert.equal((await t.call(owner, "POST", "/export/realm", { export_type: "full_without_consent" })).status, 400);
    for (let i = 0; i < 3; i++) assert.equal((await t.call(owner, "POST", "/export/realm", { export_type: 1 })).status, 200);
    const sixth = await t.call(owner, "POST", "/export/realm");
    assert.deepEqual([sixth.status, sixth.body.msg], [400, "Exceeded rate limit."]);
    await drainRealmExports(t.deps);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    assert.equal((await t.call(owner, "POST", "/export/realm")).status, 200);
    await drainRealmExports(t.deps);
  });
});
