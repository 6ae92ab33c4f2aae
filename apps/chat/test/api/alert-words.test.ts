import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";

describe("GET/POST/DELETE /users/me/alert_words", () => {
  let t: ChatTest;
  let owner: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    events = captureEvents(t);
  });
  after(() => t.close());

  it("starts empty", async () => {
    const res = await t.call(owner, "GET", "/users/me/alert_words");
    assert.deepEqual(res.body, { result: "success", msg: "", alert_words: [] });
  });

  it("adds words, skipping blanks and case-insensitive duplicates, and sends the full list", async () => {
    const res = await t.call(owner, "POST", "/users/me/alert_words", { alert_words: ["Deploy", " outage ", "", "deploy"] });
    assert.deepEqual(res.body.alert_words, ["Deploy", "outage"]);
    const again = await t.call(owner, "POST", "/users/me/alert_words", { alert_words: ["OUTAGE", "pager"] });
    assert.deepEqual(again.body.alert_words, ["Deploy", "outage", "pager"]);
    assert.deepEqual((await events.take()).at(-1), { event: { type: "alert_words", alert_words: ["Deploy", "outage", "pager"] }, users: [owner.id] });
  });

  it("removes words whatever their case", async () => {
    const res = await t.call(owner, "DELETE", "/users/me/alert_words", { alert_words: ["deploy", "unknown"] });
    assert.deepEqual(res.body.alert_words, ["outage", "pager"]);
    assert.deepEqual((await events.take())[0]!.event, { type: "alert_words", alert_words: ["outage", "pager"] });
  });

  it("keeps each user's words apart", async () => {
    const member = await t.user(owner);
    assert.deepEqual((await t.call(member, "GET", "/users/me/alert_words")).body.alert_words, []);
  });

  it("refuses a word over 100 characters and a missing list", async () => {
    const long = await t.call(owner, "POST", "/users/me/alert_words", { alert_words: ["x".repeat(101)] });
    assert.deepEqual([long.status, long.body], [400, badRequest("alert_words[0] is too long (limit: 100 characters)")]);
    const missing = await t.call(owner, "POST", "/users/me/alert_words", {});
    assert.equal(missing.body.code, "REQUEST_VARIABLE_MISSING");
    const notList = await t.call(owner, "DELETE", "/users/me/alert_words", { alert_words: "word" });
    assert.deepEqual(notList.body, badRequest("alert_words is not valid JSON"));
  });
});
