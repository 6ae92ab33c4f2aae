// GET /static/generated/emoji/…: the Unicode emoji images at the paths Zulip's clients build
// (images-<emojiset>-64/<code>.png, images/emoji/unicode/<code>.png, images/emoji/<name>.png).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { chatTest, type ChatTest } from "../helpers.js";
import { emojiImageKey } from "../../src/routes/emoji-images.js";

const emojiTable = JSON.parse(readFileSync(new URL("../../src/markdown/data/emoji.json", import.meta.url), "utf8")) as {
  codepoint_to_name: Record<string, string>;
};

describe("emoji images", () => {
  let t: ChatTest;
  before(async () => {
    t = await chatTest();
  });
  after(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("serves an emoji by its code in every emojiset's farm, as an SVG picture", async () => {
    for (const set of ["google", "google-blob", "twitter"]) {
      const res = await get(`/static/generated/emoji/images-${set}-64/1f600.png`);
      assert.equal(res.statusCode, 200, set);
      assert.equal(res.headers["content-type"], "image/svg+xml");
      assert.match(res.body, /^<svg[^>]*viewBox="0 0 36 36"/);
      assert.equal(res.headers["x-content-type-options"], "nosniff");
      assert.match(String(res.headers["content-security-policy"]), /default-src 'none'/);
      assert.match(String(res.headers["cache-control"]), /public, max-age=\d+/);
    }
  });

  it("finds the picture of every emoji the renderer knows", async () => {
    const missing: string[] = [];
    for (const code of Object.keys(emojiTable.codepoint_to_name)) {
      const res = await t.app.inject({ method: "HEAD", url: `/static/generated/emoji/images-twitter-64/${code}.png` });
      if (res.statusCode !== 200) missing.push(code);
    }
    assert.deepEqual(missing, []);
  });

  it("reads Zulip's codes whatever their padding and variation selectors", () => {
    assert.equal(emojiImageKey("0023-20e3"), "23-20e3");
    assert.equal(emojiImageKey("2764-fe0f-200d-1f525"), "2764-200d-1f525");
    assert.equal(emojiImageKey("00A9"), "a9");
    assert.equal(emojiImageKey("1f600"), "1f600");
  });

  it("serves keycaps and symbols whose Zulip code is zero-padded", async () => {
    const keycap = await get("/static/generated/emoji/images-google-64/0031-20e3.png");
    assert.equal(keycap.statusCode, 200);
    const copyright = await get("/static/generated/emoji/images/emoji/unicode/00a9.png");
    assert.equal(copyright.statusCode, 200);
  });

  it("serves the older farm by code and by emoji name, aliases included", async () => {
    const byCode = await get("/static/generated/emoji/images/emoji/unicode/1f44d.png");
    const byName = await get("/static/generated/emoji/images/emoji/thumbs_up.png");
    const byAlias = await get("/static/generated/emoji/images/emoji/+1.png");
    assert.equal(byCode.statusCode, 200);
    assert.equal(byName.body, byCode.body);
    assert.equal(byAlias.body, byCode.body);
  });

  it("serves the :zulip: emoji the renderer links to, in every farm", async () => {
    for (const path of ["images/emoji/unicode/zulip.png", "images/emoji/zulip.png", "images-google-64/zulip.png"]) {
      const res = await get(`/static/generated/emoji/${path}`);
      assert.equal(res.statusCode, 200, path);
      assert.equal(res.headers["content-type"], "image/svg+xml");
    }
  });

  it("compresses for clients that accept it", async () => {
    const plain = await get("/static/generated/emoji/images-twitter-64/1f680.png");
    const gzip = await get("/static/generated/emoji/images-twitter-64/1f680.png", { "accept-encoding": "gzip" });
    const br = await get("/static/generated/emoji/images-twitter-64/1f680.png", { "accept-encoding": "gzip, deflate, br" });
    assert.equal(gzip.headers["content-encoding"], "gzip");
    assert.equal(gunzipSync(gzip.rawPayload).toString(), plain.body);
    assert.equal(br.headers["content-encoding"], "br");
    assert.ok(br.rawPayload.length < plain.rawPayload.length);
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.equal(plain.headers.vary, "Accept-Encoding");
  });

  it("answers a revalidation with 304 when the picture has not changed", async () => {
    const first = await get("/static/generated/emoji/images-twitter-64/1f389.png");
    const etag = String(first.headers.etag);
    assert.match(etag, /^".+"$/);
    const again = await get("/static/generated/emoji/images-twitter-64/1f389.png", { "if-none-match": etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, "");
  });

  it("answers 404 for unknown emoji, unknown emojisets and other file names", async () => {
    for (const path of [
      "images-twitter-64/fffff.png",
      "images-twitter-64/1f600.svg",
      "images-twitter-64/..%2F..%2Fpackage.json",
      "images-apple-64/1f600.png",
      "images/emoji/unicode/not_hex.png",
      "images/emoji/no_such_emoji_name.png",
    ]) {
      const res = await get(`/static/generated/emoji/${path}`);
      assert.equal(res.statusCode, 404, path);
    }
  });

  it("leaves the emoji data file where it was", async () => {
    const res = await get("/static/generated/emoji/emoji_api.json");
    assert.equal(res.statusCode, 200);
    assert.ok(res.json().code_to_names["1f600"]);
  });
});
