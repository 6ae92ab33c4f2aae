import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { HeartbeatWheel } from "../../src/events/heartbeats.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` or 2 s (a loaded machine delays timers; bounds below are loose). */
async function until(done: () => boolean): Promise<void> {
  const deadline = performance.now() + 2000;
  while (!done() && performance.now() < deadline) await sleep(5);
}

function target(beats: number[], started: number) {
  return { beat: () => beats.push(performance.now() - started) };
}

describe("heartbeat wheel", () => {
  it("slots are about 1/45 of the interval, 1 s at Zulip's 45 s, at least 5 ms", () => {
    assert.equal(HeartbeatWheel.resolutionFor(45_000), 1000);
    assert.equal(HeartbeatWheel.resolutionFor(4_500), 100);
    assert.equal(HeartbeatWheel.resolutionFor(50), 5);
  });

  it("beats each target once, no earlier than asked and not forgotten", async () => {
    const wheel = new HeartbeatWheel(20);
    const started = performance.now();
    const a: number[] = [];
    const b: number[] = [];
    const c: number[] = [];
    wheel.add(target(a, started), 30);
    wheel.add(target(b, started), 35);
    wheel.add(target(c, started), 90);
    await until(() => c.length > 0);
    await sleep(30);
    assert.equal(a.length, 1);
    assert.equal(b.length, 1);
    assert.equal(c.length, 1);
    for (const [at, asked] of [
      [a[0], 30],
      [b[0], 35],
      [c[0], 90],
    ]) {
      assert.ok(at >= asked - 1, `beat at ${at} ms, asked for ${asked}`);
      // A stalled event loop (a loaded CI machine) may delay a beat; one never fires early.
      assert.ok(at < asked + 5_000, `beat at ${at} ms, asked for ${asked}`);
    }
    assert.equal(wheel.size, 0);
    wheel.close();
  });

  it("forgets removed targets, and a new deadline replaces the old one", async () => {
    const wheel = new HeartbeatWheel(10);
    const started = performance.now();
    const removed: number[] = [];
    const moved: number[] = [];
    const gone = target(removed, started);
    const later = target(moved, started);
    wheel.add(gone, 20);
    wheel.add(later, 20);
    wheel.add(later, 80);
    wheel.remove(gone);
    assert.equal(wheel.size, 1);
    await sleep(50);
    assert.deepEqual(removed, []);
    assert.deepEqual(moved, []);
    await until(() => moved.length > 0);
    assert.equal(moved.length, 1);
    assert.ok(moved[0] >= 79);
    wheel.close();
  });

  it("an earlier deadline added later re-arms the timer", async () => {
    const wheel = new HeartbeatWheel(10);
    const started = performance.now();
    const late: number[] = [];
    const early: number[] = [];
    wheel.add(target(late, started), 5000);
    wheel.add(target(early, started), 20);
    await until(() => early.length > 0);
    assert.equal(early.length, 1);
    assert.ok(early[0] >= 19);
    assert.equal(late.length, 0, "the later one is not due yet");
    assert.equal(wheel.size, 1);
    wheel.close();
    assert.equal(wheel.size, 0, "close() drops what was due");
  });
});
