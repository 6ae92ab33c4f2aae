// Drives the monitor with the npm package healthchecks-io-client (API v3) over a real
// socket: it sends JSON content types with empty bodies and drops trailing slashes on
// the pings, flips and channels URLs, relying on the redirect.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { integration, ping, startHarness, type Harness } from "../helpers.js";

const require = createRequire(import.meta.url);
const { HealthChecksApiClient } = require("healthchecks-io-client");

describe("healthchecks-io-client against the monitor", () => {
  let h: Harness;
  let client: any;
  let readOnly: any;
  before(async () => {
    h = await startHarness();
    const address = await h.app.listen({ host: "127.0.0.1", port: 0 });
    client = new HealthChecksApiClient({ apiKey: h.keys.api_key, baseUrl: address, apiVersion: 3 });
    readOnly = new HealthChecksApiClient({ apiKey: h.keys.api_key_readonly, baseUrl: address, apiVersion: 3 });
  });
  after(() => h.close());

  it("creates, lists, gets, updates, pauses and deletes a check", async () => {
    const mail = await integration(h, "Mail");
    const created = await client.createCheck({ name: "Backups", tags: "prod", timeout: 3600, grace: 60, channels: "*" });
    assert.equal(created.name, "Backups");
    assert.equal(created.channels, mail.uuid);

    const { checks } = await client.getChecks(["prod"]);
    assert.deepEqual(checks.map((c: any) => c.uuid), [created.uuid]);

    const fetched = await client.getCheck(created.uuid);
    assert.equal(fetched.timeout, 3600);

    const updated = await client.updateCheck(created.uuid, { schedule: "0 5 * * *", tz: "Europe/Riga" });
    assert.equal(updated.schedule, "0 5 * * *");
    assert.equal(updated.tz, "Europe/Riga");

    const paused = await client.pauseCheck(created.uuid);
    assert.equal(paused.status, "paused");

    const deleted = await client.deleteCheck(created.uuid);
    assert.equal(deleted.uuid, created.uuid);
    await assert.rejects(client.getCheck(created.uuid), (e: any) => e.statusCode === 404);
  });

  it("lists pings, flips and integrations through the slashless URLs", async () => {
    const created = await client.createCheck({ name: "Pinged" });
    await ping(h, created.uuid);
    const { pings } = await client.listPings(created.uuid);
    assert.equal(pings.length, 1);
    assert.equal(pings[0].type, "success");
    const { flips } = await client.listFlips(created.uuid);
    assert.equal(flips[0].up, 1);
    const { channels } = await client.getIntegrations();
    assert.ok(channels.length >= 1);
  });

  it("reads checks with a read-only key and surfaces 401 for writes", async () => {
    const { checks } = await readOnly.getChecks();
    assert.ok(checks.every((c: any) => typeof c.unique_key === "string"));
    await assert.rejects(readOnly.createCheck({ name: "nope" }), (e: any) => e.statusCode === 401);
  });

  it("gets a check by unique key", async () => {
    const { checks } = await readOnly.getChecks();
    const one = await readOnly.getCheck(checks[0].unique_key);
    assert.equal(one.unique_key, checks[0].unique_key);
  });
});
