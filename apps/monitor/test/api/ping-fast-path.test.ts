import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { call, createCheckVia, rawGet, startHarness, type Harness } from "../helpers.js";

// GET /ping/<uuid> without a body is answered before Fastify routes it (routes/ping.ts
// pingFastPath). Over a real socket, each answer must be the route's own, byte for byte: the
// same request with a `Content-Length: 0` header is left to the Fastify route.
describe("the ping fast path", () => {
  let h: Harness;
  let port: number;
  let routed = 0;
  before(async () => {
    h = await startHarness();
    h.app.addHook("onRequest", async () => void routed++);
    await h.app.listen({ host: "127.0.0.1", port: 0 });
    port = (h.app.server.address() as { port: number }).port;
  });
  after(() => h.close());

  const raw = (path: string, headers: string[] = []) => rawGet(port, path, ["User-Agent: probe/1.0", ...headers]);

  it("answers every outcome exactly as the route does", async () => {
    const c = await createCheckVia(h);
    const paths = [
      `/ping/${c.uuid}`,
      `/ping/${c.uuid}/`,
      `/ping/${c.uuid}/start`,
      `/ping/${c.uuid}/fail`,
      `/ping/${c.uuid}/log`,
      `/ping/${c.uuid}/0`,
      `/ping/${c.uuid}/7`,
      `/ping/${c.uuid}/256`,
      `/ping/${c.uuid}?rid=not-a-uuid`,
      `/ping/${c.uuid}?rid=0C0D0E0F-0000-4000-8000-000000000001`,
      "/ping/00000000-0000-4000-8000-000000000000",
    ];
    for (const path of paths) {
      const before = routed;
      const fast = await raw(path);
      assert.equal(routed, before, `${path} was answered by the fast path`);
      const slow = await raw(path, ["Content-Length: 0"]);
      assert.equal(routed, before + 1, `${path} with a Content-Length went through Fastify`);
      assert.equal(fast, slow, path);
    }
  });

  it("records the same ping as the route", async () => {
    const c = await createCheckVia(h);
    await raw(`/ping/${c.uuid}/start?rid=0c0d0e0f-0000-4000-8000-000000000002`);
    await raw(`/ping/${c.uuid}/start?rid=0c0d0e0f-0000-4000-8000-000000000002`, ["Content-Length: 0"]);
    const { pings } = (await call(h.app, "GET", `/api/v3/checks/${c.uuid}/pings/`, { key: h.keys.api_key })).json;
    assert.equal(pings.length, 2);
    const [second, first] = pings.map(({ n: _n, date: _date, ...rest }: Record<string, unknown>) => rest);
    assert.deepEqual(first, second);
    assert.equal(first.ua, "probe/1.0");
    assert.equal(first.method, "GET");
    assert.equal(first.remote_addr, "127.0.0.1");
    assert.equal(first.rid, "0c0d0e0f-0000-4000-8000-000000000002");
  });

  it("leaves other requests to the route: slugs, bodies, other methods, unknown forms", async () => {
    const c = await createCheckVia(h);
    const cases: [string, string[]][] = [
      [`/ping/${h.keys.ping_key}/some-slug`, []],
      [`/ping/${c.uuid}`, ["Transfer-Encoding: chunked", "", "0"]],
      ["/ping/not-a-uuid", []],
      [`/ping/${c.uuid.toUpperCase()}`, []],
    ];
    for (const [path, headers] of cases) {
      const before = routed;
      const answer = await raw(path, headers);
      assert.ok(answer.startsWith("HTTP/1.1 "), answer);
      assert.equal(routed, before + 1, path);
    }
  });
});

describe("the ping fast path when the database fails", () => {
  it("answers the error page and keeps serving, even when the first ping cannot make the ping store", async () => {
    const h = await startHarness();
    try {
      await h.app.listen({ host: "127.0.0.1", port: 0 });
      const port = (h.app.server.address() as { port: number }).port;
      const c = await createCheckVia(h);
      // Before any ping: on SQLite the ping store's statements cannot then be prepared; on
      // PostgreSQL the batch's insert fails.
      await sql`ALTER TABLE pings RENAME TO pings_gone`.execute(h.deps.db);
      const answer = await rawGet(port, `/ping/${c.uuid}`);
      assert.match(answer, /^HTTP\/1\.1 500 Internal Server Error\r\n/);
      assert.ok(answer.endsWith("<h1>Server Error (500)</h1>"), answer);
      await sql`ALTER TABLE pings_gone RENAME TO pings`.execute(h.deps.db);
      assert.match(await rawGet(port, `/ping/${c.uuid}`), /^HTTP\/1\.1 200 OK\r\n/);
    } finally {
      await h.close();
    }
  });
});
