import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../src/log.js";
import { WorkerLoop } from "../src/worker-loop.js";

class Counting extends WorkerLoop<number> {
  cycles = 0;
  inCycle = false;
  readonly errors: unknown[];
  constructor(private readonly cycle: (n: number) => Promise<void>) {
    const errors: unknown[] = [];
    super({ log: { error: (obj: { err: unknown }) => errors.push(obj.err) } as unknown as Logger, intervalMs: 5, failure: "cycle failed" });
    this.errors = errors;
  }
  async runOnce(): Promise<number> {
    this.inCycle = true;
    try {
      await this.cycle(++this.cycles);
      return this.cycles;
    } finally {
      this.inCycle = false;
    }
  }
}

describe("WorkerLoop", () => {
  it("runs a cycle at start and again after each pause, and none after stop", async () => {
    const loop = new Counting(() => sleep(1));
    loop.start();
    loop.start(); // a second start does not make a second loop
    await sleep(60);
    await loop.stop();
    const atStop = loop.cycles;
    assert.ok(atStop >= 2, `cycles: ${atStop}`);
    await sleep(30);
    assert.equal(loop.cycles, atStop);
  });

  it("logs a cycle that throws and goes on", async () => {
    const loop = new Counting(async (n) => {
      if (n === 1) throw new Error("database away");
    });
    loop.start();
    await sleep(40);
    await loop.stop();
    assert.deepEqual(loop.errors.map((e) => (e as Error).message), ["database away"]);
    assert.ok(loop.cycles >= 2);
  });

  it("waits at stop for the cycle under way", async () => {
    const loop = new Counting(() => sleep(50));
    loop.start();
    await sleep(10);
    assert.equal(loop.inCycle, true);
    await loop.stop();
    assert.equal(loop.inCycle, false);
    assert.equal(loop.cycles, 1);
  });
});
