// POST /register and its queue agree: an event whose write the returned state already shows is
// never delivered, and no event of a later write is lost; idle queues are collected.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";
import { defaultCapabilities } from "../../src/routes/register-params.js";
import { publish } from "../../src/actions/publish.js";
import { nextEvents, registerQueue } from "./support.js";

describe("POST /register and its queue", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id] });
  });
  after(() => t.close());

  const newClient = (user: Account) => ({
    userId: user.id,
    realmId: user.realmId,
    eventTypes: null,
    clientName: "test",
    applyMarkdown: false,
    clientGravatar: true,
    slimPresence: false,
    allPublicStreams: false,
    narrow: [],
    timeoutSecs: 600,
    capabilities: defaultCapabilities(),
  });

  it("drops events of writes the snapshot shows, keeps later and unstamped ones", async () => {
    const { events } = t.deps;
    // A write that committed before the snapshot, whose event is still on its way.
    const { stamp: old } = await events.transaction((trx) => trx.updateTable("users").set({ timezone: "Europe/Riga" }).where("id", "=", mia.id).execute());
    const { client, state, lastEventId } = await events.register(newClient(mia), async (db) => {
      publish(t.deps, [{ event: { type: "realm_user", op: "update", person: { user_id: mia.id, timezone: "Europe/Riga" } }, users: [mia.id] }], { realmId: mia.realmId, stamp: old });
      publish(t.deps, [{ event: { type: "typing", op: "start" }, users: [mia.id] }], { realmId: mia.realmId });
      return (await db.selectFrom("users").select("timezone").where("id", "=", mia.id).executeTakeFirstOrThrow()).timezone;
    });
    assert.equal(state, "Europe/Riga");
    // The queue kept event 1 (typing) and dropped event 0: the client acknowledges 0.
    assert.equal(lastEventId, 0);
    // Late arrivals of writes already in the snapshot are dropped too.
    publish(t.deps, [{ event: { type: "realm_user", op: "update", person: { user_id: mia.id } }, users: [mia.id] }], { realmId: mia.realmId, stamp: old });
    // A write after the snapshot gets through.
    const { stamp: fresh } = await events.transaction((trx) => trx.updateTable("users").set({ timezone: "UTC" }).where("id", "=", mia.id).execute());
    publish(t.deps, [{ event: { type: "realm_user", op: "update", person: { user_id: mia.id, timezone: "UTC" } }, users: [mia.id] }], { realmId: mia.realmId, stamp: fresh });
    await events.flush();
    const res = await t.call(mia, "GET", "/events", { queue_id: client.id, last_event_id: lastEventId, dont_block: true });
    assert.deepEqual(res.body.events.map((e: any) => [e.id, e.type]), [
      [1, "typing"],
      [2, "realm_user"],
    ]);
    // A client that ignores last_event_id and sends -1 is answered as if it had sent it.
    const again = await t.call(mia, "GET", "/events", { queue_id: client.id, last_event_id: -1, dont_block: true });
    assert.deepEqual(again.body.events.map((e: any) => e.id), [1, 2]);
  });

  it("loses and duplicates nothing while messages are sent during registration", async () => {
    const sent: Promise<number>[] = [];
    for (let i = 0; i < 10; i++) sent.push(t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "race", content: `m${i}` }).then((r) => r.body.id));
    const registering = registerQueue(t, mia, { fetch_event_types: ["message", "update_message_flags"], event_types: ["message"] });
    for (let i = 10; i < 20; i++) sent.push(t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "race", content: `m${i}` }).then((r) => r.body.id));
    const queue = await registering;
    const ids = await Promise.all(sent);
    const inState = new Set<number>(queue.state.unread_msgs.streams.flatMap((s: any) => s.unread_message_ids));
    const delivered = (await nextEvents(t, mia, queue)).map((e) => e.message.id);
    for (const id of ids) assert.equal(inState.has(id) !== delivered.includes(id), true, `message ${id}: in state ${inState.has(id)}, delivered ${delivered.includes(id)}`);
    assert.equal(delivered.every((id) => id > queue.state.max_message_id || !inState.has(id)), true);
  });

  it("collects a queue idle past its timeout, but not one with a poll waiting", async () => {
    const idle = await registerQueue(t, mia, { idle_queue_timeout: 60 });
    const busy = await registerQueue(t, mia, { idle_queue_timeout: 60 });
    assert.equal(idle.state.idle_queue_timeout_secs, 60);
    const waiting = t.call(mia, "GET", "/events", { queue_id: busy.id, last_event_id: -1 });
    // Until the poll is attached (a fixed pause was too short on a loaded machine).
    for (let i = 0; i < 1000 && !t.deps.events.queues.get(busy.id)?.hasWaiter(); i++) await new Promise((r) => setTimeout(r, 5));
    assert.equal(t.deps.events.queues.get(busy.id)?.hasWaiter(), true);
    t.clock.advanceSeconds(59);
    assert.equal(t.deps.events.gc(), 0);
    t.clock.advanceSeconds(2);
    assert.equal(t.deps.events.gc(), 1);
    const gone = await t.call(mia, "GET", "/events", { queue_id: idle.id, last_event_id: -1, dont_block: true });
    assert.equal(gone.body.code, "BAD_EVENT_QUEUE_ID");
    await t.call(owner, "POST", "/typing", { op: "start", to: [mia.id] });
    assert.equal((await waiting).body.events[0].type, "typing");
  });

  it("registers a queue from GET /events without queue_id when dont_block is set", async () => {
    const res = await t.call(mia, "GET", "/events", { dont_block: true, event_types: ["typing"] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.events, []);
    assert.match(res.body.queue_id, /:/);
    await t.call(owner, "POST", "/typing", { op: "start", to: [mia.id] });
    await t.deps.events.flush();
    const next = await t.call(mia, "GET", "/events", { queue_id: res.body.queue_id, last_event_id: -1, dont_block: true });
    assert.deepEqual(next.body.events.map((e: any) => e.type), ["typing"]);
  });

  it("validates the queue parameters", async () => {
    const guest = await t.user(owner, { role: ROLE_GUEST });
    assert.deepEqual((await t.call(guest, "POST", "/register", { all_public_streams: true })).body, badRequest("User not authorized for this query"));
    assert.deepEqual((await t.call(mia, "POST", "/register", { narrow: [["search", "x"]] })).body, badRequest("Operator search not supported."));
    assert.deepEqual((await t.call(mia, "POST", "/register", { narrow: [["is", "followed"]] })).body, badRequest("Operand followed not supported."));
    assert.deepEqual((await t.call(mia, "POST", "/register", { client_capabilities: { archived_channels: "yes" } })).body, badRequest('client_capabilities["archived_channels"] is not a boolean'));
  });
});
