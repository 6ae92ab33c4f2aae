import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { captureEvents } from "./org-support.js";

describe("/realm/domains", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let events: ReturnType<typeof captureEvents>;
  const mustBeOwner = { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" };

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    events = captureEvents(t);
  });
  after(() => t.close());

  it("adds a domain, lower-cased, and announces it to every active user", async () => {
    const res = await t.call(owner, "POST", "/realm/domains", { domain: " Example.COM ", allow_subdomains: false });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.new_domain[1], "example.com");
    assert.equal(typeof res.body.new_domain[0], "number");
    assert.deepEqual(await events.take(), [{ event: { type: "realm_domains", op: "add", realm_domain: { domain: "example.com", allow_subdomains: false } }, users: [owner.id, admin.id] }]);
    const list = await t.call(admin, "GET", "/realm/domains");
    assert.deepEqual(list.body.domains, [{ domain: "example.com", allow_subdomains: false }]);
    const state = await t.call(admin, "POST", "/register", { fetch_event_types: ["realm_domains"] });
    assert.deepEqual(state.body.realm_domains, [{ domain: "example.com", allow_subdomains: false }]);
  });

  it("refuses invalid and duplicate domains", async () => {
    const cases: [string, string][] = [
      ["", "Invalid domain: Domain can't be empty."],
      ["localhost", "Invalid domain: Domain must have at least one dot (.)"],
      [".example.org", "Invalid domain: Domain cannot start or end with a dot (.)"],
      ["a..org", "Invalid domain: Consecutive '.' are not allowed."],
      ["-a.org", "Invalid domain: Subdomains cannot start or end with a '-'."],
      ["a_b.org", "Invalid domain: Domain can only have letters, numbers, '.' and '-'s."],
      ["example.com", "The domain example.com is already a part of your organization."],
    ];
    for (const [domain, msg] of cases) {
      assert.deepEqual((await t.call(owner, "POST", "/realm/domains", { domain, allow_subdomains: true })).body, badRequest(msg), domain);
    }
  });

  it("changes allow_subdomains and removes a domain", async () => {
    await events.take();
    assert.equal((await t.call(owner, "PATCH", "/realm/domains/example.com", { allow_subdomains: true })).status, 200);
    assert.deepEqual((await events.take())[0]!.event, { type: "realm_domains", op: "change", realm_domain: { domain: "example.com", allow_subdomains: true } });
    assert.deepEqual((await t.call(owner, "GET", "/realm/domains")).body.domains, [{ domain: "example.com", allow_subdomains: true }]);
    assert.equal((await t.call(owner, "DELETE", "/realm/domains/example.com")).status, 200);
    assert.deepEqual((await events.take())[0]!.event, { type: "realm_domains", op: "remove", domain: "example.com" });
    assert.deepEqual((await t.call(owner, "DELETE", "/realm/domains/example.com")).body, badRequest("No entry found for domain example.com."));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm/domains/nope.org", { allow_subdomains: true })).body, badRequest("No entry found for domain nope.org."));
  });

  it("lets only owners change domains, not administrators", async () => {
    assert.deepEqual((await t.call(admin, "POST", "/realm/domains", { domain: "admin.org", allow_subdomains: false })).body, mustBeOwner);
    assert.deepEqual((await t.call(admin, "PATCH", "/realm/domains/admin.org", { allow_subdomains: false })).body, mustBeOwner);
    assert.deepEqual((await t.call(admin, "DELETE", "/realm/domains/admin.org")).body, mustBeOwner);
  });
});
