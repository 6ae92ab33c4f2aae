// The extensions on the dashboard over HTTP: the alerting rules form and the uptime card.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "../web/helpers.js";

describe("alerting rules and uptime on the check's page", () => {
  let h: Harness;
  let alice: WebClient;
  let uuid: string;

  before(async () => {
    h = await startHarness();
    alice = await signedUp(h, "alice@example.org");
    uuid = (await createCheckVia(h, { name: "Backups", timeout: 3600, grace: 3600 })).uuid;
  });
  after(() => h.close());

  it("saves the alerting rules, which the API then reports and the card describes", async () => {
    await alice.get(`/checks/${uuid}/details/`);
    const res = await alice.submit(`/checks/${uuid}/alerting/`, { fail_threshold: "3", min_duration: "30", max_duration: "7200", body_regex: "ERROR|FATAL" });
    assert.equal(res.posted, 303);
    assert.match(res.text, /Alerting rules saved\./);
    assert.match(res.text, /Down after 3 consecutive failures/);
    assert.match(res.text, /A run shorter than 30 seconds is a failure/);
    assert.match(res.text, /A run still going after 2 hours takes the check down/);
    assert.match(res.text, /matches \/ERROR\|FATAL\/ is a failure/);
    const api = await call(h.app, "GET", `/api/v3/checks/${uuid}`, { key: h.keys.api_key });
    assert.deepEqual([api.json.fail_threshold, api.json.min_duration, api.json.max_duration, api.json.body_regex], [3, 30, 7200, "ERROR|FATAL"]);
  });

  it("refuses bad values with every error, keeping what was typed and saving nothing", async () => {
    await alice.get(`/checks/${uuid}/details/`);
    const res = await alice.post(`/checks/${uuid}/alerting/`, { fail_threshold: "0", min_duration: "abc", max_duration: "10", body_regex: "(a+)+" });
    assert.equal(res.status, 400);
    assert.match(res.text, /<li>The number of failures before alerting must be a whole number from 1 to 100\.<\/li><li>The minimum run time must be a whole number of seconds, at most 365 days\.<\/li><li>The body pattern must not repeat a group that itself repeats or alternates\.<\/li>/);
    assert.match(res.text, /name="body_regex" value="\(a\+\)\+"/);
    assert.match(res.text, /name="min_duration" value="abc"/);
    assert.equal((await checkRow(h, uuid)).fail_threshold, 3);
  });

  it("turns every rule off with the defaults, leaving the API's check as Healthchecks'", async () => {
    await alice.get(`/checks/${uuid}/details/`);
    const res = await alice.submit(`/checks/${uuid}/alerting/`, { fail_threshold: "1", min_duration: "0", max_duration: "", body_regex: "" });
    assert.equal(res.posted, 303);
    assert.match(res.text, /Down at the first failure or missed run\./);
    const api = await call(h.app, "GET", `/api/v3/checks/${uuid}`, { key: h.keys.api_key });
    assert.equal("fail_threshold" in api.json || "max_duration" in api.json || "body_regex" in api.json, false);
  });

  it("sets dependencies from the check's page and shows them", async () => {
    const router = await createCheckVia(h, { name: "Router" });
    await alice.get(`/checks/${uuid}/details/`);
    const res = await alice.submit(`/checks/${uuid}/alerting/`, { fail_threshold: "1", depends_on: router.uuid });
    assert.equal(res.posted, 303);
    assert.match(res.text, new RegExp(`Depends on <a href="/checks/${router.uuid}/details/">Router</a>: while one is down`));
    assert.match(res.text, new RegExp(`name="depends_on" value="${router.uuid}" checked>`));
    const api = await call(h.app, "GET", `/api/v3/checks/${uuid}`, { key: h.keys.api_key });
    assert.equal(api.json.depends_on, router.uuid);
    await alice.get(`/checks/${router.uuid}/details/`);
    const cycle = await alice.post(`/checks/${router.uuid}/alerting/`, { fail_threshold: "1", depends_on: uuid });
    assert.equal(cycle.status, 400);
    assert.match(cycle.text, /depends_on would make a cycle of dependencies/);
    await alice.get(`/checks/${uuid}/details/`);
    await alice.submit(`/checks/${uuid}/alerting/`, { fail_threshold: "1" });
    assert.equal("depends_on" in (await call(h.app, "GET", `/api/v3/checks/${uuid}`, { key: h.keys.api_key })).json, false);
  });

  it("shows the uptime over 7, 30 and 90 days and the last three months", async () => {
    await h.app.inject({ method: "GET", url: `/ping/${uuid}` });
    h.clock.set("2020-01-01T01:00:00Z");
    await h.app.inject({ method: "GET", url: `/ping/${uuid}/fail` });
    h.clock.set("2020-01-01T04:00:00Z");
    await h.app.inject({ method: "GET", url: `/ping/${uuid}` });
    h.clock.set("2020-01-01T05:00:00Z");
    const page = await alice.get(`/checks/${uuid}/details/`);
    assert.match(page.text, /<th scope="row">Last 7 days<\/th><td class="uptime-figure">40\.00%<\/td><td class="muted small">1 downtime, 3 hours down<\/td>/);
    assert.match(page.text, /<th scope="row">January 2020<\/th><td class="uptime-figure">40\.00%<\/td>/);
    assert.match(page.text, /<th scope="row">December 2019<\/th><td class="uptime-figure">–<\/td><td class="muted small">no downtime<\/td>/);
  });
});
