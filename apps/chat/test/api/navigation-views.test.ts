import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";

describe("/navigation_views", () => {
  let t: ChatTest;
  let owner: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    events = captureEvents(t);
  });
  after(() => t.close());

  it("adds a built-in override and a named custom view, and lists them", async () => {
    assert.equal((await t.call(owner, "POST", "/navigation_views", { fragment: "inbox", is_pinned: false })).status, 200);
    assert.deepEqual(await events.take(), [{ event: { type: "navigation_view", op: "add", navigation_view: { fragment: "inbox", is_pinned: false, name: null } }, users: [owner.id] }]);
    await t.call(owner, "POST", "/navigation_views", { fragment: "narrow/is/alerted", is_pinned: true, name: "Alert Words" });
    const list = await t.call(owner, "GET", "/navigation_views");
    assert.deepEqual(list.body.navigation_views, [
      { fragment: "inbox", is_pinned: false, name: null },
      { fragment: "narrow/is/alerted", is_pinned: true, name: "Alert Words" },
    ]);
  });

  it("refuses a blank fragment, a nameless custom view, a named built-in one and duplicates", async () => {
    assert.deepEqual((await t.call(owner, "POST", "/navigation_views", { fragment: "  ", is_pinned: true })).body, badRequest("fragment cannot be blank"));
    assert.deepEqual((await t.call(owner, "POST", "/navigation_views", { fragment: "narrow/is/dm", is_pinned: true })).body, badRequest("Custom views must have a name"));
    assert.deepEqual((await t.call(owner, "POST", "/navigation_views", { fragment: "recent", is_pinned: true, name: "Mine" })).body, badRequest("Built-in views cannot have a custom name"));
    assert.deepEqual((await t.call(owner, "POST", "/navigation_views", { fragment: "inbox", is_pinned: true })).body, badRequest("Navigation view already exists."));
  });

  it("updates is_pinned and name, announcing only what changed", async () => {
    await events.take();
    assert.equal((await t.call(owner, "PATCH", "/navigation_views/inbox", { is_pinned: true })).status, 200);
    assert.deepEqual((await events.take())[0]!.event, { type: "navigation_view", op: "update", fragment: "inbox", data: { is_pinned: true } });
    await t.call(owner, "PATCH", `/navigation_views/${encodeURIComponent("narrow/is/alerted")}`, { name: "Alerts" });
    assert.deepEqual((await events.take())[0]!.event, { type: "navigation_view", op: "update", fragment: "narrow/is/alerted", data: { name: "Alerts" } });
    // python-zulip-api puts the fragment into the path as it is, slashes and all
    assert.equal((await t.call(owner, "PATCH", "/navigation_views/narrow/is/alerted", { is_pinned: true })).status, 200);
    assert.deepEqual((await events.take())[0]!.event, { type: "navigation_view", op: "update", fragment: "narrow/is/alerted", data: { is_pinned: true } });
    const list = await t.call(owner, "GET", "/navigation_views");
    assert.deepEqual(list.body.navigation_views.map((v: any) => [v.fragment, v.is_pinned, v.name]), [["inbox", true, null], ["narrow/is/alerted", true, "Alerts"]]);
  });

  it("refuses a name for a built-in view and an unknown fragment with NOT_FOUND", async () => {
    assert.deepEqual((await t.call(owner, "PATCH", "/navigation_views/inbox", { name: "Box" })).body, badRequest("Built-in views cannot have a custom name"));
    const missing = await t.call(owner, "PATCH", "/navigation_views/nowhere", { is_pinned: true });
    assert.deepEqual([missing.status, missing.body], [404, { result: "error", msg: "Navigation view does not exist.", code: "NOT_FOUND" }]);
    const gone = await t.call(owner, "DELETE", "/navigation_views/nowhere");
    assert.equal(gone.status, 404);
  });

  it("removes a view, and keeps views per user", async () => {
    assert.equal((await t.call(owner, "DELETE", "/navigation_views/inbox")).status, 200);
    assert.deepEqual((await events.take())[0]!.event, { type: "navigation_view", op: "remove", fragment: "inbox" });
    const member = await t.user(owner);
    assert.deepEqual((await t.call(member, "GET", "/navigation_views")).body.navigation_views, []);
    assert.deepEqual((await t.call(owner, "GET", "/navigation_views")).body.navigation_views.length, 1);
  });
});
