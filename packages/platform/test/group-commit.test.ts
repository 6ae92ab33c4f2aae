import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { setImmediate as turn } from "node:timers/promises";
import { GroupCommitQueue, openDatabase, type Database, type GroupCommitOptions } from "@beacon/platform";

describe("GroupCommitQueue", () => {
  let database: Database<any>;
  let transactions = 0;
  before(() => {
    database = openDatabase("sqlite::memory:");
    database.sqlite!.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, value TEXT NOT NULL CHECK (value != 'bad'))");
  });
  after(() => database.close());

  const insert = () => database.sqlite!.prepare("INSERT INTO items (value) VALUES (?)");
  const queue = (maxBatch = 100, idle: Pick<GroupCommitOptions<string, number>, "idleStep" | "onIdleError"> = {}) =>
    new GroupCommitQueue<string, number>({
      db: database.db,
      maxBatch,
      ...idle,
      store: {
        transaction<X>(work: () => X): X {
          transactions++;
          return database.sqlite!.transaction(work).immediate();
        },
        write: (value) => Number(insert().run(value).lastInsertRowid),
      },
    });

  it("commits writes submitted together in one transaction, answering each with its result in order", async () => {
    transactions = 0;
    const q = queue();
    const ids = await Promise.all(["a", "b", "c"].map((v) => q.submit(v)));
    assert.equal(transactions, 1);
    assert.deepEqual(ids, [ids[0], ids[0] + 1, ids[0] + 2]);
  });

  it("splits bursts into batches of at most maxBatch", async () => {
    transactions = 0;
    const q = queue(2);
    await Promise.all(["d", "e", "f", "g", "h"].map((v) => q.submit(v)));
    assert.equal(transactions, 3);
  });

  it("retries a failed batch one by one, so one bad write loses no other", async () => {
    const q = queue();
    const results = await Promise.allSettled(["x", "bad", "y"].map((v) => q.submit(v)));
    assert.deepEqual(results.map((r) => r.status), ["fulfilled", "rejected", "fulfilled"]);
    const stored = database.sqlite!.prepare("SELECT value FROM items WHERE value IN ('x', 'y', 'bad')").all();
    assert.deepEqual(stored.map((r: any) => r.value).sort(), ["x", "y"]);
  });

  it("answers nothing before the commit", async () => {
    const q = queue();
    let answered = false;
    const pending = q.submit("z").then(() => (answered = true));
    assert.equal(answered, false);
    await pending;
    assert.equal((database.sqlite!.prepare("SELECT count(*) AS n FROM items WHERE value = 'z'").get() as { n: number }).n, 1);
  });

  it("runs idle steps after a batch, one per turn, until they report no more work", async () => {
    const log: string[] = [];
    let left = 3;
    const q = queue(100, { idleStep: () => (log.push(`step ${left}`), --left > 0) });
    await q.submit("idle 1");
    log.push("answered");
    for (let i = 0; i < 10; i++) await turn();
    assert.deepEqual(log, ["answered", "step 3", "step 2", "step 1"]);
  });

  it("lets queued writes go before the next idle step", async () => {
    const log: string[] = [];
    let steps = 0;
    const q = queue(100, { idleStep: () => (log.push("step"), ++steps < 100) });
    await q.submit("first");
    await turn();
    const second = q.submit("second").then(() => log.push("second answered"));
    await second;
    const before = log.indexOf("second answered");
    // At most the one step already under way ran between the submit and its batch.
    assert.ok(log.slice(0, before).filter((e) => e === "step").length <= 2, log.join(", "));
    for (let i = 0; i < 200 && steps < 100; i++) await turn();
    assert.equal(steps, 100, "idling resumed after the second batch");
  });

  it("ends the idle steps when one throws, reporting the error, and starts them again after the next batch", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const q = queue(100, {
      idleStep: () => {
        calls++;
        throw new Error("upkeep failed");
      },
      onIdleError: (error) => errors.push(error),
    });
    await q.submit("one");
    for (let i = 0; i < 5; i++) await turn();
    assert.equal(calls, 1);
    await q.submit("two");
    for (let i = 0; i < 5; i++) await turn();
    assert.equal(calls, 2);
    assert.equal(errors.length, 2);
  });
});
