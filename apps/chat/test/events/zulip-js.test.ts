// A real client, zulip-js 2.x, against a listening server: it registers an event queue, long-polls
// it, and receives the message sent meanwhile, then deletes the queue.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { chatTest, type Account, type ChatTest } from "../helpers.js";

const require = createRequire(import.meta.url);
const zulip = require("zulip-js") as (config: Record<string, string>) => Promise<any>;

describe("event queues through zulip-js", () => {
  let t: ChatTest;
  let owner: Account;
  let client: any;

  before(async () => {
    t = await chatTest();
    owner = await t.realm({ subdomain: "", ownerEmail: "boss@example.com" });
    await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id] });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    client = await zulip({ username: "boss@example.com", apiKey: owner.apiKey, realm: site });
  });
  after(() => t.close());

  it("registers a queue and receives a message event by long polling (zulip-js)", async () => {
    const queue = await client.queues.register({ event_types: ["message"] });
    assert.equal(queue.result, "success", JSON.stringify(queue));
    assert.equal(queue.last_event_id, -1);
    const poll = client.events.retrieve({ queue_id: queue.queue_id, last_event_id: queue.last_event_id });
    const sent = await client.messages.send({ type: "stream", to: "general", topic: "events", content: "hello **queue**" });
    assert.equal(sent.result, "success", JSON.stringify(sent));
    const res = await poll;
    assert.equal(res.result, "success", JSON.stringify(res));
    assert.equal(res.events.length, 1);
    const [event] = res.events;
    assert.deepEqual([event.type, event.id, event.message.id, event.message.subject, event.message.display_recipient], ["message", 0, sent.id, "events", "general"]);
    // zulip-js registers without apply_markdown, so the content comes as Markdown.
    assert.deepEqual([event.message.content, event.message.content_type], ["hello **queue**", "text/x-markdown"]);
    const gone = await client.queues.deregister({ queue_id: queue.queue_id });
    assert.equal(gone.result, "success", JSON.stringify(gone));
  });

  it("accepts event_types=null, as zulip-js's callOnEachEvent sends it (zulip-js)", async () => {
    const queue = await client.queues.register({ event_types: null });
    assert.equal(queue.result, "success", JSON.stringify(queue));
    const res = await client.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1, dont_block: true });
    assert.deepEqual(res.events, []);
  });
});
