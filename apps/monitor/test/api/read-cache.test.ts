// The check reads' cache (store/read-cache.ts): an answer is served again only while nothing in
// the database changed and no check's status could have moved with the clock. Each test reads
// once (filling the cache), changes something a different way, and reads again.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { call, createCheckVia, integration, ping, secondProject, startHarness, type Harness } from "../helpers.js";

describe("check reads after changes (SQLite read cache)", () => {
  let h: Harness;
  let file: string;
  before(async () => {
    // A file, so that a second connection can write to it as another process would.
    file = join(mkdtempSync(join(tmpdir(), "beacon-read-cache-")), "monitor.db");
    h = await startHarness({ databaseUrl: `sqlite:${file}` });
  });
  after(() => h.close());

  const list = async (key = h.keys.api_key) => (await call(h.app, "GET", "/api/v3/checks/", { key })).json.checks as any[];
  const one = (uuid: string) => call(h.app, "GET", `/api/v3/checks/${uuid}`, { key: h.keys.api_key });

  it("shows a ping made through the ping path", async () => {
    const check = await createCheckVia(h, { name: "pinged" });
    assert.equal((await one(check.uuid)).json.n_pings, 0);
    const before = await list();
    assert.equal(before.find((c) => c.uuid === check.uuid).n_pings, 0);
    assert.equal((await call(h.app, "GET", `/ping/${check.uuid}`)).status, 200);
    assert.equal((await one(check.uuid)).json.n_pings, 1);
    assert.equal((await list()).find((c) => c.uuid === check.uuid).n_pings, 1);
  });

  it("shows a ping recorded through Kysely and a rename through the API", async () => {
    const check = await createCheckVia(h, { name: "renamed" });
    await one(check.uuid);
    await ping(h, check.uuid);
    assert.equal((await one(check.uuid)).json.n_pings, 1);
    await call(h.app, "POST", `/api/v3/checks/${check.uuid}`, { key: h.keys.api_key, body: { name: "new name" } });
    assert.equal((await one(check.uuid)).json.name, "new name");
  });

  it("shows a change committed by another connection", async () => {
    const check = await createCheckVia(h, { name: "elsewhere" });
    await one(check.uuid);
    await list();
    const other = new Database(file);
    try {
      other.prepare("UPDATE checks SET name = 'changed elsewhere' WHERE uuid = ?").run(check.uuid);
    } finally {
      other.close();
    }
    assert.equal((await one(check.uuid)).json.name, "changed elsewhere");
    assert.equal((await list()).find((c) => c.uuid === check.uuid).name, "changed elsewhere");
  });

  it("moves the status with the clock: up, grace, down", async () => {
    const check = await createCheckVia(h, { name: "timed", timeout: 60, grace: 60 });
    await ping(h, check.uuid);
    const status = async () => [(await one(check.uuid)).json.status, (await list()).find((c) => c.uuid === check.uuid).status];
    assert.deepEqual(await status(), ["up", "up"]);
    h.clock.advance(59_999);
    assert.deepEqual(await status(), ["up", "up"]);
    h.clock.advance(1);
    assert.deepEqual(await status(), ["grace", "grace"]);
    h.clock.advance(60_000);
    assert.deepEqual(await status(), ["down", "down"]);
  });

  it("shows a new integration link, and a deleted check is gone", async () => {
    const check = await createCheckVia(h, { name: "linked" });
    assert.equal((await one(check.uuid)).json.channels, "");
    const channel = await integration(h, "mail");
    await call(h.app, "POST", `/api/v3/checks/${check.uuid}`, { key: h.keys.api_key, body: { channels: "*" } });
    assert.equal((await one(check.uuid)).json.channels, channel.uuid);
    await call(h.app, "DELETE", `/api/v3/checks/${check.uuid}`, { key: h.keys.api_key });
    assert.equal((await one(check.uuid)).status, 404);
    assert.equal((await list()).some((c) => c.uuid === check.uuid), false);
  });

  it("never answers one project's cached read to another, nor the read-write object to a read-only key", async () => {
    const check = await createCheckVia(h, { name: "mine" });
    await one(check.uuid);
    await list();
    const bob = await secondProject(h);
    assert.equal((await call(h.app, "GET", `/api/v3/checks/${check.uuid}`, { key: bob.api_key })).status, 403);
    assert.equal((await list(bob.api_key)).length, 0);
    const readOnly = await list(h.keys.api_key_readonly);
    assert.equal("uuid" in readOnly[0], false);
  });
});
