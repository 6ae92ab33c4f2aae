// A real client, zulip-js 2.x, against a listening server: it logs in with a password through
// fetch_api_key (multipart), then creates users, channels and subscriptions.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { chatTest, type ChatTest } from "../helpers.js";

const require = createRequire(import.meta.url);
const zulip = require("zulip-js") as (config: Record<string, string>) => Promise<any>;

describe("zulip-js against a listening server", () => {
  let t: ChatTest;
  let site: string;
  let client: any;

  before(async () => {
    t = await chatTest();
    await t.realm({ subdomain: "", ownerEmail: "boss@example.com", password: "boss-password" });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    client = await zulip({ username: "boss@example.com", password: "boss-password", realm: site });
  });
  after(() => t.close());

  it("logs in with a password and reads its own profile (zulip-js)", async () => {
    assert.match(client.config.apiKey, /^[a-z0-9]{32}$/);
    const me = await client.users.me.getProfile();
    assert.equal(me.result, "success");
    assert.equal(me.email, "boss@example.com");
    assert.equal(me.is_owner, true);
  });

  it("creates a user and lists users (zulip-js)", async () => {
    const created = await client.users.create({ email: "newbie@example.com", password: "newbie-pass", full_name: "New Bie" });
    assert.equal(created.result, "success", JSON.stringify(created));
    const users = await client.users.retrieve();
    assert.deepEqual(users.members.map((u: any) => u.email).sort(), ["boss@example.com", "newbie@example.com"]);
  });

  it("creates channels through subscriptions, subscribing another user (zulip-js)", async () => {
    const newbie = (await client.users.retrieve()).members.find((u: any) => u.email === "newbie@example.com");
    const res = await client.users.me.subscriptions.add({ subscriptions: [{ name: "general" }, { name: "random" }], principals: ["boss@example.com", "newbie@example.com"] });
    assert.equal(res.result, "success", JSON.stringify(res));
    assert.deepEqual(Object.keys(res.subscribed).sort(), [String(newbie.user_id), String((await client.users.me.getProfile()).user_id)].sort());
    const streams = await client.streams.retrieve();
    assert.deepEqual(streams.streams.map((s: any) => s.name).sort(), ["general", "random"]);
    const id = await client.streams.getStreamId("general");
    assert.equal(typeof id.stream_id, "number");
    const subs = await client.streams.subscriptions.retrieve();
    assert.deepEqual(subs.subscriptions.map((s: any) => s.name).sort(), ["general", "random"]);
  });

  it("unsubscribes with parameters in the query string (zulip-js)", async () => {
    const res = await client.users.me.subscriptions.remove({ subscriptions: JSON.stringify(["random"]) });
    assert.equal(res.result, "success", JSON.stringify(res));
    assert.deepEqual(res.removed, ["random"]);
    const subs = await client.streams.subscriptions.retrieve();
    assert.deepEqual(subs.subscriptions.map((s: any) => s.name), ["general"]);
  });

  it("reports a bad password as zulip-js sees it", async () => {
    const res = await fetch(`${site}/api/v1/fetch_api_key`, { method: "POST", body: new URLSearchParams({ username: "boss@example.com", password: "wrong" }) });
    assert.equal(res.status, 401);
    assert.equal(((await res.json()) as { code: string }).code, "AUTHENTICATION_FAILED");
  });
});
