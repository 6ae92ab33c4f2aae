import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { register } from "../src/api/register.js";
import { unreadCounts } from "../src/state/unreads.js";

// POST /register's answer, as the server sends it for the app's fetch_event_types (no
// realm_user, so no `user_id`), and GET /users/me: the unread direct conversations must be
// keyed by the other participants, without the signed-in user.
const ME = 7;
const registerAnswer = {
  result: "success",
  queue_id: "q-1",
  last_event_id: -1,
  realm_name: "Acme",
  user_settings: { twenty_four_hour_time: true, timezone: "UTC" },
  subscriptions: [],
  streams: [],
  unread_msgs: {
    pms: [{ other_user_id: ME, sender_id: ME, unread_message_ids: [201] }, { other_user_id: 3, sender_id: 3, unread_message_ids: [202, 203] }],
    huddles: [{ user_ids_string: `3,${ME},9`, unread_message_ids: [204] }],
    streams: [],
    mentions: [],
  },
  recent_private_conversations: [],
  starred_messages: [],
  realm_emoji: {},
};

describe("register", () => {
  const realFetch = globalThis.fetch;
  before(() => {
    (globalThis as { document?: unknown }).document ??= { cookie: "csrftoken=abc" };
    globalThis.fetch = (async (url: string) => {
      const body = url.startsWith("/json/register") ? registerAnswer : { result: "success", user_id: ME, email: "me@acme.example.com", full_name: "Me" };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
  });
  after(() => {
    globalThis.fetch = realFetch;
  });

  it("counts unread group and self DMs under keys without the signed-in user's id", async () => {
    assert.equal("user_id" in registerAnswer, false, "the answer carries no user_id");
    const queue = await register();
    assert.deepEqual(queue, { queue_id: "q-1", last_event_id: -1 });
    const dms = unreadCounts.value.dms;
    assert.equal(dms.get(""), 1, "messages to oneself");
    assert.equal(dms.get("3"), 2);
    assert.equal(dms.get("3,9"), 1, "the group conversation, without our own id");
    assert.equal(dms.get(`3,${ME},9`), undefined);
  });
});
