// Invisible mode: presence_enabled=false through PATCH /settings hides the user's presence.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { OFFLINE_THRESHOLD_SECS } from "../../src/lib/presence.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture } from "./support.js";

describe("Invisible mode", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let cap: Capture;
  const seconds = () => Math.floor(t.clock.now().getTime() / 1000);

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    cap = capture(t);
  });
  after(() => t.close());

  it("going invisible shows the user offline to everyone at once", async () => {
    t.clock.advanceSeconds(1000);
    assert.equal((await t.call(mia, "POST", "/users/me/presence", { status: "active", ping_only: true })).status, 200);
    t.clock.advanceSeconds(30);
    const queue = await registerQueue(t, owner, { event_types: ["presence", "user_settings"] });
    const own = await registerQueue(t, mia, { event_types: ["presence", "user_settings"] });
    await t.deps.events.flush();
    cap.clear();
    const res = await t.call(mia, "PATCH", "/settings", { presence_enabled: false });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const now = seconds();
    // One idle connection from OFFLINE_THRESHOLD_SECS + 120 s ago; never active since joining.
    const gone = now - OFFLINE_THRESHOLD_SECS - 120;
    const website = { client: "website", status: "idle", timestamp: gone, pushable: false };
    const presence = { type: "presence", user_id: mia.id, email: mia.email, server_timestamp: now, presence: { website } };
    assert.deepEqual(withoutIds(await nextEvents(t, owner, queue)), [presence]);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, own)), [{ type: "user_settings", op: "update", property: "presence_enabled", value: false }, presence]);
    assert.deepEqual(recipients(cap.of("presence")[0]), [owner.id, mia.id]);

    const state = await t.call(owner, "POST", "/users/me/presence", { status: "active", slim_presence: true });
    assert.deepEqual(state.body.presences[mia.id], { active_timestamp: 1736942400, idle_timestamp: gone });
  });

  it("records nothing while the user is invisible, and sends no event", async () => {
    await t.deps.events.flush();
    cap.clear();
    const before = (await t.call(owner, "POST", "/users/me/presence", { status: "active", slim_presence: true })).body;
    t.clock.advanceSeconds(300);
    const res = await t.call(mia, "POST", "/users/me/presence", { status: "active", slim_presence: true });
    assert.equal(res.status, 200);
    // The user still reads everyone else's presence.
    assert.ok(res.body.presences[owner.id]);
    assert.deepEqual(cap.of("presence"), []);
    const after = (await t.call(owner, "POST", "/users/me/presence", { status: "active", slim_presence: true, last_update_id: before.presence_last_update_id })).body;
    assert.equal(after.presences[mia.id], undefined);
    const registered = (await t.call(owner, "POST", "/register", { fetch_event_types: ["presence"], slim_presence: true })).body;
    assert.equal(registered.presences[mia.id].idle_timestamp, before.presences[mia.id].idle_timestamp);
  });

  it("becoming visible again announces the user as active now", async () => {
    const queue = await registerQueue(t, owner, { event_types: ["presence"], client_capabilities: { simplified_presence_events: true } });
    const res = await t.call(mia, "PATCH", "/settings", { presence_enabled: true });
    assert.equal(res.status, 200);
    const now = seconds();
    assert.deepEqual(withoutIds(await nextEvents(t, owner, queue)), [{ type: "presence", presences: { [mia.id]: { active_timestamp: now, idle_timestamp: now } } }]);
    await t.deps.events.flush();
    cap.clear();
    // Setting the same value again changes nothing and announces nothing.
    assert.equal((await t.call(mia, "PATCH", "/settings", { presence_enabled: true })).status, 200);
    await t.deps.events.flush();
    assert.deepEqual(cap.of("presence"), []);
  });
});
