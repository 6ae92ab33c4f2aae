import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";

describe("POST /realm/playgrounds and DELETE /realm/playgrounds/{id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let events: ReturnType<typeof captureEvents>;
  const rust = { name: "Rust playground", pygments_language: "Rust", url_template: "https://play.rust-lang.org/?edition=2021&code={code}" };

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    events = captureEvents(t);
  });
  after(() => t.close());

  it("adds a playground, sends the full list to everyone and shows it in /register", async () => {
    const res = await t.call(owner, "POST", "/realm/playgrounds", rust);
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.id, "number");
    const expected = [{ id: res.body.id, ...rust }];
    assert.deepEqual(await events.take(), [{ event: { type: "realm_playgrounds", realm_playgrounds: expected }, users: [owner.id, member.id] }]);
    const state = await t.call(member, "POST", "/register", { fetch_event_types: ["realm_playgrounds"] });
    assert.deepEqual(state.body.realm_playgrounds, expected);
  });

  it("accepts RFC 6570 operators around the one code variable", async () => {
    const res = await t.call(owner, "POST", "/realm/playgrounds", { name: "Py", pygments_language: "Python", url_template: "https://py.example/run{?code}" });
    assert.equal(res.status, 200);
  });

  it("refuses templates without exactly one code variable, invalid templates and languages", async () => {
    const none = await t.call(owner, "POST", "/realm/playgrounds", { ...rust, name: "A", url_template: "https://x.example/" });
    const msg = '"code" should be the only variable present in the URL template';
    assert.deepEqual(none.body, { result: "error", msg, code: "BAD_REQUEST", errors: { __all__: [msg] } });
    const two = await t.call(owner, "POST", "/realm/playgrounds", { ...rust, name: "B", url_template: "https://x.example/{lang}/{code}" });
    assert.equal(two.body.msg, msg);
    const broken = await t.call(owner, "POST", "/realm/playgrounds", { ...rust, name: "C", url_template: "https://x.example/{code" });
    assert.deepEqual(broken.body, { result: "error", msg: "Invalid URL template.", code: "BAD_REQUEST", errors: { url_template: ["Invalid URL template."] } });
    const lang = await t.call(owner, "POST", "/realm/playgrounds", { ...rust, name: "D", pygments_language: "Rust!" });
    assert.equal(lang.body.msg, "Invalid characters in pygments language");
    const dup = await t.call(owner, "POST", "/realm/playgrounds", rust);
    assert.equal(dup.body.msg, "Realm playground with this Realm, Pygments language and Name already exists.");
    const missing = await t.call(owner, "POST", "/realm/playgrounds", { name: "E", pygments_language: "Go" });
    assert.equal(missing.body.code, "REQUEST_VARIABLE_MISSING");
  });

  it("is for administrators only", async () => {
    const add = await t.call(member, "POST", "/realm/playgrounds", { ...rust, name: "Mine" });
    assert.deepEqual([add.status, add.body], [400, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" }]);
    assert.equal((await t.call(member, "DELETE", "/realm/playgrounds/1")).body.code, "UNAUTHORIZED_PRINCIPAL");
  });

  it("removes a playground and refuses an unknown one", async () => {
    const state = await t.call(owner, "POST", "/register", { fetch_event_types: ["realm_playgrounds"] });
    const [first] = state.body.realm_playgrounds;
    await events.take();
    assert.equal((await t.call(owner, "DELETE", `/realm/playgrounds/${first.id}`)).status, 200);
    assert.deepEqual((await events.take())[0]!.event.realm_playgrounds, state.body.realm_playgrounds.slice(1));
    const again = await t.call(owner, "DELETE", `/realm/playgrounds/${first.id}`);
    assert.deepEqual(again.body, { result: "error", msg: "Invalid playground", code: "BAD_REQUEST" });
  });
});
