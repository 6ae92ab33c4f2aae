// The message event is built by the send from what it holds (the row it wrote, the cached
// realm state, the widget it started) and travels whole over the bus. It must be the event a
// read-back of the committed message builds (loadMessageTemplate), byte for byte: on this
// process and, on PostgreSQL, on a second process that receives it over the bus.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { chatTest, peerServer, type Account, type ChatTest } from "../helpers.js";
import { BOT_DEFAULT } from "../../src/lib/roles.js";
import { flagNames } from "../../src/lib/message-flags.js";
import { finalizeMessage, loadMessageTemplate } from "../../src/events/message-template.js";
import { multipart, uploadsDir } from "../api/uploads-support.js";
import { capture, nextEvents, registerQueue, withoutIds, type Capture, type Queue } from "./support.js";
import type { BusMessage } from "../../src/events/bus.js";

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");

describe("message events built by the send", () => {
  let t: ChatTest;
  let peer: Awaited<ReturnType<typeof peerServer>>;
  let dir: string;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let bot: Account;
  let cap: Capture;

  before(async () => {
    dir = await uploadsDir();
    t = await chatTest({ config: { uploadsDir: dir }, poolSize: 4 });
    peer = await peerServer(t);
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    bot = await t.user(owner, { name: "Bot", botType: BOT_DEFAULT });
    for (const [name, extra] of [["general", {}], ["secret", { invite_only: true }]] as const) {
      const res = await t.call(owner, "POST", "/channels/create", { name, subscribers: [owner.id, mia.id, noah.id, bot.id], ...extra });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    // Mia's avatar is uploaded; Noah's address is visible to admins only (no client computes his Gravatar).
    const avatar = await multipart(t, mia, "POST", "/users/me/avatar", [{ field: "file", fileName: "me.png", contentType: "image/png", data: PNG }]);
    assert.equal(avatar.status, 200, JSON.stringify(avatar.body));
    assert.equal((await t.call(noah, "PATCH", "/settings", { email_address_visibility: 3 })).status, 200);
    cap = capture(t);
  });
  after(async () => {
    cap?.stop();
    await peer?.close();
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const VARIANTS = [
    { apply_markdown: true, client_gravatar: false },
    { apply_markdown: false, client_gravatar: true, client_capabilities: { empty_topic_name: true } },
    { apply_markdown: true, client_gravatar: true, client_capabilities: { empty_topic_name: false } },
  ];

  it("gives every queue, here and on the other process, the event a read-back of the message builds", async () => {
    type Server = typeof peer;
    const queues: { server: Server; who: Account; queue: Queue }[] = [];
    for (const server of new Set<Server>([t, peer])) {
      for (const who of [owner, mia, noah]) {
        for (const variant of VARIANTS) queues.push({ server, who, queue: await registerQueue(server as ChatTest, who, { event_types: ["message"], ...variant }) });
      }
      queues.push({ server, who: bot, queue: await registerQueue(server as ChatTest, bot, { event_types: ["message"], all_public_streams: true }) });
    }
    const ownQueue = queues[0].queue;
    const file = await multipart(t, owner, "POST", "/user_uploads", [{ field: "file", fileName: "notes.txt", contentType: "text/plain", data: "notes" }]);
    assert.equal(file.status, 200, JSON.stringify(file.body));

    const sends: [Account, Record<string, unknown>, Record<string, string>?][] = [
      [owner, { type: "stream", to: "general", topic: "plain", content: "hello" }],
      [owner, { type: "stream", to: "general", topic: "plain", content: "**bold** @**Mia** and @**all**, see https://example.com", queue_id: ownQueue.id, local_id: "12.01" }],
      [mia, { type: "stream", to: "general", topic: "", content: "in the general chat" }, { "user-agent": "ZulipElectron/5.12.0" }],
      [mia, { type: "stream", to: "secret", topic: "private channel", content: "/me whispers" }],
      [owner, { type: "stream", to: "general", topic: "polls", content: "/poll Lunch?\nPizza\nSushi" }],
      [owner, { type: "stream", to: "general", topic: "todos", content: "/todo Chores\nDishes" }],
      [owner, { type: "stream", to: "general", topic: "files", content: `[notes](${file.body.url as string})` }],
      [noah, { type: "stream", to: "general", topic: "hidden address", content: "my Gravatar is mine", client: "ZulipMobile" }],
      [owner, { type: "direct", to: JSON.stringify([mia.id]), content: "just us" }],
      [mia, { type: "private", to: JSON.stringify([owner.id, noah.id]), content: "a group DM with `code`" }],
      [noah, { type: "direct", to: JSON.stringify([noah.id]), content: "a note to self" }],
      [bot, { type: "stream", to: "general", topic: "bots", content: "beep :robot:" }],
      [owner, { type: "direct", to: JSON.stringify([mia.id, noah.id, bot.id]), content: "/poll Which day?\nMonday", queue_id: ownQueue.id, local_id: "12.02" }],
    ];
    const sent: { id: number; localId?: string; queueId?: string }[] = [];
    for (const [who, params, headers] of sends) {
      const res = await t.call(who, "POST", "/messages", params, { headers });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      sent.push({ id: res.body.id, localId: params.local_id as string | undefined, queueId: params.queue_id as string | undefined });
    }

    // What went over the bus: the template a read-back builds, plus the sender's queue and local id.
    await t.deps.events.flush();
    const published = cap.of("message");
    assert.equal(published.length, sent.length);
    for (const [i, notice] of published.entries()) {
      const { id, queueId, localId } = sent[i];
      const loaded = (await loadMessageTemplate(t.deps.db, id))!;
      const expected = { ...loaded.template, ...(queueId ? { sender_queue_id: queueId } : {}), ...(localId ? { local_id: localId } : {}) };
      assert.equal(JSON.stringify(notice.event), JSON.stringify(expected), `message ${id}`);
      assert.equal(notice.realmId, loaded.realmId);
    }

    // What each queue received, against the read-back finished for that queue.
    const byId = new Map(sent.map((s) => [s.id, s]));
    for (const { server, who, queue } of queues) {
      const received = await t.deps.db.selectFrom("user_messages").select(["message_id", "flags"]).where("user_id", "=", who.id).where("message_id", "in", [...byId.keys()]).orderBy("message_id").execute();
      let events: any[] = [];
      // The other process has them once its bus delivered them (PostgreSQL).
      for (let tries = 0; tries < 100 && events.length < received.length; tries++) {
        if (tries) await new Promise((resolve) => setTimeout(resolve, 20));
        events = [...events, ...(await nextEvents(server as ChatTest, who, queue))];
      }
      assert.deepEqual(events.map((e) => e.message.id), received.map((r) => r.message_id), `the queues of user ${who.id}`);
      const client = server.deps.events.queues.get(queue.id)!;
      for (const [i, { id: _id, ...event }] of events.entries()) {
        const id = event.message.id as number;
        const loaded = (await loadMessageTemplate(t.deps.db, id))!;
        const expected: Record<string, unknown> = { type: "message", message: finalizeMessage(loaded.template, client), flags: flagNames(received[i].flags) };
        const { queueId, localId } = byId.get(id)!;
        if (queueId === queue.id && localId !== undefined) expected.local_message_id = localId;
        assert.equal(JSON.stringify(event), JSON.stringify(expected), `message ${id} in a queue of user ${who.id}`);
      }
    }
  });
  it("builds the event from the message's id alone when a process of an earlier Beacon sends it so, during an upgrade", async () => {
    const queue = await registerQueue(t, mia, { event_types: ["message"] });
    const res = await t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "upgrade", content: "sent during an **upgrade**" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const built = await nextEvents(t, mia, queue);
    assert.equal(built.length, 1);
    // The same message again, as an earlier process publishes it: its id, for each process to read back.
    const earlier: BusMessage = { kind: "notice", origin: "an-earlier-beacon", notice: { realmId: 0, users: [{ id: mia.id, flags: [] }], event: { type: "message", message_id: res.body.id } } };
    (t.deps.events as unknown as { receive(message: BusMessage): void }).receive(earlier);
    const readBack = await nextEvents(t, mia, queue);
    assert.equal(JSON.stringify(withoutIds(readBack)), JSON.stringify(withoutIds(built)));
  });
});
