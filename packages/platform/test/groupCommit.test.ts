import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { GroupCommitQueue, openDatabase, type Database } from "@beacon/platform";

describe("GroupCommitQueue", () => {
  let database: Database<any>;
  let transactions = 0;
  before(() => {
    database = openDatabase("sqlite::memory:");
    database.sqlite!.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, value TEXT NOT NULL CHECK (value != 'bad'))");
  });
  after(() => database.close());

  const insert = () => database.sqlite!.prepare("INSERT INTO items (value) VALUES (?)");
  const queue = (maxBatch = 100) =>
    new GroupCommitQueue<string, number>({
      db: database.db,
      maxBatch,
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
});
