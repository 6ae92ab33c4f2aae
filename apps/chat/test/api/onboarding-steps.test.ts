import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { BOT_DEFAULT } from "../../src/lib/roles.js";
import { nextEvents, registerQueue } from "../events/support.js";

describe("POST /users/me/onboarding_steps and /register's onboarding_steps", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
  });
  after(() => t.close());

  const steps = async (who: Account) => {
    const res = await t.call(who, "POST", "/register", { fetch_event_types: ["onboarding_steps"] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return [res.body.onboarding_steps, res.body.navigation_tour_video_url];
  };
  const names = (list: { name: string }[]) => list.map((s) => s.name);

  it("lists the one-time notices and actions still to show, without the navigation tour video Beacon does not have", async () => {
    const [list, videoUrl] = await steps(mia);
    assert.equal(videoUrl, null);
    assert.deepEqual(list[0], { type: "one_time_notice", name: "visibility_policy_banner" });
    assert.deepEqual(list.at(-1), { type: "one_time_action", name: "narrow_to_dm_with_welcome_bot_new_user" });
    assert.equal(names(list).includes("navigation_tour_video"), false);
  });

  it("marks a step as read, once, and sends the user the steps left", async () => {
    const queue = await registerQueue(t, mia, { event_types: ["onboarding_steps"] });
    const otherQueue = await registerQueue(t, owner, { event_types: ["onboarding_steps"] });
    const [before] = await steps(mia);
    assert.deepEqual((await t.call(mia, "POST", "/users/me/onboarding_steps", { onboarding_step: "intro_inbox_view_modal" })).body, { result: "success", msg: "" });
    const [after] = await steps(mia);
    assert.deepEqual(names(after), names(before).filter((n: string) => n !== "intro_inbox_view_modal"));
    const events = await nextEvents(t, mia, queue);
    assert.deepEqual(events.map(({ id: _id, ...e }) => e), [{ type: "onboarding_steps", onboarding_steps: after }]);
    assert.deepEqual(await nextEvents(t, owner, otherQueue), []);
    // Marking it again is no error, and changes nothing.
    assert.equal((await t.call(mia, "POST", "/users/me/onboarding_steps", { onboarding_step: "intro_inbox_view_modal" })).status, 200);
    assert.deepEqual((await steps(mia))[0], after);
    // Someone else still has it.
    assert.equal(names((await steps(owner))[0]).includes("intro_inbox_view_modal"), true);
  });

  it("refuses an unknown step, a missing one, and bots", async () => {
    assert.deepEqual((await t.call(mia, "POST", "/users/me/onboarding_steps", { onboarding_step: "no_such_step" })).body, badRequest("Unknown onboarding_step: no_such_step"));
    const missing = await t.call(mia, "POST", "/users/me/onboarding_steps", {});
    assert.deepEqual([missing.body.msg, missing.body.code], ["Missing 'onboarding_step' argument", "REQUEST_VARIABLE_MISSING"]);
    const bot = await t.user(owner, { botType: BOT_DEFAULT });
    assert.deepEqual((await t.call(bot, "POST", "/users/me/onboarding_steps", { onboarding_step: "intro_inbox_view_modal" })).body, badRequest("This endpoint does not accept bot requests."));
  });
});
