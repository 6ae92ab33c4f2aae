// A scheduled message or reminder that falls due while the database cannot store it (a full
// disk; on PostgreSQL an insert refused with disk_full) is kept, not failed: it is tried again
// once its claim lapses and delivered exactly once when the fault clears.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { storageFault } from "@beacon/platform";
import type { Account, ChatTest } from "../helpers.js";
import { scheduledMessageById } from "../../src/store/scheduled-messages.js";
import { SCHEDULED_LEASE_MS, ScheduledMessageWorker } from "../../src/workers/scheduled-messages.js";
import { createChannel, fetchMessages, messagesTest } from "./messages-support.js";

describe("scheduled messages during a storage fault", () => {
  let t: ChatTest;
  let alice: Account;
  let general: number;

  before(async () => {
    t = await messagesTest();
    const owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    general = await createChannel(t, owner, "general", [owner, alice]);
  });
  after(() => t.close());

  /** Makes storing a message fail as a full disk does, until the returned function is called. */
  async function fillDisk(): Promise<() => Promise<void>> {
    if (t.deps.sqlite) {
      const handle = t.deps.sqlite;
      handle.pragma(`max_page_count = ${handle.pragma("page_count", { simple: true })}`);
      return async () => void handle.pragma("max_page_count = 4294967294");
    }
    await sql`create function beacon_test_disk_full() returns trigger language plpgsql as $$ begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(t.deps.db);
    await sql`create trigger beacon_test_disk_full before insert on messages for each row execute function beacon_test_disk_full()`.execute(t.deps.db);
    return async () => {
      await sql`drop trigger beacon_test_disk_full on messages`.execute(t.deps.db);
      await sql`drop function beacon_test_disk_full()`.execute(t.deps.db);
    };
  }

  it("keeps a due message while the disk is full and delivers it once, a lease after space returns", async () => {
    const at = Math.floor(t.clock.now().getTime() / 1000) + 60;
    const content = `long enough to need a page ${"words ".repeat(400)}`;
    const res = await t.call(alice, "POST", "/scheduled_messages", { type: "stream", to: general, topic: "disk", content, scheduled_delivery_timestamp: at });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const id = res.body.scheduled_message_id;
    t.clock.advance(60_000);
    const worker = new ScheduledMessageWorker(t.deps);
    // Either the claim itself cannot be written (the cycle fails, and the worker's loop logs it)
    // or the send cannot: the row is kept either way.
    const attempt = async () => {
      try {
        return await worker.runOnce();
      } catch (error) {
        assert.equal(storageFault(error)?.kind, "disk-full", String(error));
        return ["retry"];
      }
    };

    const freeSpace = await fillDisk();
    try {
      assert.deepEqual(await attempt(), ["retry"]);
      const row = await scheduledMessageById(t.deps.db, id);
      assert.equal(row?.failed, 0, "not failed for good");
      assert.equal(row?.delivered, 0);
      t.clock.advance(SCHEDULED_LEASE_MS + 1_000);
      assert.deepEqual(await attempt(), ["retry"], "tried again a lease later");
    } finally {
      await freeSpace();
    }
    t.clock.advance(SCHEDULED_LEASE_MS + 1_000);
    assert.deepEqual(await worker.runOnce(), ["delivered"]);
    t.clock.advance(SCHEDULED_LEASE_MS + 1_000);
    assert.deepEqual(await worker.runOnce(), []);
    const messages = (await fetchMessages(t, alice, [{ operator: "channel", operand: general }, { operator: "topic", operand: "disk" }])).messages;
    assert.equal(messages.length, 1, "delivered exactly once");
    assert.equal((await scheduledMessageById(t.deps.db, id))?.failed, 0);
  });
});
