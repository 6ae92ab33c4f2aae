import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";
import { fetchFile, multipart, uploadsDir } from "./uploads-support.js";
import { imageSize } from "./images-support.js";

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");

describe("POST and DELETE /users/me/avatar", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    t = await chatTest({ config: { uploadsDir: await uploadsDir() } });
    owner = await t.realm();
    member = await t.user(owner);
    events = captureEvents(t);
  });
  after(() => t.close());

  const upload = (who: Account, name = "me.png", data: Buffer | string = PNG) => multipart(t, who, "POST", "/users/me/avatar", [{ field: "file", fileName: name, contentType: "image/png", data }]);
  const me = async (who: Account, query: Record<string, unknown> = {}) => (await t.call(who, "GET", `/users/${who.id}`, query)).body.user;

  it("stores the image, answers its URL, serves it there and presents it everywhere", async () => {
    const res = await upload(member);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.avatar_url, new RegExp(`^/user_avatars/${member.realmId}/[0-9a-f]{40}\\.png\\?version=2$`));
    const user = await me(member, { client_gravatar: "true" });
    assert.equal(user.avatar_url, res.body.avatar_url, "an uploaded avatar is not computed by client_gravatar clients");
    assert.equal(user.avatar_version, 2);
    const file = await fetchFile(t, null, res.body.avatar_url.split("?")[0]);
    assert.equal(file.status, 200);
    assert.equal(file.headers["content-type"], "image/png");
    // Resized to Zulip's sizes: a 100 px square, and 500 px for -medium.
    assert.deepEqual(await imageSize(file.body), { format: "png", width: 100, height: 100, pages: 1 });
    const medium = await fetchFile(t, null, res.body.avatar_url.split("?")[0].replace(".png", "-medium.png"));
    assert.equal(medium.status, 200);
    assert.deepEqual(await imageSize(medium.body), { format: "png", width: 500, height: 500, pages: 1 });
    const own = (await t.call(member, "GET", "/users/me")).body;
    assert.equal(own.avatar_url, res.body.avatar_url);
    const state = (await t.call(member, "POST", "/register", { fetch_event_types: ["realm_user"] })).body;
    assert.equal(state.avatar_source, "U");
    assert.equal(state.avatar_url_medium, res.body.avatar_url.replace(".png", "-medium.png"));
  });

  it("sends realm_user update events with the avatar fields to every active user", async () => {
    await events.take();
    const res = await upload(member);
    const published = await events.take();
    assert.equal(published.length, 1);
    const [update] = published;
    assert.deepEqual(update!.event, {
      type: "realm_user",
      op: "update",
      person: { avatar_source: "U", avatar_url: res.body.avatar_url, avatar_url_medium: res.body.avatar_url.replace(".png", "-medium.png"), avatar_version: 3, user_id: member.id },
    });
    assert.ok(update!.users.includes(owner.id) && update!.users.includes(member.id));
  });

  it("goes back to the Gravatar on delete, removes the file, and does nothing the second time", async () => {
    const before = await me(member, { client_gravatar: "false" });
    const res = await t.call(member, "DELETE", "/users/me/avatar");
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.avatar_url, /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=4$/);
    const [update] = await events.take();
    assert.equal((update!.event.person as any).avatar_source, "G");
    assert.match((update!.event.person as any).avatar_url_medium, /&s=500&version=4$/);
    assert.equal((await fetchFile(t, null, before.avatar_url.split("?")[0])).status, 404);
    assert.equal((await me(member, { client_gravatar: "true" })).avatar_url, null);
    const again = await t.call(member, "DELETE", "/users/me/avatar");
    assert.equal(again.status, 200);
    assert.equal(again.body.avatar_url, res.body.avatar_url);
    assert.deepEqual(await events.take(), []);
  });

  it("refuses no file or two files, too large a file, and what is not an image", async () => {
    const none = await multipart(t, member, "POST", "/users/me/avatar", [{ field: "note", data: "x" }]);
    assert.deepEqual([none.status, none.body.msg, none.body.code], [400, "You must upload exactly one avatar.", "BAD_REQUEST"]);
    const two = await multipart(t, member, "POST", "/users/me/avatar", [
      { field: "a", fileName: "a.png", data: PNG },
      { field: "b", fileName: "b.png", data: PNG },
    ]);
    assert.equal(two.body.msg, "You must upload exactly one avatar.");
    const big = await upload(member, "big.png", Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    assert.deepEqual([big.status, big.body.msg], [400, "Uploaded file is larger than the allowed limit of 5 MiB"]);
    const text = await upload(member, "notes.txt", "hello");
    assert.deepEqual([text.status, text.body.code, text.body.msg], [400, "BAD_IMAGE", "Invalid image format"]);
    const fake = await upload(member, "fake.png", "not really a png");
    assert.deepEqual([fake.status, fake.body.code, fake.body.msg], [400, "BAD_IMAGE", "Could not decode image; did you upload an image file?"]);
    assert.equal((await me(member)).avatar_version, 4, "nothing changed");
  });

  it("lets only administrators change avatars when the realm disables avatar changes", async () => {
    const off = await t.call(owner, "PATCH", "/realm", { avatar_changes_disabled: true });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    const refused = await upload(member);
    assert.deepEqual([refused.status, refused.body.msg], [400, "Avatar changes are disabled in this organization."]);
    const refusedDelete = await t.call(member, "DELETE", "/users/me/avatar");
    assert.equal(refusedDelete.body.msg, "Avatar changes are disabled in this organization.");
    const admin = await upload(owner);
    assert.equal(admin.status, 200);
    await t.call(owner, "PATCH", "/realm", { avatar_changes_disabled: false });
  });

  it("answers 404 for avatar names that were never stored", async () => {
    assert.equal((await fetchFile(t, null, `/user_avatars/${member.realmId}/${"0".repeat(40)}.png`)).status, 404);
    assert.equal((await fetchFile(t, null, `/user_avatars/${member.realmId}/..%2F..%2Fetc.png`)).status, 404);
  });
});
