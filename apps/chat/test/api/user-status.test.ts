import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, recipients, registerQueue, type Capture } from "../events/support.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";

describe("user status: POST /users/me/status, GET and POST /users/{id}/status", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let admin: Account;
  let notices: Capture;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    notices = capture(t);
  });
  after(() => t.close());

  const status = async (who: Account, id: number) => (await t.call(who, "GET", `/users/${id}/status`)).body;

  it("starts empty", async () => {
    assert.deepEqual(await status(owner, member.id), { result: "success", msg: "", status: {} });
  });

  it("sets text and an emoji looked up by name, and tells every active user only what changed", async () => {
    notices.clear();
    const res = await t.call(member, "POST", "/users/me/status", { status_text: "  on vacation ", emoji_name: "car" });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.deepEqual((await status(owner, member.id)).status, { status_text: "on vacation", emoji_name: "car", emoji_code: "1f697", reaction_type: "unicode_emoji" });
    await t.deps.events.flush();
    const [notice] = notices.of("user_status");
    assert.deepEqual(notice!.event, { type: "user_status", user_id: member.id, status_text: "on vacation", emoji_name: "car", emoji_code: "1f697", reaction_type: "unicode_emoji" });
    assert.deepEqual(recipients(notice!), [owner.id, member.id, admin.id].sort((a, b) => a - b));
  });

  it("changes only the parameters passed", async () => {
    notices.clear();
    await t.call(member, "POST", "/users/me/status", { status_text: "back soon" });
    assert.deepEqual((await status(member, member.id)).status, { status_text: "back soon", emoji_name: "car", emoji_code: "1f697", reaction_type: "unicode_emoji" });
    await t.deps.events.flush();
    assert.deepEqual(notices.of("user_status")[0]!.event, { type: "user_status", user_id: member.id, status_text: "back soon" });
  });

  it("clears the emoji with an empty name and the text with an empty string", async () => {
    await t.call(member, "POST", "/users/me/status", { emoji_name: "", emoji_code: "1f697" });
    assert.deepEqual((await status(member, member.id)).status, { status_text: "back soon" });
    await t.call(member, "POST", "/users/me/status", { status_text: "" });
    assert.deepEqual((await status(member, member.id)).status, {});
  });

  it("treats away as the inverse of presence_enabled", async () => {
    notices.clear();
    await t.call(member, "POST", "/users/me/status", { away: true });
    assert.deepEqual((await status(owner, member.id)).status, { away: true });
    await t.deps.events.flush();
    assert.deepEqual(
      notices.notices.filter((n) => n.event.type === "user_settings" || n.event.type === "user_status").map((n) => n.event),
      [
        { type: "user_settings", op: "update", property: "presence_enabled", value: false },
        { type: "user_status", user_id: member.id, away: true },
      ],
    );
    const queue = await registerQueue(t, owner, { fetch_event_types: ["user_status"] });
    assert.deepEqual(queue.state.user_status, { [member.id]: { away: true } });
    await t.call(member, "POST", "/users/me/status", { away: false });
    assert.deepEqual((await status(owner, member.id)).status, {});
  });

  it("refuses requests Zulip refuses, with its messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, "Client did not pass any new values."],
      [{ status_text: "In a meeting", emoji_code: "1f4bb" }, "Client must pass emoji_name if they pass either emoji_code or reaction_type."],
      [{ status_text: "In a meeting", emoji_code: "1f4bb", emoji_name: "invalid" }, "Emoji 'invalid' does not exist"],
      [{ status_text: "In a meeting", emoji_code: "1f4bb", emoji_name: "car" }, "Invalid emoji name."],
      [{ status_text: "In a meeting", emoji_code: "1f4bb", emoji_name: "car", reaction_type: "realm_emoji" }, "Invalid custom emoji."],
      [{ status_text: "x".repeat(61) }, "status_text is too long (limit: 60 characters)"],
      [{ away: "yes" }, "away is not valid JSON"],
    ];
    for (const [params, msg] of cases) {
      const res = await t.call(member, "POST", "/users/me/status", params);
      assert.deepEqual([res.status, res.body], [400, badRequest(msg)], JSON.stringify(params));
    }
    // 60 code points are fine, whatever their UTF-16 length.
    const ok = await t.call(member, "POST", "/users/me/status", { status_text: "🚗".repeat(60) });
    assert.equal(ok.status, 200);
  });

  it("refuses bots on /users/me/status", async () => {
    const bot = await t.user(owner, { botType: 1 });
    const res = await t.call(bot, "POST", "/users/me/status", { status_text: "beep" });
    assert.deepEqual(res.body, badRequest("This endpoint does not accept bot requests."));
  });

  it("lets administrators set another user's status, and nobody else", async () => {
    notices.clear();
    const res = await t.call(admin, "POST", `/users/${member.id}/status`, { status_text: "out sick", emoji_name: "sick" });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.equal((await status(member, member.id)).status.status_text, "out sick");
    await t.deps.events.flush();
    assert.equal(notices.of("user_status")[0]!.event.user_id, member.id);
    const refused = await t.call(member, "POST", `/users/${admin.id}/status`, { status_text: "hi" });
    assert.deepEqual(refused.body, badRequest("Insufficient permission"));
    const empty = await t.call(admin, "POST", `/users/${member.id}/status`, {});
    assert.deepEqual(empty.body, badRequest("Client did not pass any new values."));
    const ownerTarget = await t.call(admin, "POST", `/users/${owner.id}/status`, { status_text: "hi" });
    assert.equal(ownerTarget.body.code, "UNAUTHORIZED_PRINCIPAL");
  });

  it("answers No such user for unknown users and bots", async () => {
    const bot = await t.user(owner, { botType: 1 });
    for (const id of [9999, bot.id]) assert.deepEqual((await t.call(owner, "GET", `/users/${id}/status`)).body, badRequest("No such user"));
    const other = await t.realm();
    assert.deepEqual((await t.call(owner, "GET", `/users/${other.id}/status`)).body, badRequest("No such user"));
  });

  it("lists statuses of active users in /register", async () => {
    await t.call(owner, "POST", "/users/me/status", { status_text: "reviewing" });
    const queue = await registerQueue(t, admin, { fetch_event_types: ["user_status"] });
    assert.deepEqual(queue.state.user_status, {
      [owner.id]: { status_text: "reviewing" },
      [member.id]: { status_text: "out sick", emoji_name: "sick", emoji_code: "1f912", reaction_type: "unicode_emoji" },
    });
    await t.call(owner, "DELETE", `/users/${member.id}`);
    const after = await registerQueue(t, admin, { fetch_event_types: ["user_status"] });
    assert.deepEqual(Object.keys(after.state.user_status), [String(owner.id)]);
  });
});
