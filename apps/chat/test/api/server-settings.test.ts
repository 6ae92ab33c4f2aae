import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";

describe("GET /server_settings", () => {
  let t: ChatTest;
  let first: Account;

  before(async () => {
    t = await chatTest();
    first = await t.realm({ subdomain: "first", name: "First Org" });
    await t.realm({ subdomain: "second", name: "Second Org" });
  });
  after(() => t.close());

  it("answers without authentication with the version and the realm named by the host", async () => {
    const res = await t.call(null, "GET", "/server_settings", {}, { host: "second.localhost" });
    assert.equal(res.status, 200);
    assert.equal(res.body.result, "success");
    assert.equal(res.body.zulip_feature_level, 509);
    assert.equal(res.body.zulip_version, "13.0-dev+git");
    assert.equal(res.body.zulip_merge_base, "13.0-dev+git");
    assert.equal(res.body.realm_name, "Second Org");
    assert.equal(res.body.realm_url, "http://second.localhost:9991");
    assert.equal(res.body.realm_uri, res.body.realm_url);
    assert.equal(res.body.email_auth_enabled, true);
    assert.equal(res.body.require_email_format_usernames, true);
    assert.equal(res.body.authentication_methods.password, true);
    assert.deepEqual(res.body.external_authentication_methods, []);
  });

  it("speaks for the first realm on a host that names none", async () => {
    const res = await t.call(null, "GET", "/server_settings", {}, { host: "127.0.0.1:9991" });
    assert.equal(res.body.realm_name, "First Org");
  });

  it("also answers when Basic credentials are sent, as the Python client does", async () => {
    const res = await t.call(first, "GET", "/server_settings");
    assert.equal(res.status, 200);
    assert.equal(res.body.realm_name, "First Org");
  });

  it("answers 404 NONEXISTENT_SUBDOMAIN for an unknown subdomain", async () => {
    const res = await t.call(null, "GET", "/server_settings", {}, { host: "nope.localhost" });
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { result: "error", msg: "Invalid subdomain", code: "NONEXISTENT_SUBDOMAIN" });
  });
});
