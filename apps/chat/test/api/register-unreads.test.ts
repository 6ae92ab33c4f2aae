// /register's unread_msgs as served (on SQLite from the per-user cache that unread-cache.ts
// brings up to date) against the same section read in full, after each kind of change: sends,
// reads and unreads, mention flags, moves and renames, deletions, mutes, subscriptions, rows
// changed by hand (as another process would), and past the 50,000-message limit.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { callOk, chatTest, type Account, type ChatTest, type Params } from "../helpers.js";
import { unreadMessages } from "../../src/store/register-messages.js";
import { UNREAD_CHANGES_KEEP } from "../../src/migrations/033_unread_changes.js";

describe("register's unread section kept up to date", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let general: number;
  let random: number;

  const ok = (who: Account, method: string, url: string, params: Params = {}) => callOk(t, who, method, url, params);
  const send = async (who: Account, to: number | string, topic: string, content: string): Promise<number> =>
    (await ok(who, "POST", "/messages", typeof to === "number" ? { type: "stream", to, topic, content } : { type: "private", to, content })).id;
  const served = async (who: Account) => (await ok(who, "POST", "/register", { fetch_event_types: ["message", "update_message_flags"], event_types: ["message"] })).unread_msgs;
  const full = (who: Account) => unreadMessages(t.deps.db, t.deps.dialect, who.id, false, false);

  /** The served section is byte for byte the one read in full, for each of them. */
  const same = async (...who: Account[]) => {
    for (const user of who) assert.equal(JSON.stringify(await served(user)), JSON.stringify(await full(user)), `user ${user.id}`);
  };
  const ids = (section: any): number[] => [...section.streams, ...section.pms, ...section.huddles].flatMap((g: any) => g.unread_message_ids).sort((a: number, b: number) => a - b);

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    general = (await ok(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id, noah.id] })).id;
    random = (await ok(owner, "POST", "/channels/create", { name: "random", subscribers: [owner.id, mia.id, noah.id] })).id;
  });
  after(() => t.close());

  it("follows sends, reads, unreads and mentions", async () => {
    await same(mia, noah);
    const first = await send(owner, general, "Plans", "hello");
    await send(owner, general, "plans", "same topic, other case");
    await send(owner, random, "lunch", "@**Mia** noon?");
    await send(owner, general, "news", "@**all** release today");
    await send(owner, mia.email, "", "a direct message");
    await send(owner, JSON.stringify([mia.id, noah.id]), "", "a group message");
    await same(mia, noah);
    assert.equal((await served(mia)).count, 6);

    await ok(mia, "POST", "/messages/flags", { messages: [first], op: "add", flag: "read" });
    await same(mia, noah);
    // The topic's oldest unread message is now the lower-case one: the bucket is named after it.
    assert.equal((await served(mia)).streams.find((s: any) => s.stream_id === general && s.topic.toLowerCase() === "plans").topic, "plans");
    await ok(mia, "POST", "/messages/flags", { messages: [first], op: "remove", flag: "read" });
    await same(mia, noah);
    const mention = await send(owner, general, "news", "nothing yet");
    await same(mia);
    await ok(owner, "PATCH", `/messages/${mention}`, { content: "now for @**Mia**" });
    await same(mia, noah);
    assert.ok((await served(mia)).mentions.includes(mention));
    await ok(mia, "POST", "/mark_all_as_read");
    await same(mia, noah);
    assert.equal((await served(mia)).count, 0);
  });

  it("follows moves, renames and deletions", async () => {
    const a = await send(owner, general, "design", "one");
    const b = await send(owner, general, "design", "two");
    const c = await send(owner, general, "Design", "three");
    await same(mia, noah);
    await ok(owner, "PATCH", `/messages/${b}`, { topic: "review", propagate_mode: "change_later" });
    await same(mia, noah);
    await ok(owner, "PATCH", `/messages/${a}`, { topic: "DESIGN", propagate_mode: "change_one" });
    await same(mia, noah);
    await ok(owner, "PATCH", `/messages/${c}`, { stream_id: random, propagate_mode: "change_all" });
    await same(mia, noah);
    await ok(owner, "DELETE", `/messages/${a}`);
    await same(mia, noah);
    // The newest message deleted, then one more sent.
    const last = await send(owner, general, "design", "last");
    await same(mia);
    await ok(owner, "DELETE", `/messages/${last}`);
    await same(mia, noah);
    await send(owner, general, "design", "after");
    await same(mia, noah);
  });

  it("follows mutes and subscriptions", async () => {
    await send(owner, general, "muted topic", "quiet");
    await send(owner, random, "loud", "@**all** hey");
    await same(mia, noah);
    await ok(mia, "POST", "/user_topics", { stream_id: general, topic: "muted topic", visibility_policy: 1 });
    await same(mia);
    await ok(mia, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: random, property: "is_muted", value: true }] });
    await same(mia);
    await ok(noah, "DELETE", "/users/me/subscriptions", { subscriptions: ["random"] });
    await same(noah);
    await send(owner, random, "loud", "while Noah is away");
    await same(noah);
    await ok(noah, "POST", "/users/me/subscriptions", { subscriptions: JSON.stringify([{ name: "random" }]) });
    await same(noah, mia);
  });

  it("sees rows changed by hand, as another process would change them", async () => {
    const x = await send(owner, general, "by hand", "x");
    const y = await send(owner, general, "by hand", "y");
    await same(mia);
    await sql`update user_messages set flags = flags | 1 where user_id = ${mia.id} and message_id = ${x}`.execute(t.deps.db);
    await same(mia);
    await sql`update messages set topic = 'elsewhere', topic_key = 'elsewhere' where id = ${y}`.execute(t.deps.db);
    await same(mia);
    await sql`update subscriptions set active = 0 where user_id = ${mia.id} and stream_id = ${general}`.execute(t.deps.db);
    await same(mia);
    assert.ok(!ids(await served(mia)).includes(y));
    await sql`update subscriptions set active = 1 where user_id = ${mia.id} and stream_id = ${general}`.execute(t.deps.db);
    await same(mia);
    assert.ok(ids(await served(mia)).includes(y));
    // A row added for an older message (as a move adds them: read, then changed).
    await sql`insert into user_messages (user_id, message_id, flags) values (${owner.id}, ${x}, 1) on conflict do nothing`.execute(t.deps.db);
    await sql`update user_messages set flags = 0 where user_id = ${owner.id} and message_id = ${x}`.execute(t.deps.db);
    await same(owner, mia);
    await sql`delete from user_messages where user_id = ${mia.id} and message_id = ${y}`.execute(t.deps.db);
    await same(mia);
  });

  it("keeps the newest 50,000 past the limit", async () => {
    await ok(mia, "POST", "/mark_all_as_read");
    const recipient = (await sql<{ id: number }>`select id from recipients where stream_id = ${random}`.execute(t.deps.db)).rows[0].id;
    // 50,010 older messages, straight into the tables; every tenth topic differs in case.
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 50010)
      insert into messages (realm_id, sender_id, recipient_id, stream_id, topic, topic_key, content, rendered_content, client, date_sent)
      select ${owner.realmId}, ${owner.id}, ${recipient}, ${random}, case when i % 10 = 0 then 'Bulk ' else 'bulk ' end || (i % 7), 'bulk ' || (i % 7), 'bulk', '<p>bulk</p>', 'test', ${Date.now()} from n`.execute(t.deps.db);
    await sql`insert into user_messages (user_id, message_id, flags) select ${mia.id}, id, case when id % 3 = 0 then 9 else 1 end from messages where content = 'bulk'`.execute(t.deps.db);
    await sql`update user_messages set flags = flags & ~1 where user_id = ${mia.id} and message_id in (select id from messages where content = 'bulk')`.execute(t.deps.db);
    await same(mia);
    const section = await served(mia);
    assert.equal(section.old_unreads_missing, true);
    assert.equal(ids(section).length, 50000);
    // Reads among the newest bring older ones in; sends push the oldest out.
    const newest = ids(section).slice(-5);
    await ok(mia, "POST", "/messages/flags", { messages: newest, op: "add", flag: "read" });
    await same(mia);
    for (let i = 0; i < 3; i++) await send(owner, random, "bulk 1", `more ${i}`);
    await same(mia);
    await ok(mia, "POST", "/messages/flags", { messages: ids(await served(mia)).slice(0, 3), op: "add", flag: "read" });
    await same(mia);
    await ok(mia, "POST", "/messages/flags", { messages: ids(await served(mia)).slice(-200), op: "add", flag: "read" });
    await same(mia);
    // More changes at once than the cache applies one by one.
    await sql`update user_messages set flags = flags | 1 where user_id = ${mia.id} and message_id % 2 = 0`.execute(t.deps.db);
    await same(mia);
    assert.equal((await served(mia)).old_unreads_missing, false);
  });

  it("reads everything again once the log was pruned past its place", async () => {
    const read = await send(owner, general, "pruned", "read while the log moved on");
    await same(noah);
    await sql`update user_messages set flags = flags | 1 where user_id = ${noah.id} and message_id = ${read}`.execute(t.deps.db);
    // Mia's 50,010 bulk rows flipped until the log has moved on by more than it keeps.
    for (let i = 0; i * 50010 <= UNREAD_CHANGES_KEEP + 10000; i++) {
      await sql`update user_messages set flags = ${sql.raw(i % 2 ? "flags & ~1" : "flags | 1")} where user_id = ${mia.id} and message_id in (select id from messages where content = 'bulk')`.execute(t.deps.db);
    }
    await same(noah, mia);
    assert.ok(!ids(await served(noah)).includes(read));
  });
});
