import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, registerQueue, type Capture } from "../events/support.js";
import { createChannel, fetchMessages, sendDirect, sendToChannel } from "./messages-support.js";

describe("POST/DELETE /users/me/muted_users/{muted_user_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let notices: Capture;
  let bot: Account;
  let gone: Account;
  const mutedAt = Math.floor(Date.parse("2025-01-15T12:00:00Z") / 1000);

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    alice = await t.user(owner);
    bob = await t.user(owner);
    await createChannel(t, owner, "general", [owner, alice, bob]);
    notices = capture(t);
  });
  after(() => t.close());

  const flagsOf = async (who: Account, id: number) => {
    const { messages } = await fetchMessages(t, who, []);
    const found = messages.find((m: any) => m.id === id);
    if (!found) throw new Error(JSON.stringify(messages.map((m: any) => [m.id, m.content])));
    return found.flags as string[];
  };

  it("marks the muted user's unread messages read and sends the list of muted users", async () => {
    const inChannel = await sendToChannel(t, bob, "general", "hello", "first");
    const direct = await sendDirect(t, bob, [alice], "psst");
    const fromOwner = await sendToChannel(t, owner, "general", "hello", "from the owner");
    await t.deps.events.flush();
    notices.clear();
    const res = await t.call(alice, "POST", `/users/me/muted_users/${bob.id}`);
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.ok((await flagsOf(alice, inChannel)).includes("read"));
    assert.ok((await flagsOf(alice, direct)).includes("read"));
    assert.ok(!(await flagsOf(alice, fromOwner)).includes("read"));
    await t.deps.events.flush();
    assert.deepEqual(
      notices.notices.map((n) => [n.event, n.users]),
      [
        [{ type: "update_message_flags", op: "add", operation: "add", flag: "read", messages: [inChannel, direct], all: false }, [alice.id]],
        [{ type: "muted_users", muted_users: [{ id: bob.id, timestamp: mutedAt }] }, [alice.id]],
      ],
    );
  });

  it("delivers later messages from the muted user already read, to the muter only", async () => {
    const id = await sendToChannel(t, bob, "general", "hello", "second");
    assert.ok((await flagsOf(alice, id)).includes("read"));
    assert.ok(!(await flagsOf(owner, id)).includes("read"));
  });

  it("lists muted users in /register", async () => {
    const queue = await registerQueue(t, alice, { fetch_event_types: ["muted_users"] });
    assert.deepEqual(queue.state.muted_users, [{ id: bob.id, timestamp: mutedAt }]);
  });

  it("refuses to mute oneself, twice, or an unknown user", async () => {
    assert.deepEqual((await t.call(alice, "POST", `/users/me/muted_users/${alice.id}`)).body, badRequest("Cannot mute self"));
    assert.deepEqual((await t.call(alice, "POST", `/users/me/muted_users/${bob.id}`)).body, badRequest("User already muted"));
    assert.deepEqual((await t.call(alice, "POST", "/users/me/muted_users/9999")).body, badRequest("No such user"));
    const stranger = await t.realm();
    assert.deepEqual((await t.call(alice, "POST", `/users/me/muted_users/${stranger.id}`)).body, badRequest("No such user"));
  });

  it("mutes bots and deactivated users", async () => {
    bot = await t.user(owner, { botType: 1 });
    gone = await t.user(owner);
    await t.call(owner, "DELETE", `/users/${gone.id}`);
    for (const who of [bot, gone]) assert.equal((await t.call(alice, "POST", `/users/me/muted_users/${who.id}`)).status, 200);
    assert.deepEqual((await registerQueue(t, alice, { fetch_event_types: ["muted_users"] })).state.muted_users.map((m: any) => m.id), [bob.id, bot.id, gone.id]);
  });

  it("unmutes, and refuses to unmute a user who is not muted", async () => {
    notices.clear();
    assert.equal((await t.call(alice, "DELETE", `/users/me/muted_users/${bob.id}`)).status, 200);
    await t.deps.events.flush();
    assert.deepEqual(notices.of("muted_users")[0]!.event.muted_users, [
      { id: bot.id, timestamp: mutedAt },
      { id: gone.id, timestamp: mutedAt },
    ]);
    assert.deepEqual((await t.call(alice, "DELETE", `/users/me/muted_users/${bob.id}`)).body, badRequest("User is not muted"));
    assert.deepEqual((await t.call(alice, "DELETE", `/users/me/muted_users/${alice.id}`)).body, badRequest("User is not muted"));
    assert.deepEqual((await t.call(alice, "DELETE", "/users/me/muted_users/9999")).body, badRequest("No such user"));
    const id = await sendToChannel(t, bob, "general", "hello", "third");
    assert.ok(!(await flagsOf(alice, id)).includes("read"));
  });
});
