// Recovery of a killed push worker: its claims (the scan cursor, a batch of the outbox) are 15 s
// leases a heartbeat renews every 5 s while it works, as for scheduled messages; a killed worker
// stops renewing and another takes over 15 s later (it was 60 s). The bouncer is a fake on 127.0.0.1.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { sendDirect } from "./messages-support.js";
import { bouncerDeviceId, e2eePushes, fakeBouncer, registerPushDevice, type FakeBouncer } from "./push-support.js";
import { PUSH_HEARTBEAT_MS, PUSH_LEASE_MS, PushNotificationWorker } from "../../src/workers/push-notifications.js";
import { doScanNewMessages } from "../../src/actions/push-decide.js";
import { claimCursor, claimOutbox } from "../../src/store/push-outbox.js";
import { renewClaims } from "../../src/store/outbox-claims.js";

describe("push notification leases", () => {
  let t: ChatTest;
  let bouncer: FakeBouncer;
  let worker: PushNotificationWorker;
  let alice: Account;
  let bob: Account;
  let seen = 0;
  const bobToken = "hGsEWGmyyfI=";

  before(async () => {
    bouncer = await fakeBouncer();
    t = await chatTest({ config: { pushBouncerUrl: bouncer.url, pushOrgId: "server-uuid", pushOrgKey: "secret" } });
    const owner = await t.realm({ name: "Test Org" });
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    await registerPushDevice(t, bob, "fcm", bobToken);
    worker = new PushNotificationWorker(t.deps, { settleMs: 0 });
    await worker.runOnce();
  });
  after(async () => {
    await t.close();
    await bouncer.close();
  });
  beforeEach(() => {
    seen = bouncer.requests.length;
  });

  const pushedIds = () => e2eePushes(bouncer, seen).filter((p) => p.deviceId === bouncerDeviceId(bobToken)).map((p) => p.payload.message_id);
  /** A worker's scan, without its delivery. */
  const decide = () => doScanNewMessages(t.deps, { batch: 500, settleMs: 0, maxAgeMs: 3_600_000, leaseMs: PUSH_LEASE_MS, heartbeatMs: PUSH_HEARTBEAT_MS });
  /** What a worker killed right after its claim leaves behind: the rows due now, leased to nobody alive. */
  const claimAsKilledWorker = () => {
    const now = t.clock.now().getTime();
    return claimOutbox(t.deps.db, t.deps.dialect, now, 500, now + PUSH_LEASE_MS);
  };

  it("leases for 15 s and beats every 5 s", () => {
    assert.deepEqual([PUSH_LEASE_MS, PUSH_HEARTBEAT_MS], [15_000, 5_000]);
  });

  it("pushes the notification a killed worker had claimed 15 s after the kill, not a minute later", async () => {
    const id = await sendDirect(t, alice, [bob], "Killed mid-send");
    // The killed worker decided the notification and claimed it for delivery.
    assert.equal(await decide(), 1);
    assert.equal((await claimAsKilledWorker()).length, 1);
    assert.equal((await worker.runOnce()).delivered, 0);
    t.clock.advance(PUSH_LEASE_MS - 1_000);
    assert.equal((await worker.runOnce()).delivered, 0, "the claim still holds");
    assert.deepEqual(pushedIds(), []);
    t.clock.advance(2_000);
    assert.equal((await worker.runOnce()).delivered, 1);
    assert.deepEqual(pushedIds(), [id]);
  });

  it("keeps a batch its heartbeat renews, and lets it go a lease after the heartbeat stops", async () => {
    const id = await sendDirect(t, alice, [bob], "Slow bouncer");
    assert.equal(await decide(), 1);
    const rows = await claimAsKilledWorker();
    let held = t.clock.now().getTime() + PUSH_LEASE_MS;
    for (let beat = 0; beat < 6; beat++) {
      t.clock.advance(PUSH_HEARTBEAT_MS);
      const until = t.clock.now().getTime() + PUSH_LEASE_MS;
      assert.deepEqual(await renewClaims(t.deps.db, "push_outbox", rows.map((r) => r.id), held, until), rows.map((r) => r.id));
      held = until;
      assert.equal((await worker.runOnce()).delivered, 0);
    }
    t.clock.advance(PUSH_LEASE_MS + 1);
    assert.equal((await worker.runOnce()).delivered, 1);
    assert.deepEqual(pushedIds(), [id]);
    // The old worker's next beat finds its rows gone (delivered by the other worker).
    assert.deepEqual(await renewClaims(t.deps.db, "push_outbox", rows.map((r) => r.id), held, t.clock.now().getTime() + PUSH_LEASE_MS), []);
  });

  it("never renews a row another worker took over after the lease lapsed", async () => {
    await sendDirect(t, alice, [bob], "Taken over");
    assert.equal(await decide(), 1);
    const [mine] = await claimAsKilledWorker();
    const held = t.clock.now().getTime() + PUSH_LEASE_MS;
    t.clock.advance(PUSH_LEASE_MS + 1);
    const [theirs] = await claimAsKilledWorker();
    assert.equal(theirs!.id, mine!.id);
    assert.deepEqual(await renewClaims(t.deps.db, "push_outbox", [mine!.id], held, t.clock.now().getTime() + PUSH_LEASE_MS), []);
    t.clock.advance(PUSH_LEASE_MS + 1);
    assert.equal((await worker.runOnce()).delivered, 1);
  });

  it("scans the messages of a worker killed while holding the cursor 15 s later", async () => {
    const now = t.clock.now().getTime();
    assert.notEqual(await claimCursor(t.deps.db, now, now + PUSH_LEASE_MS, randomUUID()), undefined);
    const id = await sendDirect(t, alice, [bob], "Sent while the scanner was dead");
    assert.deepEqual(await worker.runOnce(), { queued: 0, removals: 0, delivered: 0 });
    t.clock.advance(PUSH_LEASE_MS + 1);
    assert.equal((await worker.runOnce()).queued, 1);
    assert.deepEqual(pushedIds(), [id]);
  });
});
