// The realm-state cache (store/realm-state.ts) is invisible: every write to the state it holds,
// through the API or straight into the database (a CLI command, another process), is seen by
// the very next request. Each test fills the cache first, then changes the state.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import type { Account, ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";

describe("realm state cache invalidation", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice Able" });
    await createChannel(t, owner, "general", [owner, alice]);
  });
  after(() => t.close());

  const warm = async (who: Account) => {
    await sendToChannel(t, who, "general", "warm", "filling the cache");
    await fetchMessages(t, who, [{ operator: "channel", operand: "general" }]);
  };

  it("refuses a regenerated API key on the next request", async () => {
    const bob = await t.user(owner);
    await fetchMessages(t, bob, []);
    const res = await t.call(bob, "POST", "/users/me/api_key/regenerate");
    assert.equal(res.status, 200);
    const old = await t.call(bob, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0 });
    assert.equal(old.status, 401);
    assert.equal(old.body.msg, "Invalid API key");
    const fresh = await t.call({ ...bob, apiKey: res.body.api_key }, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0 });
    assert.equal(fresh.status, 200);
  });

  it("refuses a deactivated user on the next request", async () => {
    const carol = await t.user(owner);
    await fetchMessages(t, carol, []);
    assert.equal((await t.call(owner, "DELETE", `/users/${carol.id}`)).status, 200);
    const res = await t.call(carol, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0 });
    assert.equal(res.status, 401);
    assert.equal(res.body.msg, "Account is deactivated");
  });

  it("accepts messages to a channel created after the cache was filled", async () => {
    await warm(owner);
    await createChannel(t, owner, "brand-new", [owner]);
    const id = await sendToChannel(t, owner, "brand-new", "hello", "first");
    assert.ok(id > 0);
  });

  it("delivers to a user subscribed after the channel's subscribers were cached", async () => {
    const dave = await t.user(owner);
    await createChannel(t, owner, "later", [owner]);
    await sendToChannel(t, owner, "later", "t", "before dave");
    assert.equal((await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "later" }], principals: [dave.id] })).status, 200);
    const id = await sendToChannel(t, owner, "later", "t", "after dave");
    const mine = await fetchMessages(t, dave, [{ operator: "is", operand: "unread" }]);
    assert.deepEqual(
      mine.messages.map((m: { id: number }) => m.id),
      [id],
    );
  });

  it("sees a user renamed straight in the database", async () => {
    await warm(alice);
    await sql`update users set full_name = 'Alice Renamed' where id = ${alice.id}`.execute(t.deps.db);
    const { messages } = await fetchMessages(t, alice, [{ operator: "channel", operand: "general" }]);
    assert.equal(messages.at(-1).sender_full_name, "Alice Renamed");
  });

  it("mentions a user created after the cache was filled", async () => {
    await warm(owner);
    const erin = await t.user(owner, { name: "Erin Early" });
    const id = await sendToChannel(t, owner, "general", "mentions", "hi @**Erin Early**");
    const res = await t.call(owner, "GET", `/messages/${id}`);
    assert.match(res.body.message.content, new RegExp(`data-user-id="${erin.id}"`));
  });

  it("refuses every request of a realm deactivated straight in the database", async () => {
    const other = await t.realm();
    await fetchMessages(t, other, []);
    await sql`update realms set deactivated = 1 where id = ${other.realmId}`.execute(t.deps.db);
    const res = await t.call(other, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0 });
    assert.equal(res.status, 401);
    assert.equal(res.body.msg, "This organization has been deactivated");
  });
  it("never caches state from a transaction that is still open and then rolls back", async () => {
    await warm(alice);
    const general = [{ operator: "channel", operand: "general" }];
    const name = (await fetchMessages(t, alice, general)).messages.at(-1).sender_full_name;
    let release!: () => void;
    let entered!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const rolledBack = t.deps.db
      .transaction()
      .execute(async (trx) => {
        await sql`update users set full_name = 'Alice Uncommitted' where id = ${alice.id}`.execute(trx);
        entered();
        await held;
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await inside;
    // On SQLite this request shares the connection with the open transaction.
    const during = fetchMessages(t, alice, general);
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    await rolledBack;
    assert.equal((await during).messages.at(-1).sender_full_name, name);
    // The committed write moves the state version to where the rolled-back one had put it.
    await sql`update users set full_name = 'Alice Committed' where id = ${alice.id}`.execute(t.deps.db);
    assert.equal((await fetchMessages(t, alice, general)).messages.at(-1).sender_full_name, "Alice Committed");
    await sql`update users set full_name = ${name} where id = ${alice.id}`.execute(t.deps.db);
  });
});
