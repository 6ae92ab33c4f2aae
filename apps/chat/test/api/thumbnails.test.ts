import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { sendDirect } from "./messages-support.js";
import { fetchRaw, imageSize, solidImage, upload } from "./images-support.js";

describe("image thumbnails and the external image proxy", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let eve: Account;
  let photo: Buffer;
  let uploadUrl: string;
  let site: Server;
  let siteUrl: string;
  const siteHits: string[] = [];
  let cat: Buffer;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "beacon-thumbnails-"));
    cat = await solidImage(64, 48);
    // The outside world, on 127.0.0.1: an image, a page, a redirect and an oversized image.
    site = createServer((req, res) => {
      siteHits.push(req.url!);
      if (req.url === "/cat.png") return res.writeHead(200, { "content-type": "image/png" }).end(cat);
      if (req.url === "/page.png") return res.writeHead(200, { "content-type": "text/html" }).end("<script>alert(1)</script>");
      if (req.url === "/moved.png") return res.writeHead(302, { location: "/cat.png" }).end();
      if (req.url === "/huge.png") return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(2 * 1024 * 1024 + 1));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await chatTest({ config: { uploadsDir: dir, externalContentAllowedHosts: ["127.0.0.1"], externalContentMaxMib: 2, camoKey: "test-camo-key" } });
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    eve = await t.user(owner, { name: "Eve" });
    photo = await solidImage(1200, 900, "jpeg");
    const res = await upload(t, alice, "POST", "/user_uploads", [{ data: photo, fileName: "photo.jpg" }]);
    uploadUrl = res.body.url;
    await sendDirect(t, alice, [bob], `[photo](${uploadUrl})`);
  });
  after(async () => {
    await t.close();
    await new Promise((resolve) => site.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** The preview image a rendered message links to, as the app reads it from the HTML. */
  const previewSrc = async (who: Account, content: string) => {
    const id = await sendDirect(t, who, [bob], content);
    const html = (await t.call(bob, "GET", `/messages/${id}`)).body.message.content as string;
    return /<img[^>]* src="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
  };

  it("advertises Zulip's thumbnail formats in /register", async () => {
    const state = (await t.call(bob, "POST", "/register", { fetch_event_types: ["realm"] })).body;
    assert.deepEqual(state.server_thumbnail_formats, [
      { name: "840x560-anim.webp", max_width: 840, max_height: 560, format: "webp", animated: true },
      { name: "840x560.webp", max_width: 840, max_height: 560, format: "webp", animated: false },
    ]);
  });

  it("serves an uploaded image's preview as a WebP thumbnail within 840×560", async () => {
    const src = await previewSrc(alice, `[again](${uploadUrl})`);
    assert.match(src, /^\/thumbnail\?url=user_uploads%2F/);
    const res = await fetchRaw(t, bob, src);
    assert.equal(res.status, 200);
    assert.equal(res.headers["content-type"], "image/webp");
    assert.deepEqual(await imageSize(res.body), { format: "webp", width: 747, height: 560, pages: 1 });
    // The full size is the upload itself.
    const full = await fetchRaw(t, bob, src.replace("size=thumbnail", "size=full"));
    assert.equal(full.status, 200);
    assert.ok(full.body.equals(photo));
  });

  it("serves the advertised formats under /user_uploads/thumbnail/", async () => {
    const path = uploadUrl.replace("/user_uploads/", "");
    const res = await fetchRaw(t, bob, `/user_uploads/thumbnail/${path}/840x560.webp`);
    assert.equal(res.status, 200);
    assert.equal((await imageSize(res.body)).width, 747);
    assert.equal((await fetchRaw(t, bob, `/user_uploads/thumbnail/${path}/100x100.webp`)).status, 404);
  });

  it("keeps thumbnails of uploads from people who cannot see them", async () => {
    const src = `/thumbnail?url=${encodeURIComponent(uploadUrl.slice(1))}&size=thumbnail`;
    assert.equal((await fetchRaw(t, eve, src)).status, 403);
    assert.equal((await fetchRaw(t, null, src, bob.host)).status, 401);
    assert.equal((await fetchRaw(t, bob, src.replace("size=thumbnail", "size=huge"))).status, 403);
  });

  it("proxies an external image through a signed URL", async () => {
    const src = await previewSrc(alice, `${siteUrl}/cat.png`);
    const redirect = await fetchRaw(t, bob, src);
    assert.equal(redirect.status, 302);
    const location = String(redirect.headers.location);
    assert.match(location, /^\/external_content\/[0-9a-f]{40}\/[0-9a-f]+$/);
    const image = await fetchRaw(t, bob, location);
    assert.equal(image.status, 200);
    assert.equal(image.headers["content-type"], "image/png");
    assert.equal(image.headers["x-content-type-options"], "nosniff");
    assert.ok(image.body.equals(cat));
    // A redirect to an image is followed.
    const moved = await fetchRaw(t, bob, String((await fetchRaw(t, bob, `/thumbnail?url=${encodeURIComponent(`${siteUrl}/moved.png`)}&size=full`)).headers.location));
    assert.ok(moved.body.equals(cat));
  });

  it("refuses to proxy what it did not sign, what is no image, and what is too large", async () => {
    const signed = async (path: string) => String((await fetchRaw(t, bob, `/thumbnail?url=${encodeURIComponent(siteUrl + path)}&size=full`)).headers.location);
    const good = await signed("/cat.png");
    const [, , signature, hex] = good.split("/");
    const other = Buffer.from(`${siteUrl}/page.png`).toString("hex");
    siteHits.length = 0;
    assert.equal((await fetchRaw(t, bob, `/external_content/${signature}/${other}`)).status, 404);
    assert.deepEqual(siteHits, []);
    assert.equal((await fetchRaw(t, bob, `/external_content/${"0".repeat(40)}/${hex}`)).status, 404);
    assert.equal((await fetchRaw(t, bob, await signed("/page.png"))).status, 404);
    assert.equal((await fetchRaw(t, bob, await signed("/huge.png"))).status, 404);
  });

  it("never fetches from private addresses unless configured to", async () => {
    const config = t.deps.config as { externalContentAllowedHosts: string[] };
    config.externalContentAllowedHosts = [];
    try {
      siteHits.length = 0;
      const port = new URL(siteUrl).port;
      const spellings = ["localhost", "[::1]", "[::ffff:127.0.0.1]", "[::127.0.0.1]", "[64:ff9b::127.0.0.1]", "2130706433", "0177.0.0.1"];
      for (const url of [`${siteUrl}/cat.png`, ...spellings.map((host) => `http://${host}:${port}/cat.png`), "http://169.254.169.254/latest/meta-data"]) {
        const location = String((await fetchRaw(t, bob, `/thumbnail?url=${encodeURIComponent(url)}&size=full`)).headers.location);
        assert.equal((await fetchRaw(t, bob, location)).status, 404, url);
      }
      assert.deepEqual(siteHits, []);
    } finally {
      config.externalContentAllowedHosts = ["127.0.0.1"];
    }
  });
});
