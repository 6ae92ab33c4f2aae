// Deactivating a user deactivates the bots they own, with each bot's events first.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, nextEvents, registerQueue, withoutIds, type Capture } from "./support.js";

describe("Deactivating a bot owner", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let cap: Capture;
  let helper: number;
  let hook: number;
  let retired: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    helper = (await t.call(mia, "POST", "/bots", { full_name: "Helper", short_name: "helper" })).body.user_id;
    hook = (await t.call(mia, "POST", "/bots", { full_name: "Hook", short_name: "hook", bot_type: 2 })).body.user_id;
    retired = (await t.call(mia, "POST", "/bots", { full_name: "Retired", short_name: "retired" })).body.user_id;
    assert.equal((await t.call(mia, "DELETE", `/bots/${retired}`)).status, 200);
    cap = capture(t);
  });
  after(() => t.close());

  it("deactivates the owner's active bots before the owner, each with its realm_user event", async () => {
    const queue = await registerQueue(t, owner, { event_types: ["realm_user", "realm_bot"] });
    const res = await t.call(owner, "DELETE", `/users/${mia.id}`);
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.deepEqual(withoutIds(await nextEvents(t, owner, queue)), [
      { type: "realm_user", op: "update", person: { user_id: helper, is_active: false } },
      { type: "realm_user", op: "update", person: { user_id: hook, is_active: false } },
      { type: "realm_user", op: "update", person: { user_id: mia.id, is_active: false } },
    ]);
    // The already deactivated bot is left alone.
    assert.ok(!cap.notices.some((n) => (n.event.person as { user_id?: number } | undefined)?.user_id === retired));
    const bots = (await t.call(owner, "GET", "/users", { include_custom_profile_fields: false })).body.members.filter((u: any) => u.is_bot);
    assert.deepEqual(bots.map((b: any) => [b.user_id, b.is_active]).sort(), [[helper, false], [hook, false], [retired, false]].sort());
  });

  it("leaves the bots deactivated when the owner comes back", async () => {
    cap.clear();
    assert.equal((await t.call(owner, "POST", `/users/${mia.id}/reactivate`)).status, 200);
    await t.deps.events.flush();
    const people = cap.of("realm_user").map((n) => n.event.person);
    assert.deepEqual(people, [{ user_id: mia.id, is_active: true }]);
    assert.deepEqual(cap.of("realm_bot"), []);
    const bots = (await t.call(owner, "GET", "/users")).body.members.filter((u: any) => u.is_bot && u.is_active);
    assert.deepEqual(bots, []);
  });

  it("deactivates the bots of a user who deactivates their own account", async () => {
    const own = (await t.call(mia, "POST", "/bots", { full_name: "Own", short_name: "own" })).body.user_id;
    cap.clear();
    assert.equal((await t.call(mia, "DELETE", "/users/me")).status, 200);
    await t.deps.events.flush();
    assert.deepEqual(
      cap.of("realm_user").map((n) => n.event.person),
      [
        { user_id: own, is_active: false },
        { user_id: mia.id, is_active: false },
      ],
    );
  });
});
