import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { integrationValue } from "../../src/actions/integrationValue.js";

describe("create-integration --value shapes", () => {
  it("fills a webhook's missing fields and checks its URLs and methods", () => {
    const out = integrationValue("webhook", JSON.stringify({ url_down: "https://example.org/down", method_down: "POST", body_down: "$NAME" }));
    assert.deepEqual(JSON.parse((out as { value: string }).value), {
      body_down: "$NAME", body_up: "", headers_down: {}, headers_up: {}, method_down: "POST", method_up: "GET", url_down: "https://example.org/down", url_up: "",
    });
    assert.equal(JSON.parse((integrationValue("webhook", "{}") as { value: string }).value).url_down, "");
    assert.deepEqual(integrationValue("webhook", JSON.stringify({ url_up: "ftp://x" })), { error: "url_up must be an absolute http(s) URL" });
    assert.deepEqual(integrationValue("webhook", JSON.stringify({ url_up: "https://x", method_up: "DELETE" })), { error: "method_up must be GET, POST or PUT" });
  });

  it("accepts an integration provisioned by name and kind alone", () => {
    for (const kind of ["webhook", "email", "zulip", "slack", "ntfy", "pd"]) assert.deepEqual(integrationValue(kind, ""), { value: "" }, kind);
  });

  it("accepts a bare address or the JSON form for e-mail", () => {
    assert.deepEqual(JSON.parse((integrationValue("email", "ops@example.org") as { value: string }).value), { value: "ops@example.org", up: true, down: true });
    assert.deepEqual(JSON.parse((integrationValue("email", '{"value": "a@b.c", "up": false}') as { value: string }).value), { value: "a@b.c", up: false, down: true });
  });

  it("checks Zulip's required fields and defaults the message type to stream", () => {
    const out = JSON.parse((integrationValue("zulip", JSON.stringify({ bot_email: "bot@z.example", api_key: "k", to: "ops" })) as { value: string }).value);
    assert.deepEqual(out, { bot_email: "bot@z.example", api_key: "k", mtype: "stream", to: "ops", site: "", topic: "" });
    assert.deepEqual(integrationValue("zulip", JSON.stringify({ bot_email: "bot@z.example", api_key: "k", to: "ops", mtype: "dm" })), { error: 'mtype must be "stream" or "private"' });
  });

  it("stores a Slack webhook as its bare URL and defaults ntfy to ntfy.sh", () => {
    assert.deepEqual(integrationValue("slack", JSON.stringify({ url: "https://hooks.slack.com/services/T/B/X" })), { value: "https://hooks.slack.com/services/T/B/X" });
    const ntfy = JSON.parse((integrationValue("ntfy", JSON.stringify({ topic: "t" })) as { value: string }).value);
    assert.deepEqual(ntfy, { priority: 3, priority_up: 3, token: "", topic: "t", url: "https://ntfy.sh" });
    assert.deepEqual(integrationValue("ntfy", JSON.stringify({ topic: "t", priority: 9 })), { error: "priority must be a whole number from 0 (off) to 5 (max)" });
  });

  it("stores other kinds as given", () => {
    assert.deepEqual(integrationValue("pd", "service-key"), { value: "service-key" });
  });
});
