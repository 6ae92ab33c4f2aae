import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { animatedGif, imageSize } from "./images-support.js";
import { badRequest, type Account } from "../helpers.js";
import { ROLE_ADMINISTRATOR, ROLE_GUEST, ROLE_MODERATOR, BOT_DEFAULT } from "../../src/lib/roles.js";
import { emojiTest, gif, png, uploadEmoji, type EmojiTest } from "./realm-emoji-support.js";

describe("custom emoji: POST/GET/DELETE /realm/emoji and /user_avatars", () => {
  let t: EmojiTest;
  let owner: Account;
  let admin: Account;
  let moderator: Account;
  let member: Account;
  let other: Account;
  let guest: Account;

  before(async () => {
    t = await emojiTest({ maxEmojiFileSizeMib: 1 });
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    moderator = await t.user(owner, { role: ROLE_MODERATOR });
    member = await t.user(owner);
    other = await t.user(owner);
    guest = await t.user(owner, { role: ROLE_GUEST });
  });
  after(() => t.close());

  const list = async (who: Account = owner) => {
    const res = await t.call(who, "GET", "/realm/emoji");
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.emoji as Record<string, any>;
  };
  const byName = async (name: string) => Object.values(await list()).find((e: any) => e.name === name && !e.deactivated);

  it("uploads an emoji any member may add, lists it with its author, and serves the image", async () => {
    const image = png();
    const res = await uploadEmoji(t, member, "my_emoji", [{ data: image }]);
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const emoji = await byName("my_emoji");
    assert.ok(emoji);
    assert.deepEqual(Object.keys(emoji).sort(), ["author_id", "deactivated", "id", "name", "source_url", "still_url"]);
    assert.equal(emoji.author_id, member.id);
    assert.equal(emoji.still_url, null);
    assert.match(emoji.source_url, new RegExp(`^/user_avatars/${owner.realmId}/emoji/images/[0-9a-f]{8}\\.png$`));
    const served = await t.app.inject({ method: "GET", url: emoji.source_url });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers["content-type"], "image/png");
    // Resized to Zulip's 64 px emoji size, in the upload's format.
    assert.deepEqual(await imageSize(served.rawPayload), { format: "png", width: 64, height: 64, pages: 1 });
    // The file lives under the configured uploads directory.
    assert.deepEqual(await readFile(join(t.uploadsDir, "avatars", emoji.source_url.slice("/user_avatars/".length))), served.rawPayload);
    // Guests see the list too.
    assert.ok(Object.values(await list(guest)).some((e: any) => e.name === "my_emoji"));
  });

  it("normalises spaces to underscores and rejects invalid names with Zulip's messages", async () => {
    assert.equal((await uploadEmoji(t, member, "party%20time", [{ data: png() }])).status, 200);
    assert.ok(await byName("party_time"));
    assert.deepEqual((await uploadEmoji(t, member, "my_em*oji", [{ data: png() }])).body, badRequest("Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores."));
    assert.deepEqual((await uploadEmoji(t, member, "my_EMoji", [{ data: png() }])).body, badRequest("Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores."));
    assert.deepEqual((await uploadEmoji(t, member, "my/emoji/with/forward/slash/", [{ data: png() }])).body, badRequest("Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores."));
    assert.deepEqual((await uploadEmoji(t, member, "my_emoji_", [{ data: png() }])).body, badRequest("Emoji names must end with either a letter or digit."));
    assert.deepEqual((await uploadEmoji(t, member, "%20", [{ data: png() }])).body, badRequest("Emoji name is missing"));
  });

  it("refuses a taken name, anything but exactly one file, and default emoji names for non-admins", async () => {
    assert.deepEqual((await uploadEmoji(t, other, "my_emoji", [{ data: png() }])).body, badRequest("A custom emoji with this name already exists."));
    assert.deepEqual((await uploadEmoji(t, member, "two", [{ data: png() }, { data: png() }])).body, badRequest("You must upload exactly one file."));
    assert.deepEqual((await uploadEmoji(t, member, "none", [])).body, badRequest("You must upload exactly one file."));
    assert.deepEqual((await uploadEmoji(t, member, "laughing", [{ data: png() }])).body, badRequest("Only administrators can override default emoji."));
    assert.equal((await uploadEmoji(t, admin, "smile", [{ data: png() }])).status, 200);
  });

  it("checks the size limit, the declared type and that the file is an image", async () => {
    const big = Buffer.concat([png(), Buffer.alloc(1024 * 1024)]);
    assert.deepEqual((await uploadEmoji(t, member, "big", [{ data: big }])).body, badRequest("Uploaded file is larger than the allowed limit of 1 MiB"));
    assert.deepEqual((await uploadEmoji(t, member, "tiff", [{ data: png(), contentType: "image/tiff", fileName: "img.tif" }])).body, badRequest("Invalid image format"));
    assert.deepEqual((await uploadEmoji(t, member, "text", [{ data: Buffer.from("not an image"), contentType: "image/png" }])).body, badRequest("Could not decode image; did you upload an image file?"));
    // no declared type: the file name decides, as for python-zulip-api's uploads
    const undeclared = await uploadEmoji(t, member, "undeclared", [{ data: png(), contentType: null, fileName: "img.png" }]);
    assert.deepEqual([undeclared.status, undeclared.body], [200, { result: "success", msg: "" }]);
    assert.deepEqual((await uploadEmoji(t, member, "undeclared_tif", [{ data: png(), contentType: null, fileName: "img.tif" }])).body, badRequest("Invalid image format"));
    // Nothing half-made is left behind.
    assert.equal(Object.values(await list()).filter((e: any) => ["big", "tiff", "text"].includes(e.name)).length, 0);
  });

  it("stores a still first frame for animated GIFs and APNGs", async () => {
    assert.equal((await uploadEmoji(t, member, "dance", [{ data: gif(3), contentType: "image/gif", fileName: "dance.gif" }])).status, 200);
    const dance = await byName("dance");
    assert.match(dance.source_url, /\.gif$/);
    assert.equal(dance.still_url, dance.source_url.replace("/images/", "/images/still/").replace(/\.gif$/, ".png"));
    const still = await t.app.inject({ method: "GET", url: dance.still_url });
    assert.equal(still.statusCode, 200);
    assert.deepEqual(await imageSize(still.rawPayload), { format: "png", width: 64, height: 64, pages: 1 });
    // Every frame is kept, fitted into the 64 px square.
    assert.equal((await uploadEmoji(t, member, "flutter_dance", [{ data: await animatedGif(128, 64, 3), contentType: "image/gif", fileName: "wave.gif" }])).status, 200);
    const animated = await t.app.inject({ method: "GET", url: (await byName("flutter_dance")).source_url });
    assert.deepEqual(await imageSize(animated.rawPayload), { format: "gif", width: 64, height: 64, pages: 3 });

    assert.equal((await uploadEmoji(t, member, "blink", [{ data: png(2) }])).status, 200);
    const blink = await byName("blink");
    const frame = await t.app.inject({ method: "GET", url: blink.still_url });
    assert.deepEqual(await imageSize(frame.rawPayload), { format: "png", width: 64, height: 64, pages: 1 });

    assert.equal((await uploadEmoji(t, member, "still_gif", [{ data: gif(1), contentType: "image/gif" }])).status, 200);
    assert.equal((await byName("still_gif")).still_url, null);
  });

  it("follows can_add_custom_emoji_group and refuses guests and bots", async () => {
    const groups = (await t.call(owner, "GET", "/user_groups")).body.user_groups as { id: number; name: string }[];
    const moderators = groups.find((g) => g.name === "role:moderators")!.id;
    const setGroup = (id: number) => t.deps.db.updateTable("realm_group_settings").set({ group_id: id }).where("realm_id", "=", owner.realmId).where("name", "=", "can_add_custom_emoji_group").execute();
    await setGroup(moderators);
    assert.deepEqual((await uploadEmoji(t, member, "mod_only", [{ data: png() }])).body, badRequest("Insufficient permission"));
    assert.equal((await uploadEmoji(t, moderator, "mod_only", [{ data: png() }])).status, 200);
    assert.deepEqual((await uploadEmoji(t, guest, "guest_emoji", [{ data: png() }])).body, badRequest("Not allowed for guest users"));
    const bot = await t.user(owner, { botType: BOT_DEFAULT });
    assert.deepEqual((await uploadEmoji(t, bot, "bot_emoji", [{ data: png() }])).body, badRequest("This endpoint does not accept bot requests."));
    const members = groups.find((g) => g.name === "role:members")!.id;
    await setGroup(members);
  });

  it("lets authors and administrators deactivate, keeping the emoji listed as deactivated", async () => {
    await uploadEmoji(t, other, "others", [{ data: png() }]);
    assert.deepEqual((await t.call(member, "DELETE", "/realm/emoji/others")).body, badRequest("Must be an organization administrator or emoji author"));
    assert.equal((await t.call(other, "DELETE", "/realm/emoji/others")).status, 200);
    const deactivated = Object.values(await list()).find((e: any) => e.name === "others") as any;
    assert.equal(deactivated.deactivated, true);
    // The image stays available for old messages.
    assert.equal((await t.app.inject({ method: "GET", url: deactivated.source_url })).statusCode, 200);

    await uploadEmoji(t, member, "admin_target", [{ data: png() }]);
    assert.equal((await t.call(admin, "DELETE", "/realm/emoji/admin_target")).status, 200);
  });

  it("answers 404 for an emoji that does not exist, and allows reusing a deactivated name", async () => {
    const res = await t.call(owner, "DELETE", "/realm/emoji/invalid_emoji");
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, badRequest("Emoji 'invalid_emoji' does not exist"));
    assert.equal((await t.call(owner, "DELETE", "/realm/emoji/others")).status, 404);
    assert.equal((await uploadEmoji(t, member, "others", [{ data: png() }])).status, 200);
    assert.equal(Object.values(await list()).filter((e: any) => e.name === "others").length, 2);
  });

  it("keeps realms apart", async () => {
    const elsewhere = await t.realm();
    assert.deepEqual(await list(elsewhere), {});
    assert.equal((await uploadEmoji(t, elsewhere, "my_emoji", [{ data: png() }])).status, 200);
    assert.equal((await t.call(elsewhere, "DELETE", "/realm/emoji/my_emoji")).status, 200);
    assert.ok(await byName("my_emoji"));
  });

  it("serves nothing outside the emoji images", async () => {
    for (const url of ["/user_avatars/1/emoji/images/nope.png", "/user_avatars/../../etc/passwd", "/user_avatars/1/emoji/images/..%2F..%2Fx"]) {
      assert.equal((await t.app.inject({ method: "GET", url })).statusCode, 404, url);
    }
  });
});
