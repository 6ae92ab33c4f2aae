import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { memoryLogger } from "@beacon/testing";
import { OutageLog } from "../src/outage-log.js";
import { WorkerLoop } from "../src/worker-loop.js";
import type { Logger } from "../src/log.js";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** A worker whose database refuses connections while `down` is true. */
class Flaky extends WorkerLoop<void> {
  down = false;
  bug = false;
  cycles = 0;
  constructor(log: Logger) {
    super({ log, intervalMs: 2, failure: "flaky cycle failed", name: "flaky worker" });
  }
  async runOnce(): Promise<void> {
    this.cycles++;
    if (this.down) throw refused();
    if (this.bug) throw new TypeError("x is undefined");
  }
}

describe("OutageLog", () => {
  it("says once that the worker paused and once that it resumed, whatever the number of failures", () => {
    const { log, lines } = memoryLogger();
    const outage = new OutageLog(log, "alert worker");
    outage.succeeded();
    for (let i = 0; i < 50; i++) assert.equal(outage.failed(refused()), true);
    assert.equal(outage.paused, true);
    outage.succeeded();
    outage.succeeded();
    assert.equal(outage.paused, false);
    assert.deepEqual(lines.map((l) => l.level), [40, 30]);
    assert.equal(lines[0].msg, "alert worker paused: The database is unavailable; try again shortly. (connect ECONNREFUSED 127.0.0.1:5432). It resumes by itself when the database answers again.");
    assert.equal(lines[0].fault, "unavailable");
    assert.match(lines[1].msg, /^alert worker resumed: the database answers again after [\d.]+ s$/);
    assert.equal(lines[1].failedCycles, 50);
    assert.equal(lines.some((l) => l.err), false, "no stack trace");
  });

  it("leaves an error that is not a storage fault to the caller", () => {
    const { log, lines } = memoryLogger();
    const outage = new OutageLog(log, "alert worker");
    assert.equal(outage.failed(new TypeError("x is undefined")), false);
    assert.equal(outage.paused, false);
    assert.deepEqual(lines, []);
  });

  it("keeps a WorkerLoop quiet through an outage, and it resumes by itself", async () => {
    const { log, lines } = memoryLogger();
    const worker = new Flaky(log);
    worker.down = true;
    worker.start();
    // Waits on what happens, not on a time: the machine may be loaded.
    const until = async (done: () => boolean) => {
      while (!done()) await sleep(2);
    };
    await until(() => worker.cycles >= 5);
    const during = worker.cycles;
    worker.down = false;
    await until(() => lines.length >= 2);
    worker.bug = true;
    await until(() => lines.length >= 3);
    await worker.stop();
    assert.ok(worker.cycles > during, "cycles go on after the outage");
    const [paused, resumed, ...bugs] = lines;
    assert.match(paused.msg, /^flaky worker paused: The database is unavailable/);
    assert.match(resumed.msg, /^flaky worker resumed/);
    assert.ok(bugs.length >= 1 && bugs.every((l) => l.level === 50 && l.msg === "flaky cycle failed" && l.err?.stack), "a bug is logged every time, with its stack");
  });
});
