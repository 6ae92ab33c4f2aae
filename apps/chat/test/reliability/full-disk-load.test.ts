// A full disk under load (SQLite): while clients send and read messages, the database file may
// not grow for two seconds. Every answer is a success or Zulip's error shape with 507 and
// Retry-After; the clients are served again within a second of space returning; and every
// message given an id is in the database afterwards, as it was sent.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { injectFullDisk, recoveryAfter, startLoad, statusCounts } from "@beacon/testing";
import { chatTest, type Account, type ChatTest, type Response } from "../helpers.js";

const PG = process.env.TEST_DATABASE_URL;
const SENDERS = 3;
const FULL_FOR_MS = 2_000;
const FULL_DISK = { result: "error", msg: "The server's disk is full: the database cannot store this change.", code: "BAD_REQUEST" };

describe("the chat server under load while the disk is full", { skip: PG ? "a full disk is injected into SQLite's file; PostgreSQL's disk faults are answered by the same classifier (storage-faults.test.ts)" : false }, () => {
  let t: ChatTest;
  let owner: Account;
  before(async () => {
    t = await chatTest();
    owner = await t.realm();
  });
  after(() => t.close());

  it("answers 507 with Retry-After or success, recovers within a second, and keeps every message given an id", async (context) => {
    const acknowledged = new Map<number, string>();
    const wrongAnswers: string[] = [];
    const expectAnswer = (label: string, res: Response) => {
      if (res.status === 200) return;
      const fullDisk = res.status === 507 && res.headers["retry-after"] === "60" && JSON.stringify(res.body) === JSON.stringify(FULL_DISK);
      if (!fullDisk) wrongAnswers.push(`${label}: ${res.status} ${JSON.stringify(res.headers["retry-after"])} ${JSON.stringify(res.body)}`);
    };

    // Clients 0..SENDERS-1 send messages naming themselves, long enough to need new pages; the last reads the newest.
    const load = startLoad(SENDERS + 1, async (client, sequence) => {
      if (client === SENDERS) {
        const res = await t.call(owner, "GET", "/messages", { anchor: "newest", num_before: 20, num_after: 0, narrow: [] });
        expectAnswer(`read ${sequence}`, res);
        return res.status;
      }
      const content = `client ${client} message ${sequence} ${"words ".repeat(300)}end`;
      const res = await t.call(owner, "POST", "/messages", { type: "private", to: [owner.id], content });
      expectAnswer(`send ${client}/${sequence}`, res);
      if (res.status === 200) acknowledged.set(res.body.id, content);
      return res.status;
    });

    const { fullAt, backAt } = await injectFullDisk(load, t.deps.sqlite!, FULL_FOR_MS);

    const during = load.answers.filter((answer) => answer.sentAt > fullAt + 100 && answer.answeredAt < backAt);
    assert.ok(during.some((answer) => answer.status === 507), `the full disk was noticed: ${statusCounts(during)}`);
    const recovery = recoveryAfter(load.answers, backAt, (status) => status === 200);
    context.diagnostic(`recovery after space returned (ms, loaded machine): ${recovery.ms === undefined ? null : Math.round(recovery.ms)}; answers: ${statusCounts(load.answers)}`);
    assert.deepEqual(wrongAnswers, []);
    assert.deepEqual(recovery.lateFailures, [], "requests sent more than a second after space returned failed");
    assert.ok(recovery.ms !== undefined && recovery.ms < 1_000, `served again after ${recovery.ms} ms`);

    assert.ok(acknowledged.size > 0);
    const rows = await t.deps.db.selectFrom("messages").select(["id", "content"]).where("id", "in", [...acknowledged.keys()]).execute();
    const stored = new Map(rows.map((row) => [Number(row.id), row.content]));
    assert.deepEqual([...acknowledged].filter(([id, content]) => stored.get(id) !== content), [], "messages given an id are missing or changed");
  });
});
