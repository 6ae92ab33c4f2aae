import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { chatTest, type ChatTest } from "../helpers.js";
import { SCRIPT, SHELL, webFixture } from "./support.js";

const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const SCRIPT_URL = "/static/webapp/assets/index-AbC123xy.js";
const setCookie = (res: { headers: Record<string, unknown> }) => [res.headers["set-cookie"] ?? []].flat().join("\n");

describe("the chat web app's shell and static files", () => {
  let t: ChatTest;
  let dir: string;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: { host: "127.0.0.1:9991", ...headers } });

  before(async () => {
    dir = webFixture();
    t = await chatTest({ config: { webDir: dir } });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("says there is no organization yet, in HTML, before any realm exists", async () => {
    const res = await get("/");
    assert.equal(res.statusCode, 404);
    assert.match(res.headers["content-type"] as string, /^text\/html/);
    assert.match(res.body, /No organization yet/);
    assert.match(res.body, /beacon chat create-realm/);
    assert.equal(res.headers["content-security-policy"], CSP);
  });

  it("serves the shell at the bare address with the strict CSP, security headers and a CSRF cookie", async () => {
    await t.realm({ subdomain: "acme", name: "Acme" });
    const res = await get("/");
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, SHELL);
    assert.equal(res.headers["content-type"], "text/html; charset=utf-8");
    assert.equal(res.headers["cache-control"], "no-cache");
    assert.equal(res.headers["content-security-policy"], CSP);
    assert.equal(res.headers["x-content-type-options"], "nosniff");
    assert.equal(res.headers["referrer-policy"], "strict-origin-when-cross-origin");
    assert.match(setCookie(res), /^csrftoken=[a-z0-9]{32}; Max-Age=31449600; Path=\/; SameSite=Lax$/);
  });

  it("keeps the browser's CSRF cookie: a shell request that carries one gets no new one", async () => {
    const res = await get("/login/", { cookie: "csrftoken=abcdefghijklmnopqrstuvwxyz012345" });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers["set-cookie"], undefined);
    const malformed = await get("/login/", { cookie: "csrftoken=short" });
    assert.match(setCookie(malformed), /^csrftoken=[a-z0-9]{32};/);
  });

  it("answers every page of the app with the shell, at a realm's host and at the bare address, never JSON", async () => {
    for (const host of ["acme.localhost:9991", "127.0.0.1:9991", "localhost"]) {
      for (const path of ["/", "/login/", "/login", "/join/abcdefghijklmnopqrstuvwx/", "/accounts/do_confirm/abcdefghijklmnopqrstuvwx", "/accounts/do_confirm/abcdefghijklmnopqrstuvwx/"]) {
        const res = await get(path, { host });
        assert.equal(res.statusCode, 200, `${host}${path}`);
        assert.equal(res.body, SHELL, `${host}${path}`);
      }
    }
  });

  it("marks Secure the CSRF cookie of an https site", async () => {
    const secure = await chatTest({ config: { webDir: dir, externalScheme: "https" } });
    try {
      await secure.realm();
      const res = await secure.app.inject({ method: "GET", url: "/", headers: { host: "127.0.0.1" } });
      assert.match(setCookie(res), /; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it("answers a host naming an unknown organization with an HTML page saying so", async () => {
    const res = await get("/login/", { host: "nosuch.localhost:9991" });
    assert.equal(res.statusCode, 404);
    assert.match(res.headers["content-type"] as string, /^text\/html/);
    assert.match(res.body, /There is no organization at <code>nosuch\.localhost:9991<\/code>/);
  });

  it("serves hashed assets for a year, immutable, brotli-compressed when the browser accepts it", async () => {
    const res = await get(SCRIPT_URL, { "accept-encoding": "gzip, deflate, br, zstd" });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.equal(res.headers["content-type"], "text/javascript; charset=utf-8");
    assert.equal(res.headers["content-encoding"], "br");
    assert.equal(res.headers.vary, "Accept-Encoding");
    assert.equal(res.headers["x-content-type-options"], "nosniff");
    assert.ok(res.rawPayload.length < SCRIPT.length / 10, `${res.rawPayload.length} bytes`);
    assert.equal(Number(res.headers["content-length"]), res.rawPayload.length);
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), SCRIPT);
  });

  it("falls back to gzip, then to the plain file, by Accept-Encoding (q=0 refuses)", async () => {
    const gz = await get(SCRIPT_URL, { "accept-encoding": "gzip" });
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.equal(gunzipSync(gz.rawPayload).toString(), SCRIPT);
    const refused = await get(SCRIPT_URL, { "accept-encoding": "br;q=0, gzip;q=0.5" });
    assert.equal(refused.headers["content-encoding"], "gzip");
    const plain = await get(SCRIPT_URL);
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.equal(plain.body, SCRIPT);
    assert.notEqual(plain.headers.etag, gz.headers.etag, "each encoding has its own ETag");
  });

  it("does not compress images that are compressed already", async () => {
    const res = await get("/static/webapp/assets/logo-Qq1Ww2Ee.png", { "accept-encoding": "br, gzip" });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers["content-type"], "image/png");
    assert.equal(res.headers["content-encoding"], undefined);
    assert.equal(res.headers.vary, undefined);
  });

  it("answers 304 to a browser whose copy is current, and revalidates files without a hash", async () => {
    const first = await get("/static/webapp/favicon.svg", { "accept-encoding": "br" });
    assert.equal(first.headers["cache-control"], "no-cache");
    const again = await get("/static/webapp/favicon.svg", { "accept-encoding": "br", "if-none-match": first.headers.etag as string });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, "");
  });

  it("serves a file's new content after a rebuild rewrites it", async () => {
    const path = join(dir, "assets", "late-Aa1Bb2Cc.js");
    writeFileSync(path, "export const version = 1;\n".repeat(50));
    const first = await get("/static/webapp/assets/late-Aa1Bb2Cc.js", { "accept-encoding": "br" });
    assert.equal(brotliDecompressSync(first.rawPayload).toString(), "export const version = 1;\n".repeat(50));
    writeFileSync(path, "export const version = 22;\n".repeat(60));
    const second = await get("/static/webapp/assets/late-Aa1Bb2Cc.js", { "accept-encoding": "br" });
    assert.equal(brotliDecompressSync(second.rawPayload).toString(), "export const version = 22;\n".repeat(60));
  });

  it("answers 404 in plain text for unknown assets, hidden files and paths leaving the build", async () => {
    for (const url of ["/static/webapp/assets/missing-00000000.js", "/static/webapp/.env", "/static/webapp/assets/../.env", "/static/webapp/assets", "/static/webapp/"]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.headers["content-type"], "text/plain; charset=utf-8", url);
      assert.equal(res.body, "Not Found", url);
    }
    for (const url of ["/static/webapp/%2e%2e/%2e%2e/package.json", "/static/webapp/..%2f..%2fpackage.json", "/static/webapp/assets%2f..%2f.env"]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.doesNotMatch(res.body, /SECRET|"name"/, url);
    }
  });

  it("shows how to build the app when the build directory is missing", async () => {
    const missing = await chatTest({ config: { webDir: join(dir, "no-such-build") } });
    try {
      await missing.realm();
      const res = await missing.app.inject({ method: "GET", url: "/", headers: { host: "127.0.0.1" } });
      assert.equal(res.statusCode, 503);
      assert.match(res.headers["content-type"] as string, /^text\/html/);
      assert.match(res.body, /npm run build -w @beacon\/chat-web/);
      assert.match(res.body, /CHAT_WEB_DIR/);
    } finally {
      await missing.close();
    }
  });

  it("leaves the API's answers unchanged: unknown API paths stay JSON", async () => {
    const res = await get("/api/v1/no-such-endpoint");
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().msg, "Not Found");
  });
});
