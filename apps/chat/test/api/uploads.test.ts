import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";
import { fetchFile, multipart, uploadsDir } from "./uploads-support.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";

describe("POST /user_uploads, GET /user_uploads/{realm_id_str}/{filename}, GET /attachments, DELETE /attachments/{id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let guest: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    t = await chatTest({ config: { uploadsDir: await uploadsDir() } });
    owner = await t.realm();
    member = await t.user(owner);
    guest = await t.user(owner, { role: ROLE_GUEST });
    events = captureEvents(t);
  });
  after(() => t.close());

  const upload = (who: Account, name = "zulip.txt", data = "zulip!") => multipart(t, who, "POST", "/user_uploads", [{ field: "file", fileName: name, contentType: "text/plain", data }]);

  it("stores a file, answers its URL and file name, and sends an attachment add event to the uploader", async () => {
    const res = await upload(member);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.url, new RegExp(`^/user_uploads/${member.realmId}/[0-9a-f]{2}/[A-Za-z0-9_-]{24}/zulip\\.txt$`));
    assert.equal(res.body.uri, res.body.url);
    assert.equal(res.body.filename, "zulip.txt");
    assert.equal(res.body.ignored_parameters_unsupported, undefined);
    const [event] = await events.take();
    const pathId = res.body.url.slice("/user_uploads/".length);
    assert.deepEqual(event!.users, [member.id]);
    assert.deepEqual(event!.event, { type: "attachment", op: "add", attachment: { id: (event!.event as any).attachment.id, name: "zulip.txt", path_id: pathId, size: 6, create_time: Math.floor(t.clock.now().getTime() / 1000), message_ids: [] }, upload_space_used: 6 });
    const file = await fetchFile(t, member, res.body.url);
    assert.equal(file.status, 200);
    assert.equal(file.body.toString(), "zulip!");
  });

  it("refuses a request without a file, or with two", async () => {
    const none = await multipart(t, member, "POST", "/user_uploads", [{ field: "note", data: "x" }]);
    assert.deepEqual([none.status, none.body.msg], [400, "You must specify a file to upload"]);
    const two = await multipart(t, member, "POST", "/user_uploads", [
      { field: "a", fileName: "a.txt", data: "a" },
      { field: "b", fileName: "b.txt", data: "b" },
    ]);
    assert.equal(two.body.msg, "You may only upload one file at a time");
  });

  it("sanitizes the stored name but keeps the original as the attachment name", async () => {
    const res = await upload(member, "my report (final).txt");
    assert.match(res.body.url, /\/my-report-final\.txt$/);
    assert.equal(res.body.filename, "my report (final).txt");
  });

  it("cuts a file name over 255 characters as Django does, keeping its extension, and stores it", async () => {
    const long = `${"é".repeat(300)}.txt`;
    const res = await upload(member, long);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.filename, `${"é".repeat(251)}.txt`);
    const stored = decodeURIComponent(res.body.url.split("/").pop());
    assert.ok(Buffer.byteLength(stored) <= 250, `${Buffer.byteLength(stored)} bytes`);
    assert.match(stored, /^é+\.txt$/);
    assert.equal((await fetchFile(t, member, res.body.url)).status, 200);
  });

  it("lets only the uploader see an unshared file, then whoever can read a message linking it", async () => {
    const res = await upload(owner, "secret.txt", "s3cret");
    const url = res.body.url as string;
    assert.equal((await fetchFile(t, member, url)).status, 403);
    assert.equal((await t.call(member, "GET", url)).body.msg, "You are not authorized to view this file.");
    await events.take();
    const sent = await t.call(owner, "POST", "/messages", { type: "direct", to: [member.id], content: `[secret.txt](${url})` });
    assert.equal(sent.status, 200);
    const update = (await events.take()).find((e) => (e.event as any).type === "attachment");
    assert.deepEqual((update!.event as any).attachment.message_ids, [sent.body.id]);
    assert.equal((update!.event as any).op, "update");
    assert.equal((await fetchFile(t, member, url)).body.toString(), "s3cret");
    assert.equal((await fetchFile(t, guest, url)).status, 403);
    assert.equal((await fetchFile(t, null, url)).status, 401);
  });

  it("shares files linked from a public channel with every member but not with guests", async () => {
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }] });
    const res = await upload(owner, "public.txt", "hello");
    await t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "files", content: `[public](${res.body.url})` });
    assert.equal((await fetchFile(t, member, res.body.url)).status, 200);
    assert.equal((await fetchFile(t, guest, res.body.url)).status, 403);
  });

  it("hands out a temporary URL that works without credentials for 60 seconds", async () => {
    const res = await upload(member, "temp.txt", "temporary");
    const path = res.body.url.slice("/user_uploads/".length);
    const temp = await t.call(member, "GET", `/user_uploads/${path}`);
    assert.equal(temp.status, 200, JSON.stringify(temp.body));
    assert.match(temp.body.url, /^\/user_uploads\/temporary\/[^/]+\/temp\.txt$/);
    assert.equal((await fetchFile(t, null, temp.body.url)).body.toString(), "temporary");
    t.clock.advance(61_000);
    assert.equal((await fetchFile(t, null, temp.body.url)).status, 404);
    const forged = temp.body.url.replace(/\/temporary\/([^.]+)\.[^/]+\//, "/temporary/$1.AAAA/");
    assert.equal((await fetchFile(t, null, forged)).status, 404);
    assert.equal((await t.call(member, "GET", `/user_uploads/${member.realmId}/00/nope/x.txt`)).status, 404);
  });

  it("lists the user's attachments with the messages linking them, and deletes them", async () => {
    const list = await t.call(owner, "GET", "/attachments");
    assert.equal(list.status, 200);
    const names = list.body.attachments.map((a: any) => a.name);
    assert.deepEqual(names, ["secret.txt", "public.txt"]);
    assert.equal(list.body.attachments[0].message_ids.length, 1);
    assert.equal(typeof list.body.upload_space_used, "number");
    const target = list.body.attachments[0];
    assert.deepEqual((await t.call(member, "DELETE", `/attachments/${target.id}`)).body, { result: "error", msg: "Invalid attachment", code: "BAD_REQUEST" });
    await events.take();
    assert.equal((await t.call(owner, "DELETE", `/attachments/${target.id}`)).status, 200);
    const [removed] = await events.take();
    assert.deepEqual([(removed!.event as any).op, (removed!.event as any).attachment], ["remove", { id: target.id }]);
    assert.deepEqual((await t.call(owner, "GET", "/attachments")).body.attachments.map((a: any) => a.name), ["public.txt"]);
    assert.equal((await fetchFile(t, owner, `/user_uploads/${target.path_id}`)).status, 404);
    assert.equal((await t.call(owner, "DELETE", "/attachments/99999")).body.msg, "Invalid attachment");
  });
});
