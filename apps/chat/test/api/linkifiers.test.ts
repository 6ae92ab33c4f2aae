import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { nextEvents, registerQueue, withoutIds } from "../events/support.js";

describe("linkifiers: GET/PATCH /realm/linkifiers, POST /realm/filters, PATCH/DELETE /realm/filters/{id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  const issues = { pattern: "#(?P<id>[0-9]+)", url_template: "https://github.com/zulip/zulip/issues/{id}" };

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
  });
  after(() => t.close());

  it("adds a linkifier, lists it, and sends realm_linkifiers only to queues declaring linkifier_url_template", async () => {
    const modern = await registerQueue(t, member, { client_capabilities: { linkifier_url_template: true }, event_types: ["realm_linkifiers"] });
    const legacy = await registerQueue(t, member, { event_types: ["realm_linkifiers"] });
    const res = await t.call(owner, "POST", "/realm/filters", issues);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const expected = [{ ...issues, id: res.body.id, example_input: null, reverse_template: null, alternative_url_templates: [] }];
    assert.deepEqual((await t.call(member, "GET", "/realm/linkifiers")).body.linkifiers, expected);
    assert.deepEqual(withoutIds(await nextEvents(t, member, modern)), [{ type: "realm_linkifiers", realm_linkifiers: expected }]);
    assert.deepEqual(await nextEvents(t, member, legacy), []);
    const withCap = await t.call(member, "POST", "/register", { fetch_event_types: ["realm_linkifiers", "realm_filters"], client_capabilities: { linkifier_url_template: true } });
    assert.deepEqual([withCap.body.realm_linkifiers, withCap.body.realm_filters], [expected, []]);
    const without = await t.call(member, "POST", "/register", { fetch_event_types: ["realm_linkifiers"] });
    assert.deepEqual(without.body.realm_linkifiers, []);
  });

  it("applies the realm's linkifiers when rendering messages, and stops when one is removed", async () => {
    const send = await t.call(member, "POST", "/messages", { type: "direct", to: [owner.id], content: "see #123 please" });
    const rendered = await t.call(member, "GET", `/messages/${send.body.id}`);
    assert.match(rendered.body.message.content, /<a href="https:\/\/github.com\/zulip\/zulip\/issues\/123">#123<\/a>/);
    const list = (await t.call(owner, "GET", "/realm/linkifiers")).body.linkifiers;
    for (const l of list) assert.equal((await t.call(owner, "DELETE", `/realm/filters/${l.id}`)).status, 200);
    const again = await t.call(member, "POST", "/messages", { type: "direct", to: [owner.id], content: "see #123 please" });
    assert.doesNotMatch((await t.call(member, "GET", `/messages/${again.body.id}`)).body.message.content, /<a /);
    await t.call(owner, "POST", "/realm/filters", issues);
  });

  it("validates the pattern, the template and their groups with Zulip's messages", async () => {
    const bad = await t.call(owner, "POST", "/realm/filters", { pattern: "#(?P<id>[0-9]+", url_template: "https://x.example/{id}" });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /^Bad regular expression: /);
    assert.deepEqual(Object.keys(bad.body.errors), ["pattern"]);
    const template = await t.call(owner, "POST", "/realm/filters", { pattern: "x(?P<id>[0-9]+)", url_template: "https://x.example/{id" });
    assert.deepEqual(template.body, { result: "error", msg: "Invalid URL template.", code: "BAD_REQUEST", errors: { url_template: ["Invalid URL template."] } });
    const extra = await t.call(owner, "POST", "/realm/filters", { pattern: "x(?P<id>[0-9]+)", url_template: "https://x.example/{id}/{other}" });
    assert.equal(extra.body.msg, "Group 'other' in URL template is not present in linkifier pattern.");
    const unused = await t.call(owner, "POST", "/realm/filters", { pattern: "x(?P<id>[0-9]+)(?P<b>[a-z])", url_template: "https://x.example/{id}" });
    assert.deepEqual(unused.body.errors, { __all__: ["Group 'b' in linkifier pattern is not present in URL template."] });
    const dup = await t.call(owner, "POST", "/realm/filters", issues);
    assert.equal(dup.body.msg, "Realm filter with this Realm and Pattern already exists.");
    const missing = await t.call(owner, "POST", "/realm/filters", { pattern: "abc" });
    assert.deepEqual([missing.body.code, missing.body.msg], ["REQUEST_VARIABLE_MISSING", "Missing 'url_template' argument"]);
  });

  it("checks reverse templates against the example input", async () => {
    const ok = await t.call(owner, "POST", "/realm/filters", { pattern: "T(?P<id>[0-9]+)", url_template: "https://t.example/{id}", example_input: "T42", reverse_template: "T{id}", alternative_url_templates: ["https://t.example/pull/{id}"] });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const wrong = await t.call(owner, "POST", "/realm/filters", { pattern: "U(?P<id>[0-9]+)", url_template: "https://u.example/{id}", example_input: "U42", reverse_template: "V{id}" });
    assert.equal(wrong.status, 400);
    const list = (await t.call(owner, "GET", "/realm/linkifiers")).body.linkifiers;
    assert.deepEqual(list.at(-1).alternative_url_templates, ["https://t.example/pull/{id}"]);
  });

  it("updates a linkifier, clears optional fields with an empty string, and refuses unknown ids", async () => {
    const list = (await t.call(owner, "GET", "/realm/linkifiers")).body.linkifiers;
    const target = list.at(-1);
    const res = await t.call(owner, "PATCH", `/realm/filters/${target.id}`, { pattern: "TK-(?P<id>[0-9]+)", url_template: "https://t.example/{id}", example_input: "", reverse_template: "" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const after = (await t.call(owner, "GET", "/realm/linkifiers")).body.linkifiers.find((l: any) => l.id === target.id);
    assert.deepEqual(after, { id: target.id, pattern: "TK-(?P<id>[0-9]+)", url_template: "https://t.example/{id}", example_input: null, reverse_template: null, alternative_url_templates: ["https://t.example/pull/{id}"] });
    const unknown = await t.call(owner, "PATCH", "/realm/filters/99999", issues);
    assert.deepEqual(unknown.body, { result: "error", msg: "Linkifier not found.", code: "BAD_REQUEST" });
    assert.equal((await t.call(owner, "DELETE", "/realm/filters/99999")).body.msg, "Linkifier not found.");
  });

  it("reorders linkifiers and insists on every id exactly once", async () => {
    const ids = (await t.call(owner, "GET", "/realm/linkifiers")).body.linkifiers.map((l: any) => l.id);
    const reversed = [...ids].reverse();
    assert.equal((await t.call(owner, "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: reversed })).status, 200);
    assert.deepEqual((await t.call(owner, "GET", "/realm/linkifiers")).body.linkifiers.map((l: any) => l.id), reversed);
    const partial = await t.call(owner, "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: reversed.slice(1) });
    assert.equal(partial.body.msg, "The ordered list must enumerate all existing linkifiers exactly once");
    const twice = await t.call(owner, "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: [reversed[0], ...reversed.slice(0, -1)] });
    assert.equal(twice.status, 400);
  });

  it("is for administrators only, except reading", async () => {
    const add = await t.call(member, "POST", "/realm/filters", { pattern: "z(?P<id>[0-9]+)", url_template: "https://z.example/{id}" });
    assert.deepEqual([add.status, add.body.code, add.body.msg], [400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator"]);
    assert.equal((await t.call(member, "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: [] })).body.code, "UNAUTHORIZED_PRINCIPAL");
    assert.equal((await t.call(member, "DELETE", "/realm/filters/1")).body.code, "UNAUTHORIZED_PRINCIPAL");
  });

  it("keeps each realm's linkifiers to itself", async () => {
    const other = await t.realm();
    assert.deepEqual((await t.call(other, "GET", "/realm/linkifiers")).body.linkifiers, []);
    const id = (await t.call(owner, "GET", "/realm/linkifiers")).body.linkifiers[0].id;
    assert.equal((await t.call(other, "DELETE", `/realm/filters/${id}`)).body.msg, "Linkifier not found.");
  });
});
