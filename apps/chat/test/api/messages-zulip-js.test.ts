// A real client, zulip-js 2.x, against a listening server: send, fetch with a narrow, edit
// and react, the way its README shows them.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { ChatTest } from "../helpers.js";
import { createChannel, messagesTest } from "./messages-support.js";

const require = createRequire(import.meta.url);
const zulip = require("zulip-js") as (config: Record<string, string>) => Promise<any>;

describe("messages through zulip-js", () => {
  let t: ChatTest;
  let client: any;
  let id: number;

  before(async () => {
    t = await messagesTest();
    const owner = await t.realm({ subdomain: "", ownerEmail: "boss@example.com" });
    await createChannel(t, owner, "general", [owner]);
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    client = await zulip({ username: "boss@example.com", apiKey: owner.apiKey, realm: site });
  });
  after(() => t.close());

  it("sends a channel message (zulip-js)", async () => {
    const res = await client.messages.send({ type: "stream", to: "general", topic: "js", content: "hello from **zulip-js**" });
    assert.equal(res.result, "success", JSON.stringify(res));
    id = res.id;
  });

  it("fetches it back with a narrow (zulip-js)", async () => {
    const res = await client.messages.retrieve({ anchor: "newest", num_before: 10, num_after: 0, narrow: [{ operator: "stream", operand: "general" }] });
    assert.equal(res.result, "success", JSON.stringify(res));
    assert.deepEqual(res.messages.map((m: any) => m.id), [id]);
    assert.equal(res.messages[0].content, "<p>hello from <strong>zulip-js</strong></p>");
  });

  it("edits it and reads it by id (zulip-js)", async () => {
    const res = await client.messages.update({ message_id: id, content: "edited from zulip-js" });
    assert.equal(res.result, "success", JSON.stringify(res));
    const got = await client.messages.getById({ message_id: id });
    assert.equal(got.raw_content, "edited from zulip-js");
    assert.deepEqual(got.ignored_parameters_unsupported, ["message_id"]);
  });

  it("adds and removes a reaction (zulip-js)", async () => {
    const added = await client.reactions.add({ message_id: id, emoji_name: "octopus" });
    assert.equal(added.result, "success", JSON.stringify(added));
    assert.equal((await client.messages.getById({ message_id: id })).message.reactions[0].emoji_name, "octopus");
    const removed = await client.reactions.remove({ message_id: id, emoji_name: "octopus" });
    assert.equal(removed.result, "success", JSON.stringify(removed));
  });

  it("marks messages read through flags (zulip-js)", async () => {
    const res = await client.messages.flags.add({ flag: "read", messages: [id] });
    assert.equal(res.result, "success", JSON.stringify(res));
  });
});
