import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { FakeClock, memoryLogger } from "@beacon/testing";
import { ClockJumpDetector, describeSpan } from "../src/clock-jumps.js";

const MINUTE = 60_000;

function watch(clock: FakeClock) {
  const { log, lines } = memoryLogger();
  const detector = new ClockJumpDetector(clock, log, { name: "test worker", forward: "deadlines it skipped wait", back: "deadlines come later" });
  detector.sample();
  return { detector, lines };
}

describe("ClockJumpDetector", () => {
  it("takes time passing for time passing, however much of it", () => {
    const clock = new FakeClock();
    const { detector, lines } = watch(clock);
    clock.advance(3 * 3_600_000);
    assert.equal(detector.sample(), undefined);
    assert.equal(detector.elapsedSince(clock.now().getTime() - MINUTE), MINUTE);
    assert.deepEqual(lines, []);
  });

  it("notices a forward step against the monotonic clock and logs it once, as a warning", () => {
    const clock = new FakeClock("2026-01-01T00:00:00Z");
    const { detector, lines } = watch(clock);
    clock.advance(500);
    clock.jump(15 * MINUTE);
    const jump = detector.sample();
    assert.equal(jump?.ms, 15 * MINUTE);
    assert.equal(detector.sample(), undefined, "seen once");
    assert.equal(lines.length, 1);
    assert.equal(lines[0].level, 40);
    assert.equal(lines[0].clockJumpMs, 15 * MINUTE);
    assert.equal(lines[0].msg, "test worker: the wall clock jumped forward by 15 min 0 s (it reads 2026-01-01T00:15:00.500Z, the monotonic clock says 2026-01-01T00:00:00.500Z); deadlines it skipped wait");
  });

  it("ignores steps under its threshold and says what a step back means", () => {
    const clock = new FakeClock("2026-01-01T00:00:00Z");
    const { detector, lines } = watch(clock);
    clock.jump(400);
    assert.equal(detector.sample(), undefined);
    clock.jump(-2 * MINUTE);
    assert.equal(detector.sample()?.ms, -2 * MINUTE);
    assert.match(lines[0].msg, /jumped back by 2 min 0 s .*; deadlines come later$/);
  });

  it("counts real time since a wall-clock instant, leaving out what a forward step skipped", () => {
    const clock = new FakeClock("2026-01-01T00:00:00Z");
    const { detector } = watch(clock);
    const start = clock.now().getTime();
    clock.advance(MINUTE);
    detector.sample();
    clock.jump(15 * MINUTE);
    detector.sample();
    clock.advance(2 * MINUTE);
    assert.equal(detector.elapsedSince(start), 3 * MINUTE, "before the step: the step is not counted");
    assert.equal(detector.elapsedSince(start + 5 * MINUTE), 2 * MINUTE, "inside the skipped span: since the step");
    assert.equal(detector.elapsedSince(start + 17 * MINUTE), MINUTE, "after the step: the wall clock's word");
  });

  it("holds the wall clock back by a forward step for min(step, hold), then lets go", () => {
    const clock = new FakeClock("2026-01-01T00:00:00Z");
    const { detector } = watch(clock);
    const start = clock.now().getTime();
    clock.jump(10 * MINUTE);
    const hold = 2 * MINUTE;
    assert.equal(detector.heldNow(hold), start);
    assert.equal(detector.holdEndsIn(hold), hold);
    clock.advance(MINUTE);
    assert.equal(detector.heldNow(hold), start + MINUTE);
    assert.equal(detector.holdEndsIn(hold), MINUTE);
    clock.advance(MINUTE);
    assert.equal(detector.heldNow(hold), start + 12 * MINUTE, "the hold is over");
    assert.equal(detector.holdEndsIn(hold), undefined);

    // A step shorter than the hold holds for its own length: deadlines fall due at their real time.
    clock.jump(30_000);
    assert.equal(detector.holdEndsIn(hold), 30_000);
  });

  it("sees no steps on a clock without a monotonic reading", () => {
    let now = 0;
    const { log, lines } = memoryLogger();
    const detector = new ClockJumpDetector({ now: () => new Date(now) }, log, { name: "w", forward: "", back: "" });
    detector.sample();
    now += 3_600_000;
    assert.equal(detector.sample(), undefined);
    assert.equal(detector.heldNow(MINUTE), now);
    assert.deepEqual(lines, []);
  });

  it("words spans as an operator reads them", () => {
    assert.deepEqual([describeSpan(3500), describeSpan(15 * MINUTE + 2000), describeSpan(125 * MINUTE)], ["3.5 s", "15 min 2 s", "2 h 5 min"]);
  });
});
