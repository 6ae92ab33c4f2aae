// Names unique in a realm, created concurrently from two servers on one database (docs/postgresql.md):
// on PostgreSQL a second server with a pool of its own stands for a second process; on SQLite the
// same requests go to the one server, and the expectations hold on both.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, peerServer, type Account, type ChatTest, type Response } from "../helpers.js";

describe("Concurrent creation of names unique in a realm", () => {
  let t: ChatTest;
  let peer: Awaited<ReturnType<typeof peerServer>>;
  let owner: Account;
  before(async () => {
    t = await chatTest({ poolSize: 4 });
    peer = await peerServer(t);
    owner = await t.realm();
  });
  after(async () => {
    await peer.close();
    await t.close();
  });

  /** n calls at once, alternating between the two servers. */
  const race = (n: number, method: string, url: string, params: (i: number) => Record<string, unknown>): Promise<Response[]> =>
    Promise.all(Array.from({ length: n }, (_, i) => (i % 2 ? peer : t).call(owner, method, url, params(i))));

  const streamsNamed = async (name: string) =>
    t.deps.db.selectFrom("streams").select("id").where("realm_id", "=", owner.realmId).where("name_key", "=", name.toLowerCase()).execute();

  it("creates one channel of 12 concurrent /channels/create and answers the others CHANNEL_ALREADY_EXISTS", async () => {
    const answers = await race(12, "POST", "/channels/create", () => ({ name: "launch", subscribers: JSON.stringify([owner.id]) }));
    assert.equal(answers.filter((a) => a.status === 200).length, 1, JSON.stringify(answers.map((a) => a.body)));
    for (const a of answers.filter((a) => a.status !== 200)) {
      assert.equal(a.status, 409);
      assert.deepEqual(a.body, { result: "error", msg: "Channel 'launch' already exists", code: "CHANNEL_ALREADY_EXISTS", channel_name: "launch" });
    }
    assert.equal((await streamsNamed("launch")).length, 1);
  });

  it("creates one channel of 12 concurrent subscribes that create it, and subscribes every caller", async () => {
    const answers = await race(12, "POST", "/users/me/subscriptions", () => ({ subscriptions: JSON.stringify([{ name: "Ops" }]) }));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
    // One request subscribed the owner; the rest found them subscribed already.
    assert.equal(answers.filter((a) => a.body.subscribed[String(owner.id)]?.[0] === "Ops").length, 1);
    assert.equal(answers.filter((a) => a.body.already_subscribed[String(owner.id)]?.[0] === "Ops").length, 11);
    assert.equal((await streamsNamed("ops")).length, 1);
  });

  it("creates one user group of 12 concurrent creates of one name and answers the others Zulip's error", async () => {
    const answers = await race(12, "POST", "/user_groups/create", () => ({ name: "oncall", description: "", members: JSON.stringify([owner.id]) }));
    assert.equal(answers.filter((a) => a.status === 200).length, 1);
    for (const a of answers.filter((a) => a.status !== 200)) assert.deepEqual([a.status, a.body], [400, badRequest("User group 'oncall' already exists.")]);
    const groups = await t.deps.db.selectFrom("user_groups").select("id").where("realm_id", "=", owner.realmId).where("name", "=", "oncall").execute();
    assert.equal(groups.length, 1);
  });

  it("lets one of two concurrent renames to one name win", async () => {
    const a = await t.call(owner, "POST", "/channels/create", { name: "alpha", subscribers: JSON.stringify([owner.id]) });
    const b = await t.call(owner, "POST", "/channels/create", { name: "beta", subscribers: JSON.stringify([owner.id]) });
    const answers = await Promise.all([
      t.call(owner, "PATCH", `/streams/${a.body.id}`, { new_name: "gamma" }),
      peer.call(owner, "PATCH", `/streams/${b.body.id}`, { new_name: "gamma" }),
    ]);
    assert.deepEqual(answers.map((x) => x.status).sort(), [200, 409]);
    assert.equal((await streamsNamed("gamma")).length, 1);
  });
  // Every other realm- or user-scoped name: one winner, and Zulip's own answer for each loser.
  const cases: [string, string, (i: number) => Record<string, unknown>, string][] = [
    ["linkifier patterns", "/realm/filters", () => ({ pattern: "#(?P<id>[0-9]+)", url_template: "https://example.com/issues/{id}" }), "Realm filter with this Realm and Pattern already exists."],
    ["code playgrounds", "/realm/playgrounds", () => ({ name: "Rust", pygments_language: "Rust", url_template: "https://play.example/?code={code}" }), "Realm playground with this Realm, Pygments language and Name already exists."],
    ["custom profile field labels", "/realm/profile_fields", () => ({ name: "Phone", field_type: 1 }), "A field with that label already exists."],
    ["channel folder names", "/channel_folders/create", () => ({ name: "Engineering", description: "" }), "Channel folder name already in use"],
    ["navigation views", "/navigation_views", () => ({ fragment: "narrow/channel/9-ops", is_pinned: true, name: "Ops" }), "Navigation view already exists."],
    ["realm domains", "/realm/domains", () => ({ domain: "corp.example", allow_subdomains: false }), "The domain corp.example is already a part of your organization."],
    ["bot short names", "/bots", () => ({ full_name: "Helper", short_name: "helper" }), "Username already in use"],
    ["user e-mail addresses", "/users", (i) => ({ email: "new@example.com", password: "pw-secret-1", full_name: `New ${i}` }), "Email is already in use."],
  ];
  for (const [what, url, params, msg] of cases) {
    it(`keeps ${what} unique under 8 concurrent creates, answering the losers "${msg}"`, async () => {
      const answers = await race(8, "POST", url, params);
      assert.equal(answers.filter((a) => a.status === 200).length, 1, JSON.stringify(answers.map((a) => a.body)));
      for (const a of answers.filter((a) => a.status !== 200)) {
        assert.equal(a.status, 400);
        assert.equal(a.body.msg, msg);
      }
    });
  }
  it("adds one reaction of 8 concurrent identical adds and answers the others REACTION_ALREADY_EXISTS", async () => {
    const sent = await t.call(owner, "POST", "/messages", { type: "stream", to: "launch", topic: "r", content: "react to me" });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const answers = await race(8, "POST", `/messages/${sent.body.id}/reactions`, () => ({ emoji_name: "octopus" }));
    assert.equal(answers.filter((a) => a.status === 200).length, 1, JSON.stringify(answers.map((a) => a.body)));
    for (const a of answers.filter((a) => a.status !== 200)) assert.deepEqual([a.status, a.body.code], [400, "REACTION_ALREADY_EXISTS"]);
  });

  it("stores an alert word once when 8 concurrent requests add it", async () => {
    const answers = await race(8, "POST", "/users/me/alert_words", () => ({ alert_words: JSON.stringify(["outage"]) }));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
    const rows = await t.deps.db.selectFrom("alert_words").select("word").where("user_id", "=", owner.id).execute();
    assert.deepEqual(rows.map((r) => r.word), ["outage"]);
  });
  // Upserts of one row by concurrent requests: each answer a success, one row in the end.
  it("answers every concurrent change of one personal setting", async () => {
    const answers = await race(8, "PATCH", "/settings", (i) => ({ enable_drafts_synchronization: i % 2 === 0 }));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  });

  it("answers every concurrent change of one organization setting", async () => {
    const answers = await race(8, "PATCH", "/realm", (i) => ({ avatar_changes_disabled: i % 2 === 0 }));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  });

  it("records a new user's first presence from concurrent updates, numbering each once", async () => {
    const fresh = await t.user(owner);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? peer : t).call(fresh, "POST", "/users/me/presence", { status: "active" })));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  });

  it("registers one push token from concurrent registrations of it", async () => {
    const answers = await race(8, "POST", "/users/me/android_gcm_reg_id", () => ({ token: "fcm-token-1" }));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
    const rows = await t.deps.db.selectFrom("push_device_tokens").select("id").where("user_id", "=", owner.id).execute();
    assert.equal(rows.length, 1);
  });
  it("answers every concurrent change of one message-editing setting of the organization", async () => {
    const answers = await race(8, "PATCH", "/realm", (i) => ({ allow_message_editing: i % 2 === 0 }));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  });

  it("answers every concurrent status change of one user", async () => {
    const answers = await race(8, "POST", "/users/me/status", (i) => ({ status_text: `busy ${i}` }));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  });

  it("makes a channel default once from concurrent requests", async () => {
    const [launch] = await streamsNamed("launch");
    const answers = await race(8, "POST", "/default_streams", () => ({ stream_id: launch.id }));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  });
  it("moves one of two accounts to an address both confirmed at once, and answers the other without a 500", async () => {
    const { hashApiKey } = await import("../../src/lib/secrets.js");
    const { insertEmailChange } = await import("../../src/store/email-changes.js");
    const users = [await t.user(owner, { email: "one@example.com" }), await t.user(owner, { email: "two@example.com" })];
    const now = t.clock.now().getTime();
    const keys = ["a", "b"].map((c) => c.repeat(24));
    for (const [i, user] of users.entries()) {
      await insertEmailChange(t.deps.db, { realm_id: owner.realmId, user_id: user.id, old_email: user.email, new_email: "wanted@example.com", key_hash: hashApiKey(keys[i]), date_created: now, expiry: now + 86_400_000 });
    }
    const answers = await Promise.all(
      [t, peer].map((server, i) =>
        server.app.inject({ method: "POST", url: "/accounts/confirm_new_email", headers: { host: owner.host, "content-type": "application/x-www-form-urlencoded" }, payload: `key=${keys[i]}` }),
      ),
    );
    for (const a of answers) assert.ok(a.statusCode < 500, `${a.statusCode} ${a.body.slice(0, 200)}`);
    const holders = await t.deps.db.selectFrom("users").select("id").where("realm_id", "=", owner.realmId).where("email_key", "=", "wanted@example.com").execute();
    assert.equal(holders.length, 1);
  });
});
