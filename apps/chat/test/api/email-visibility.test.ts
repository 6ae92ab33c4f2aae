// email_address_visibility: the API `email` of a user who hides their address is the stand-in
// `user<id>@<realm host>` everywhere; delivery_email is the address only for the user and the
// roles the setting lets see it (Zulip's can_access_delivery_email), null for everyone else.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR, ROLE_GUEST, ROLE_MODERATOR } from "../../src/lib/roles.js";
import { capture, nextEvents, recipients, registerQueue, type Capture } from "../events/support.js";
import { doGiveStandInEmails } from "../../src/actions/users.js";

describe("e-mail address visibility", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let moderator: Account;
  let member: Account;
  let guest: Account;
  let hider: Account;
  let cap: Capture;
  let dummy: string;
  let lobby: number;

  const setVisibility = async (value: number) => {
    const res = await t.call(hider, "PATCH", "/settings", { email_address_visibility: value });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };
  const entryFor = async (viewer: Account, path = "/users") => {
    const body = (await t.call(viewer, "GET", path)).body;
    return path === "/users" ? body.members.find((u: any) => u.user_id === hider.id) : body.user;
  };

  before(async () => {
    t = await chatTest();
    owner = await t.realm({ subdomain: "acme" });
    admin = await t.user(owner, { name: "Ada Admin", role: ROLE_ADMINISTRATOR });
    moderator = await t.user(owner, { name: "Mo Moderator", role: ROLE_MODERATOR });
    member = await t.user(owner, { name: "Mia Member" });
    guest = await t.user(owner, { name: "Gus Guest", role: ROLE_GUEST });
    hider = await t.user(owner, { name: "Hal Hider", email: "hal@private.example" });
    dummy = `user${hider.id}@acme.localhost`;
    lobby = (await t.call(owner, "POST", "/channels/create", { name: "lobby", subscribers: [owner.id, admin.id, moderator.id, member.id, guest.id, hider.id] })).body.id;
    cap = capture(t);
  });
  after(() => {
    cap.stop();
    return t.close();
  });
  beforeEach(() => setVisibility(1));

  it("shows the real address as email and delivery_email to everyone by default", async () => {
    for (const viewer of [owner, guest, member]) {
      const entry = await entryFor(viewer);
      assert.deepEqual([entry.email, entry.delivery_email], ["hal@private.example", "hal@private.example"]);
    }
  });

  // Zulip's ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS, the user themself always seeing theirs.
  const table: [number, string, boolean[]][] = [
    // visibility, name, [owner, admin, moderator, member, guest, self]
    [2, "members", [true, true, true, true, false, true]],
    [3, "administrators", [true, true, false, false, false, true]],
    [4, "nobody", [false, false, false, false, false, true]],
    [5, "moderators", [true, true, true, false, false, true]],
  ];
  for (const [visibility, name, sees] of table) {
    it(`with visibility ${visibility} (${name}), GET /users and /users/{id} give the stand-in email and delivery_email to whom it allows`, async () => {
      await setVisibility(visibility);
      const viewers = [owner, admin, moderator, member, guest, hider];
      for (const [i, viewer] of viewers.entries()) {
        const expected = sees[i] ? "hal@private.example" : null;
        for (const path of ["/users", `/users/${hider.id}`]) {
          const entry = await entryFor(viewer, path);
          assert.equal(entry.email, dummy, `${path} for viewer ${i}`);
          assert.equal(entry.delivery_email, expected, `${path} for viewer ${i}`);
        }
      }
      const me = (await t.call(hider, "GET", "/users/me")).body;
      assert.deepEqual([me.email, me.delivery_email], [dummy, "hal@private.example"]);
    });
  }

  it("applies to /register: realm_users for the viewer, the user's own email and delivery_email, user_settings", async () => {
    await setVisibility(3);
    const state = async (who: Account) => (await t.call(who, "POST", "/register", { fetch_event_types: ["realm_user", "user_settings"] })).body;
    const forMember = await state(member);
    const entry = forMember.realm_users.find((u: any) => u.user_id === hider.id);
    assert.deepEqual([entry.email, entry.delivery_email], [dummy, null]);
    assert.equal(forMember.realm_users.find((u: any) => u.user_id === member.id).delivery_email, member.email);
    const forAdmin = (await state(admin)).realm_users.find((u: any) => u.user_id === hider.id);
    assert.deepEqual([forAdmin.email, forAdmin.delivery_email], [dummy, "hal@private.example"]);
    const own = await state(hider);
    assert.deepEqual([own.email, own.delivery_email, own.user_settings.email_address_visibility], [dummy, "hal@private.example", 3]);
  });

  it("sends the Gravatar URL even to client_gravatar clients, who cannot compute it from a stand-in", async () => {
    await setVisibility(2);
    const members = (await t.call(member, "GET", "/users", { client_gravatar: true })).body.members;
    assert.match(members.find((u: any) => u.user_id === hider.id).avatar_url, /gravatar\.com/);
    assert.equal(members.find((u: any) => u.user_id === member.id).avatar_url, null);
    // The Gravatar is still the real address's, as before the address was hidden.
    const before = (await t.call(member, "GET", `/users/${hider.id}`, { client_gravatar: false })).body.user.avatar_url;
    await setVisibility(1);
    assert.equal((await t.call(member, "GET", `/users/${hider.id}`, { client_gravatar: false })).body.user.avatar_url, before);
  });

  it("finds the user at /users/{email} by the stand-in for anyone, by the real address only for who may see it", async () => {
    await setVisibility(3);
    for (const viewer of [member, guest, admin]) assert.equal((await t.call(viewer, "GET", `/users/${dummy}`)).body.user?.user_id, hider.id);
    assert.equal((await t.call(admin, "GET", "/users/hal@private.example")).body.user.user_id, hider.id);
    const refused = await t.call(member, "GET", "/users/hal@private.example");
    assert.deepEqual([refused.status, refused.body], [400, badRequest("No such user")]);
    // With "nobody", not even an owner finds the address.
    await setVisibility(4);
    assert.deepEqual((await t.call(owner, "GET", "/users/hal@private.example")).body, badRequest("No such user"));
    assert.equal((await t.call(owner, "GET", `/users/${dummy}`)).body.user.user_id, hider.id);
  });

  it("puts the stand-in in messages (sender_email, a direct message's display_recipient) and in message events", async () => {
    await setVisibility(2);
    const queue = await registerQueue(t, member, { event_types: ["message"] });
    const sent = await t.call(hider, "POST", "/messages", { type: "direct", to: JSON.stringify([member.id]), content: "psst" });
    assert.equal(sent.status, 200);
    const [event] = await nextEvents(t, member, queue);
    assert.equal(event.message.sender_email, dummy);
    assert.deepEqual(event.message.display_recipient.map((r: any) => r.email).sort(), [dummy, member.email].sort());
    const fetched = (await t.call(member, "GET", `/messages/${sent.body.id}`)).body.message;
    assert.equal(fetched.sender_email, dummy);
    assert.ok(fetched.display_recipient.some((r: any) => r.id === hider.id && r.email === dummy));
    const channel = await t.call(hider, "POST", "/messages", { type: "stream", to: String(lobby), topic: "t", content: "hi" });
    assert.equal((await t.call(guest, "GET", `/messages/${channel.body.id}`)).body.message.sender_email, dummy);
  });

  it("takes the stand-in as a direct message recipient and narrow operand, and refuses the hidden real address there", async () => {
    await setVisibility(3);
    const sent = await t.call(member, "POST", "/messages", { type: "direct", to: dummy, content: "to the stand-in" });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const refused = await t.call(member, "POST", "/messages", { type: "direct", to: "hal@private.example", content: "to the address" });
    assert.deepEqual([refused.status, refused.body], [400, badRequest("Invalid email 'hal@private.example'")]);
    const narrow = JSON.stringify([{ operator: "dm", operand: dummy }]);
    const found = (await t.call(member, "GET", "/messages", { narrow, anchor: "newest", num_before: 5, num_after: 0 })).body.messages;
    assert.ok(found.some((m: any) => m.id === sent.body.id));
  });

  it("subscribes a user named by the stand-in, and by the real address only for who may see it", async () => {
    await setVisibility(3);
    const stream = (await t.call(owner, "POST", "/channels/create", { name: "by-email", subscribers: [owner.id, member.id, admin.id] })).body.id;
    const add = (who: Account, principal: string) => t.call(who, "POST", "/users/me/subscriptions", { subscriptions: JSON.stringify([{ name: "by-email" }]), principals: JSON.stringify([principal]) });
    assert.deepEqual((await add(member, "hal@private.example")).body, badRequest("No such user"));
    assert.equal((await add(member, dummy)).status, 200);
    await t.call(owner, "DELETE", "/users/me/subscriptions", { subscriptions: JSON.stringify(["by-email"]), principals: JSON.stringify([hider.id]) });
    assert.equal((await add(admin, "hal@private.example")).status, 200);
    assert.ok((await t.call(owner, "GET", `/streams/${stream}/members`)).body.subscribers.includes(hider.id));
  });

  it("sends delivery_email to whom gains or loses sight of it, and new_email with the avatar when the API email changes", async () => {
    cap.clear();
    await setVisibility(3);
    const of = (predicate: (person: any) => boolean) => cap.of("realm_user", "update").filter((n) => predicate((n.event as any).person));
    const everyone = [owner, admin, moderator, member, guest, hider].map((a) => a.id).sort((a, b) => a - b);
    const lost = of((p) => "delivery_email" in p);
    assert.deepEqual(lost.map((n) => [(n.event as any).person, recipients(n)]), [[{ user_id: hider.id, delivery_email: null }, [moderator.id, member.id, guest.id]]]);
    assert.deepEqual(of((p) => "new_email" in p).map((n) => [(n.event as any).person, recipients(n)]), [[{ user_id: hider.id, new_email: dummy }, everyone]]);
    const avatar = of((p) => "avatar_url" in p);
    assert.equal(avatar.length, 1);
    assert.deepEqual(recipients(avatar[0]!), everyone);

    cap.clear();
    await setVisibility(2);
    assert.deepEqual(of(() => true).map((n) => [(n.event as any).person, recipients(n)]), [[{ user_id: hider.id, delivery_email: "hal@private.example" }, [moderator.id, member.id]]]);

    cap.clear();
    await setVisibility(1);
    const back = of(() => true).map((n) => (n.event as any).person);
    assert.deepEqual(back.slice(0, 2), [{ user_id: hider.id, delivery_email: "hal@private.example" }, { user_id: hider.id, new_email: "hal@private.example" }]);
    assert.deepEqual(recipients(of((p) => "delivery_email" in p)[0]!), [guest.id]);
  });

  it("delivers those events to the queues: a member's client learns the stand-in and loses the address", async () => {
    const queue = await registerQueue(t, member, { event_types: ["realm_user"] });
    await setVisibility(4);
    const persons = (await nextEvents(t, member, queue)).map((e) => e.person);
    assert.deepEqual(persons.slice(0, 2), [{ user_id: hider.id, delivery_email: null }, { user_id: hider.id, new_email: dummy }]);
  });

  it("keeps the stand-in when an administrator changes a hidden address, telling only who may see it", async () => {
    await setVisibility(3);
    cap.clear();
    const res = await t.call(owner, "PATCH", `/users/${hider.id}`, { new_email: "hal2@private.example" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const entry = await entryFor(admin);
    assert.deepEqual([entry.email, entry.delivery_email], [dummy, "hal2@private.example"]);
    const updates = cap.of("realm_user", "update").map((n) => [(n.event as any).person, recipients(n)] as const);
    assert.ok(!updates.some(([person]) => "new_email" in person));
    assert.deepEqual(updates.find(([person]) => "delivery_email" in person), [{ user_id: hider.id, delivery_email: "hal2@private.example" }, [owner.id, admin.id, hider.id].sort((a, b) => a - b)]);
    await t.call(owner, "PATCH", `/users/${hider.id}`, { new_email: "hal@private.example" });
    await setVisibility(1);
    assert.equal((await entryFor(member)).email, "hal@private.example");
  });

  it("hides a new user's address when the organization's default says so: two realm_user/add events", async () => {
    assert.equal((await t.call(owner, "PATCH", "/realm/user_settings_defaults", { email_address_visibility: 5 })).status, 200);
    cap.clear();
    const res = await t.call(owner, "POST", "/users", { email: "newbie@private.example", password: "pw-123456-long", full_name: "New Bie" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const id = res.body.user_id;
    const adds = cap.of("realm_user", "add").map((n) => [(n.event as any).person.email, (n.event as any).person.delivery_email, recipients(n)]);
    assert.deepEqual(adds, [
      [`user${id}@acme.localhost`, "newbie@private.example", [owner.id, admin.id, moderator.id, id].sort((a, b) => a - b)],
      [`user${id}@acme.localhost`, null, [member.id, guest.id, hider.id].sort((a, b) => a - b)],
    ]);
    assert.equal((await t.call(owner, "PATCH", "/realm/user_settings_defaults", { email_address_visibility: 1 })).status, 200);
  });

  // A human's setting (Zulip's json_change_settings is human_users_only, and bots are created
  // visible to everyone): a bot neither changes it itself, nor gets it from an administrator or
  // from the organization's default.
  it("leaves a bot's address visible to everyone", async () => {
    const created = await t.call(owner, "POST", "/bots", { full_name: "Robo", short_name: "robo" });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const email = (await t.call(owner, "GET", `/users/${created.body.user_id}`)).body.user.email;
    const bot: Account = { ...owner, id: created.body.user_id, email, apiKey: created.body.api_key };
    for (const path of ["/settings", "/settings/display", "/settings/notifications"]) {
      assert.deepEqual((await t.call(bot, "PATCH", path, { email_address_visibility: 4 })).body, badRequest("This endpoint does not accept bot requests."), path);
    }
    const forBot = await t.call(owner, "PATCH", "/settings", { email_address_visibility: 4, target_users: JSON.stringify({ user_ids: [bot.id], skip_if_already_edited: false }) });
    assert.deepEqual(forBot.body, badRequest("Cannot change this setting for other users."));
    assert.equal((await t.call(owner, "PATCH", "/realm/user_settings_defaults", { email_address_visibility: 4 })).status, 200);
    try {
      const later = await t.call(owner, "POST", "/bots", { full_name: "Later", short_name: "later" });
      for (const id of [bot.id, later.body.user_id]) {
        const entry = (await t.call(member, "GET", `/users/${id}`)).body.user;
        assert.match(entry.email, /-bot@/, `bot ${id}`);
        assert.equal(entry.delivery_email, entry.email, `bot ${id}`);
      }
    } finally {
      assert.equal((await t.call(owner, "PATCH", "/realm/user_settings_defaults", { email_address_visibility: 1 })).status, 200);
    }
  });
});

describe("addresses hidden before the setting took effect", () => {
  it("get their stand-in API email from doGiveStandInEmails, which the server runs at start", async () => {
    const t = await chatTest();
    try {
      const owner = await t.realm({ subdomain: "early" });
      const early = await t.user(owner, { email: "early@private.example" });
      // What migration 032 leaves: the stored choice, the real address still as API email.
      await t.deps.db.updateTable("users").set({ email_address_visibility: 4 }).where("id", "=", early.id).execute();
      await doGiveStandInEmails(t.deps);
      const entry = (await t.call(owner, "GET", `/users/${early.id}`)).body.user;
      assert.deepEqual([entry.email, entry.delivery_email], [`user${early.id}@early.localhost`, null]);
      assert.equal((await t.call(owner, "GET", `/users/${owner.id}`)).body.user.email, owner.email);
    } finally {
      await t.close();
    }
  });
});
