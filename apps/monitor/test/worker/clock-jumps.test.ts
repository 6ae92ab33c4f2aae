// A step of the wall clock (NTP, `date -s`, a resumed virtual machine) is not time passing: the
// alert worker notices it against the monotonic clock, logs it, and gives the checks the step
// alone carried past their deadline a while for their pings before it marks them down.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { memoryLogger, type LogLine } from "@beacon/testing";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { JUMP_HOLD_MS } from "../../src/actions/alert-clock.js";
import { startFakeService, type FakeService } from "../../src/integrations/testing/fake-service.js";
import { checkRow, createCheckVia, type Harness } from "../helpers.js";
import { addIntegration, startAlertHarness, webhookValue } from "./helpers.js";

const MINUTE = 60_000;

describe("the alert worker across a step of the wall clock", () => {
  let h: Harness;
  let hook: FakeService;
  let lines: LogLine[];
  before(async () => {
    h = await startAlertHarness();
    hook = await startFakeService();
    const memory = memoryLogger();
    h.deps.log = memory.log;
    lines = memory.lines;
  });
  after(async () => {
    await h.close();
    await hook.close();
  });

  const ping = async (uuid: string) => assert.equal((await h.app.inject({ method: "GET", url: `/ping/${uuid}` })).statusCode, 200);
  const downFlips = async (uuid: string) => {
    const id = (await checkRow(h, uuid)).id;
    return h.deps.db.selectFrom("flips").selectAll().where("check_id", "=", id).where("new_status", "=", "down").execute();
  };

  it("holds back checks a forward jump larger than their grace made late: a ping within the hold keeps one up, silence puts one down after it", async () => {
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/$NAME/$STATUS`));
    const overdue = await createCheckVia(h, { name: "overdue", timeout: 60, grace: 60, channels: wh.uuid });
    await ping(overdue.uuid);
    h.clock.advanceSeconds(100);
    const pinging = await createCheckVia(h, { name: "pinging", timeout: 60, grace: 60, channels: wh.uuid });
    const silent = await createCheckVia(h, { name: "silent", timeout: 60, grace: 60, channels: wh.uuid });
    await ping(pinging.uuid);
    await ping(silent.uuid);
    const silentDeadline = h.clock.now().getTime() + 2 * MINUTE;
    assert.equal((await runAlertCycle(h.deps)).down, 0);

    // 30 s of real time (the overdue check's deadline passes), then the clock steps 10 minutes.
    h.clock.advanceSeconds(30);
    h.clock.jump(10 * MINUTE);
    const first = await runAlertCycle(h.deps);
    assert.equal(first.down, 1, "only the check that was late before the jump goes down");
    assert.deepEqual(hook.requests.map((r) => r.url), ["/overdue/down"]);
    const jump = lines.find((l) => /jumped forward/.test(l.msg));
    assert.ok(jump, JSON.stringify(lines));
    assert.equal(jump.level, 40);
    assert.match(jump.msg, /^alert worker: the wall clock jumped forward by 10 min 0 s \(.*\); checks it carried past their deadline get up to 2 minutes for a ping before they are marked down$/);

    // Within the hold one of them pings; the other stays silent.
    h.clock.advanceSeconds(60);
    await ping(pinging.uuid);
    assert.equal((await runAlertCycle(h.deps)).down, 0);
    assert.equal((await checkRow(h, silent.uuid)).status, "up", "not down during the hold");

    h.clock.advance(JUMP_HOLD_MS - MINUTE + 1000);
    const after = await runAlertCycle(h.deps);
    assert.equal(after.down, 1, "the silent check goes down once the hold is over");
    assert.deepEqual(hook.requests.map((r) => r.url), ["/overdue/down", "/silent/down"]);
    assert.equal((await checkRow(h, pinging.uuid)).status, "up");
    assert.deepEqual((await downFlips(silent.uuid)).map((f) => f.created), [silentDeadline], "dated at its deadline, as always");
    assert.equal((await downFlips(pinging.uuid)).length, 0);
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 2, "each alert once");
  });

  it("judges by the wall clock again for a jump back, and says so", async () => {
    const before = lines.length;
    h.clock.jump(-5 * MINUTE);
    await runAlertCycle(h.deps);
    const back = lines.slice(before).find((l) => /jumped back/.test(l.msg));
    assert.match(back?.msg ?? "", /^alert worker: the wall clock jumped back by 5 min 0 s .*; checks are marked down later by as much, unless a ping comes$/);
  });
});
