// Custom emoji where they are used: reactions, Markdown, /register and the realm_emoji event.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account } from "../helpers.js";
import { createChannel, sendToChannel } from "./messages-support.js";
import { nextEvents, registerQueue } from "../events/support.js";
import { emojiTest, png, uploadEmoji, type EmojiTest } from "./realm-emoji-support.js";

describe("custom emoji in reactions, Markdown, /register and events", () => {
  let t: EmojiTest;
  let owner: Account;
  let alice: Account;
  let messageId: number;
  let green: { id: string; source_url: string };

  before(async () => {
    t = await emojiTest();
    owner = await t.realm();
    alice = await t.user(owner);
    await createChannel(t, owner, "general", [owner, alice]);
    messageId = await sendToChannel(t, owner, "general", "t", "react to me");
    assert.equal((await uploadEmoji(t, owner, "green_tick", [{ data: png() }])).status, 200);
    green = Object.values((await t.call(owner, "GET", "/realm/emoji")).body.emoji as Record<string, any>)[0];
  });
  after(() => t.close());

  const reactions = async () => (await t.call(owner, "GET", `/messages/${messageId}`)).body.message.reactions;

  it("reacts with a custom emoji by name, which resolves to the realm emoji", async () => {
    const res = await t.call(alice, "POST", `/messages/${messageId}/reactions`, { emoji_name: "green_tick" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(await reactions(), [{ emoji_name: "green_tick", emoji_code: green.id, reaction_type: "realm_emoji", user_id: alice.id }]);
    assert.equal((await t.call(alice, "DELETE", `/messages/${messageId}/reactions`, { emoji_name: "green_tick" })).status, 200);
    assert.deepEqual(await reactions(), []);
  });

  it("checks a custom emoji's code against its name", async () => {
    const add = (params: Record<string, string>) => t.call(alice, "POST", `/messages/${messageId}/reactions`, { reaction_type: "realm_emoji", ...params });
    assert.deepEqual((await add({ emoji_name: "green_tick", emoji_code: "999" })).body, badRequest("Invalid custom emoji."));
    assert.deepEqual((await add({ emoji_name: "red_tick", emoji_code: green.id })).body, badRequest("Invalid custom emoji name."));
    assert.equal((await add({ emoji_name: "green_tick", emoji_code: green.id })).status, 200);
  });

  it("renders :name: as the emoji's image", async () => {
    const id = await sendToChannel(t, alice, "general", "t", "done :green_tick:");
    const message = (await t.call(alice, "GET", `/messages/${id}`)).body.message;
    assert.equal(message.content, `<p>done <img alt=":green_tick:" class="emoji" src="${green.source_url}" title="green tick"></p>`);
  });

  it("hands out realm_emoji in /register and sends the realm_emoji update event", async () => {
    const queue = await registerQueue(t, alice, { fetch_event_types: ["realm_emoji"], event_types: ["realm_emoji"] });
    assert.deepEqual(queue.state.realm_emoji, { [green.id]: { ...green, name: "green_tick", deactivated: false, author_id: owner.id, still_url: null } });
    assert.equal((await uploadEmoji(t, owner, "blue_tick", [{ data: png() }])).status, 200);
    const [added] = await nextEvents(t, alice, queue);
    assert.equal(added.type, "realm_emoji");
    assert.equal(added.op, "update");
    assert.deepEqual(Object.values(added.realm_emoji).map((e: any) => e.name), ["green_tick", "blue_tick"]);
    assert.equal((await t.call(owner, "DELETE", "/realm/emoji/blue_tick")).status, 200);
    const [removed] = await nextEvents(t, alice, queue);
    assert.equal(Object.values(removed.realm_emoji as Record<string, any>).find((e) => e.name === "blue_tick").deactivated, true);
  });

  it("sends one emoji at a time to clients with the individual_emoji_changes capability", async () => {
    // As the Flutter app registers.
    const queue = await registerQueue(t, alice, { event_types: ["realm_emoji"], client_capabilities: { individual_emoji_changes: true } });
    assert.equal((await uploadEmoji(t, owner, "red_tick", [{ data: png() }])).status, 200);
    const [added] = await nextEvents(t, alice, queue);
    assert.deepEqual({ ...added, id: undefined }, { id: undefined, type: "realm_emoji", op: "add", emoji: { id: added.emoji.id, name: "red_tick", source_url: added.emoji.source_url, still_url: null, deactivated: false, author_id: owner.id } });
    assert.equal((await t.call(owner, "DELETE", "/realm/emoji/red_tick")).status, 200);
    const [updated] = await nextEvents(t, alice, queue);
    assert.deepEqual({ ...updated, id: undefined }, { id: undefined, type: "realm_emoji", op: "update_one", emoji_id: added.emoji.id, data: { deactivated: true } });
  });

  it("refuses new reactions with a deactivated emoji but keeps existing ones and their votes", async () => {
    assert.equal((await t.call(owner, "DELETE", "/realm/emoji/green_tick")).status, 200);
    // Alice's reaction from before stays; the owner may still vote for it.
    assert.equal((await t.call(owner, "POST", `/messages/${messageId}/reactions`, { emoji_name: "green_tick", emoji_code: green.id, reaction_type: "realm_emoji" })).status, 200);
    const other = await sendToChannel(t, owner, "general", "t", "fresh");
    assert.deepEqual(
      (await t.call(alice, "POST", `/messages/${other}/reactions`, { emoji_name: "green_tick", emoji_code: green.id, reaction_type: "realm_emoji" })).body,
      badRequest("This custom emoji has been deactivated."),
    );
    assert.deepEqual((await t.call(alice, "POST", `/messages/${other}/reactions`, { emoji_name: "green_tick" })).body, badRequest("Emoji 'green_tick' does not exist"));
    // Markdown no longer turns the name into an image.
    const id = await sendToChannel(t, alice, "general", "t", ":green_tick:");
    assert.equal((await t.call(alice, "GET", `/messages/${id}`)).body.message.content, "<p>:green_tick:</p>");
  });
});
