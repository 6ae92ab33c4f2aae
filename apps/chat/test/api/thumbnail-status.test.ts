import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { sendDirect } from "./messages-support.js";
import { solidImage, upload } from "./images-support.js";
import { uploadsDir } from "./uploads-support.js";

describe("GET /thumbnail/status/{realm_id_str}/{filename}", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let eve: Account;
  let photo: string;
  let text: string;

  const status = (who: Account, url: string) => t.call(who, "GET", `/thumbnail/status/${url.slice("/user_uploads/".length)}`);

  before(async () => {
    dir = await uploadsDir();
    t = await chatTest({ config: { uploadsDir: dir } });
    owner = await t.realm();
    alice = await t.user(owner);
    bob = await t.user(owner);
    eve = await t.user(owner);
    photo = (await upload(t, alice, "POST", "/user_uploads", [{ data: await solidImage(1200, 900, "jpeg"), fileName: "photo.jpg" }])).body.url;
    text = (await upload(t, alice, "POST", "/user_uploads", [{ data: Buffer.from("notes"), fileName: "notes.txt" }])).body.url;
    await sendDirect(t, alice, [bob], `[photo](${photo}) [notes](${text})`);
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("says an image has a thumbnail, for its owner and for those who received it", async () => {
    assert.deepEqual((await status(alice, photo)).body, { result: "success", msg: "", has_thumbnail: true });
    assert.deepEqual((await status(bob, photo)).body, { result: "success", msg: "", has_thumbnail: true });
  });

  it("says a file that is no image has none", async () => {
    assert.deepEqual((await status(alice, text)).body, { result: "success", msg: "", has_thumbnail: false });
  });

  it("answers as the file itself would to someone who may not see it, or for a file that does not exist", async () => {
    const forbidden = await status(eve, photo);
    assert.deepEqual([forbidden.status, forbidden.body], [403, { result: "error", msg: "You are not authorized to view this file.", code: "BAD_REQUEST" }]);
    const missing = await status(alice, `/user_uploads/${owner.realmId}/ab/cdefghijklmnopqrstuvwxyz/nothing.png`);
    assert.deepEqual([missing.status, missing.body], [404, { result: "error", msg: "File not found.", code: "BAD_REQUEST" }]);
  });
});
