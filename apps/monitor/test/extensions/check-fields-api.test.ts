// The extension fields on the check API (docs/monitor-extensions.md): shown only when set,
// accepted by v3 only, validated after the upstream's own fields.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, startHarness, type Harness } from "../helpers.js";

const UPSTREAM_KEYS = [
  "name", "slug", "tags", "desc", "grace", "n_pings", "status", "started", "last_ping", "next_ping",
  "manual_resume", "methods", "subject", "subject_fail", "start_kw", "success_kw", "failure_kw",
  "filter_subject", "filter_body", "filter_http_body", "filter_default_fail", "badge_url", "uuid",
  "ping_url", "update_url", "pause_url", "resume_url", "channels", "timeout",
];

describe("extension fields of the check API", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const post = (path: string, body: unknown, version = 3) => call(h.app, "POST", `/api/v${version}/${path}`, { key: h.keys.api_key, body });

  it("leaves them out of a check that uses none, in every version", async () => {
    const c = await createCheckVia(h, { name: "plain" });
    for (const version of [1, 2, 3]) {
      const res = await call(h.app, "GET", `/api/v${version}/checks/${c.uuid}`, { key: h.keys.api_key });
      assert.deepEqual(Object.keys(res.json), UPSTREAM_KEYS);
    }
  });

  it("accepts them on create in v3 and shows them after the upstream's keys, in order", async () => {
    const res = await post("checks/", { name: "ext", fail_threshold: 3, min_duration: 60, max_duration: 600, body_regex: "ERROR|FATAL" });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.json), [...UPSTREAM_KEYS, "fail_threshold", "min_duration", "max_duration", "body_regex"]);
    assert.equal(res.json.fail_threshold, 3);
    assert.equal(res.json.min_duration, 60);
    assert.equal(res.json.max_duration, 600);
    assert.equal(res.json.body_regex, "ERROR|FATAL");
  });

  it("shows only the ones set, and none once they are back to their defaults", async () => {
    const c = await createCheckVia(h, { name: "toggle", max_duration: 120 });
    assert.deepEqual(Object.keys(c).slice(UPSTREAM_KEYS.length), ["max_duration"]);
    const res = await post(`checks/${c.uuid}`, { fail_threshold: 1, max_duration: 0, body_regex: "" });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json), UPSTREAM_KEYS);
  });

  it("keeps them when a v1 or v2 client reads or updates other fields", async () => {
    const c = await createCheckVia(h, { name: "mixed", fail_threshold: 2 });
    const res = await post(`checks/${c.uuid}`, { tags: "x" }, 2);
    assert.equal(res.status, 200);
    assert.equal(res.json.fail_threshold, 2);
  });

  for (const version of [1, 2]) {
    it(`refuses them in API v${version} with a clear 400, on create and on update, saving nothing`, async () => {
      for (const field of ["fail_threshold", "min_duration", "max_duration", "body_regex"]) {
        const value = field === "body_regex" ? "ERROR" : 2;
        const created = await post("checks/", { name: "refused", [field]: value }, version);
        assert.equal(created.status, 400);
        assert.deepEqual(created.json, { error: `json validation error: ${field} is available in API v${3} only` });
      }
      const c = await createCheckVia(h, { name: "before" });
      const updated = await post(`checks/${c.uuid}`, { name: "after", fail_threshold: 2 }, version);
      assert.deepEqual(updated.json, { error: "json validation error: fail_threshold is available in API v3 only" });
      const back = await call(h.app, "GET", `/api/v3/checks/${c.uuid}`, { key: h.keys.api_key });
      assert.equal(back.json.name, "before");
    });
  }

  it("reports bad values, after any error in the upstream's fields", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fail_threshold: 0 }, "fail_threshold is too small"],
      [{ fail_threshold: 101 }, "fail_threshold is too large"],
      [{ fail_threshold: "3" }, "fail_threshold is not an integer"],
      [{ fail_threshold: 2.5 }, "fail_threshold is not an integer"],
      [{ fail_threshold: true }, "fail_threshold is not an integer"],
      [{ min_duration: -1 }, "min_duration is too small"],
      [{ max_duration: 31536001 }, "max_duration is too large"],
      [{ max_duration: null }, "max_duration is not an integer"],
      [{ body_regex: 5 }, "body_regex is not a string"],
      [{ body_regex: "(" }, "body_regex is not a valid regular expression"],
      [{ body_regex: "x".repeat(201) }, "body_regex is too long"],
      [{ body_regex: "(a+)+$" }, "body_regex must not repeat a group that itself repeats or alternates"],
      [{ body_regex: "(a|aa)*" }, "body_regex must not repeat a group that itself repeats or alternates"],
      [{ body_regex: "(x)\\1" }, "body_regex must not use back-references"],
      [{ body_regex: "a(?=b)" }, "body_regex must not use look-ahead or look-behind"],
      [{ body_regex: "a.*b.*c" }, "body_regex repeats too much (one unbounded repetition at most, with a few optional parts)"],
      [{ timeout: 1, fail_threshold: 0 }, "timeout is too small"],
    ];
    for (const [body, error] of cases) {
      const res = await post("checks/", body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(res.json, { error: `json validation error: ${error}` }, JSON.stringify(body));
    }
  });

  it("accepts patterns whose work per line is bounded", async () => {
    for (const body_regex of ["ERROR", "(ERROR|FATAL):", "ERROR.*failed", "^(?:WARN|ERR)\\b", "exit code [1-9]\\d?", "(?<code>E\\d{3})"]) {
      const res = await post("checks/", { body_regex });
      assert.equal(res.status, 201, `${body_regex}: ${res.text}`);
    }
  });
});
