import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { withHeartbeat } from "../src/heartbeat.js";

describe("withHeartbeat", () => {
  it("beats every interval while the work runs and never after it ends", async () => {
    let beats = 0;
    const result = await withHeartbeat(10, async () => beats++, async () => {
      await sleep(75);
      return "done";
    });
    assert.equal(result, "done");
    assert.ok(beats >= 3 && beats <= 8, `beats: ${beats}`);
    const atEnd = beats;
    await sleep(40);
    assert.equal(beats, atEnd);
  });

  it("goes on beating after a failed beat and reports it", async () => {
    let beats = 0;
    const errors: unknown[] = [];
    await withHeartbeat(10, async () => {
      if (++beats === 1) throw new Error("database away");
    }, () => sleep(60), (e) => errors.push(e));
    assert.equal(errors.length, 1);
    assert.ok(beats >= 2);
  });

  it("stops beating when the work throws, and passes the error on", async () => {
    let beats = 0;
    await assert.rejects(withHeartbeat(10, async () => beats++, async () => {
      await sleep(30);
      throw new Error("boom");
    }), /boom/);
    const atEnd = beats;
    await sleep(30);
    assert.equal(beats, atEnd);
  });
});
