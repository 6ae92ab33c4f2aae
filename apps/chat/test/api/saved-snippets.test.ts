import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, registerQueue, type Capture } from "../events/support.js";

describe("saved snippets: GET/POST /saved_snippets, PATCH/DELETE /saved_snippets/{id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let notices: Capture;
  let id: number;
  const created = Math.floor(Date.parse("2025-01-15T12:00:00Z") / 1000);

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    notices = capture(t);
  });
  after(() => t.close());

  it("creates a snippet, trimmed, and tells the user's clients", async () => {
    const res = await t.call(member, "POST", "/saved_snippets", { title: " Welcome ", content: " Welcome to the organization. \n" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    id = res.body.saved_snippet_id;
    const snippet = { id, title: "Welcome", content: "Welcome to the organization.", date_created: created };
    await t.deps.events.flush();
    const [notice] = notices.of("saved_snippets", "add");
    assert.deepEqual([notice!.event, notice!.users], [{ type: "saved_snippets", op: "add", saved_snippet: snippet }, [member.id]]);
    assert.deepEqual((await t.call(member, "GET", "/saved_snippets")).body, { result: "success", msg: "", saved_snippets: [snippet] });
    assert.deepEqual((await registerQueue(t, member, { fetch_event_types: ["saved_snippets"] })).state.saved_snippets, [snippet]);
    assert.deepEqual((await t.call(owner, "GET", "/saved_snippets")).body.saved_snippets, []);
  });

  it("refuses blank or overlong titles and content", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "  ", content: "x" }, "title cannot be blank"],
      [{ title: "x", content: "" }, "content cannot be blank"],
      [{ title: "x".repeat(61), content: "x" }, "title is too long (limit: 60 characters)"],
      [{ title: "x", content: "x".repeat(10001) }, "content is too long (limit: 10000 characters)"],
    ];
    for (const [params, msg] of cases) assert.deepEqual((await t.call(member, "POST", "/saved_snippets", params)).body, badRequest(msg));
    assert.equal((await t.call(member, "POST", "/saved_snippets", { title: "x" })).body.code, "REQUEST_VARIABLE_MISSING");
  });

  it("edits the fields given", async () => {
    await t.deps.events.flush();
    notices.clear();
    assert.equal((await t.call(member, "PATCH", `/saved_snippets/${id}`, { content: "Hello!" })).status, 200);
    const snippet = { id, title: "Welcome", content: "Hello!", date_created: created };
    await t.deps.events.flush();
    assert.deepEqual(notices.of("saved_snippets", "update")[0]!.event, { type: "saved_snippets", op: "update", saved_snippet: snippet });
    assert.deepEqual((await t.call(member, "GET", "/saved_snippets")).body.saved_snippets, [snippet]);
    assert.deepEqual((await t.call(member, "PATCH", `/saved_snippets/${id}`, { title: "" })).body, badRequest("title cannot be blank"));
  });

  it("answers success without an event when nothing is to change", async () => {
    await t.deps.events.flush();
    notices.clear();
    assert.equal((await t.call(member, "PATCH", "/saved_snippets/9999", {})).status, 200);
    await t.deps.events.flush();
    assert.deepEqual(notices.of("saved_snippets"), []);
  });

  it("deletes, and answers 404 for another user's or a missing snippet", async () => {
    const missing = badRequest("Saved snippet does not exist.");
    const stranger = await t.call(owner, "PATCH", `/saved_snippets/${id}`, { title: "mine" });
    assert.deepEqual([stranger.status, stranger.body], [404, missing]);
    assert.deepEqual((await t.call(owner, "DELETE", `/saved_snippets/${id}`)).status, 404);
    await t.deps.events.flush();
    notices.clear();
    assert.equal((await t.call(member, "DELETE", `/saved_snippets/${id}`)).status, 200);
    await t.deps.events.flush();
    assert.deepEqual(notices.of("saved_snippets", "remove")[0]!.event, { type: "saved_snippets", op: "remove", saved_snippet_id: id });
    const again = await t.call(member, "DELETE", `/saved_snippets/${id}`);
    assert.deepEqual([again.status, again.body], [404, missing]);
  });
});
