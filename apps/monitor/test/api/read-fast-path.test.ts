import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createCheckVia, rawGet, secondProject, startHarness, type Harness } from "../helpers.js";

// A GET of the check reads that the read cache holds is answered before Fastify routes it
// (routes/checks.ts cachedReadFastPath). Over a real socket, the answer must be the route's
// own, byte for byte; a miss, another key or a request with a body goes to the route. On
// PostgreSQL there is no read cache, so every read is the route's.
describe("the cached read fast path", () => {
  let h: Harness;
  let port: number;
  let routed = 0;
  let cached = true;
  before(async () => {
    h = await startHarness();
    cached = h.deps.dialect === "sqlite";
    h.app.addHook("onRequest", async () => void routed++);
    await h.app.listen({ host: "127.0.0.1", port: 0 });
    port = (h.app.server.address() as { port: number }).port;
  });
  after(() => h.close());

  const raw = (path: string, headers: string[] = []) => rawGet(port, path, [...headers]);

  /** Asks twice: the first answer fills the cache (through the route), the second is a hit. */
  async function twice(path: string, key: string): Promise<[string, string]> {
    const before = routed;
    const first = await raw(path, [`X-Api-Key: ${key}`]);
    assert.equal(routed, before + 1, `${path}: the first read goes through Fastify`);
    const second = await raw(path, [`X-Api-Key: ${key}`]);
    assert.equal(routed, cached ? before + 1 : before + 2, `${path}: the second read ${cached ? "is the cache's" : "goes through Fastify"}`);
    return [first, second];
  }

  it("answers a held read exactly as the route does, for each version, list and key", async () => {
    const c = await createCheckVia(h, { name: "fast", tags: "prod" });
    const reads: [string, string][] = [
      [`/api/v3/checks/${c.uuid}`, h.keys.api_key],
      [`/api/v1/checks/${c.uuid}`, h.keys.api_key],
      ["/api/v3/checks/", h.keys.api_key],
      ["/api/v2/checks/?tag=prod", h.keys.api_key],
      ["/api/v3/checks/", h.keys.api_key_readonly],
    ];
    for (const [path, key] of reads) {
      const [first, second] = await twice(path, key);
      assert.match(first, /^HTTP\/1\.1 200 OK\r\n/, path);
      assert.equal(second, first, path);
      // The same read with a body header is the route's: the same bytes again.
      const before = routed;
      assert.equal(await raw(path, [`X-Api-Key: ${key}`, "Content-Length: 0"]), first, path);
      assert.equal(routed, before + 1, `${path} with a Content-Length went through Fastify`);
    }
  });

  it("goes to the route after a change, and for a key the cache has not seen", async () => {
    const c = await createCheckVia(h, { name: "changing" });
    const path = `/api/v3/checks/${c.uuid}`;
    await twice(path, h.keys.api_key);
    await raw(`/ping/${c.uuid}`);
    const before = routed;
    const after = await raw(path, [`X-Api-Key: ${h.keys.api_key}`]);
    assert.equal(routed, before + 1, "a ping changed the database: the read is the route's");
    assert.match(after, /"n_pings": 1/);

    const wrong = await raw(path, [`X-Api-Key: ${"x".repeat(32)}`]);
    assert.equal(routed, before + 2);
    assert.match(wrong, /^HTTP\/1\.1 401 /);
    const none = await raw(path);
    assert.equal(routed, before + 3);
    assert.match(none, /^HTTP\/1\.1 401 /);
  });

  it("never answers another project's key from the cache", async () => {
    const c = await createCheckVia(h, { name: "mine" });
    const path = `/api/v3/checks/${c.uuid}`;
    await twice(path, h.keys.api_key);
    const theirs = await secondProject(h);
    const before = routed;
    const answer = await raw(path, [`X-Api-Key: ${theirs.api_key}`]);
    assert.equal(routed, before + 1);
    assert.doesNotMatch(answer, /"name": "mine"/);
    // compat: a check of another project is a bare 403, as the upstream answers.
    assert.match(answer, /^HTTP\/1\.1 403 Forbidden\r\n/);
  });
});
