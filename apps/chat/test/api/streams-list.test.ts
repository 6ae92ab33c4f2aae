import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";

describe("GET /streams", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  const ids: Record<string, number> = {};

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    for (const [name, extra] of [["general", {}], ["secret", { invite_only: true }], ["old", {}]] as const) {
      ids[name] = (await t.call(owner, "POST", "/channels/create", { name, subscribers: [owner.id], ...extra })).body.id;
    }
    await t.call(owner, "DELETE", `/streams/${ids.old}`);
  });
  after(() => t.close());

  const names = (res: any) => res.body.streams.map((s: any) => s.name).sort();

  it("lists public and subscribed channels, without archived ones", async () => {
    assert.deepEqual(names(await t.call(member, "GET", "/streams")), ["general"]);
    assert.deepEqual(names(await t.call(owner, "GET", "/streams")), ["general", "secret"]);
  });

  it("includes archived channels when asked", async () => {
    const res = await t.call(owner, "GET", "/streams", { exclude_archived: false });
    assert.deepEqual(names(res), ["general", "old", "secret"]);
    assert.equal(res.body.streams.find((s: any) => s.name === "old").is_archived, true);
  });

  it("returns the BasicChannel fields", async () => {
    const general = (await t.call(member, "GET", "/streams")).body.streams[0];
    for (const key of ["stream_id", "name", "description", "rendered_description", "date_created", "creator_id", "invite_only", "is_web_public", "history_public_to_subscribers", "message_retention_days", "first_message_id", "folder_id", "topics_policy", "is_recently_active", "is_announcement_only", "stream_post_policy", "stream_weekly_traffic", "subscriber_count", "is_archived", "can_send_message_group", "can_subscribe_group"]) {
      assert.ok(key in general, key);
    }
    assert.equal(general.subscriber_count, 1);
  });

  it("marks default channels with include_default", async () => {
    await t.call(owner, "POST", "/default_streams", { stream_id: ids.general });
    const res = await t.call(member, "GET", "/streams", { include_default: true });
    assert.equal(res.body.streams[0].is_default, true);
  });

  it("keeps public channels from guests, and include_all_active for administrators", async () => {
    const guest = await t.user(owner, { role: ROLE_GUEST });
    // Only the default channel the guest was subscribed to on arrival.
    assert.deepEqual(names(await t.call(guest, "GET", "/streams")), ["general"]);
    assert.deepEqual(names(await t.call(guest, "GET", "/streams", { include_subscribed: false })), []);
    assert.deepEqual((await t.call(member, "GET", "/streams", { include_all_active: true })).body, badRequest("User not authorized for this query"));
    assert.deepEqual(names(await t.call(owner, "GET", "/streams", { include_all_active: true })), ["general", "secret"]);
  });
});
