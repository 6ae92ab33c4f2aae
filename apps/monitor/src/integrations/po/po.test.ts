// Pushover against a fake of Pushover's API: the subscription set-up, the message and its
// priorities, the emergency cancel on recovery, and Pushover's errors.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../actions/alert-worker.js";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, channelRow, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

const ENV = { MONITOR_PUSHOVER_API_TOKEN: "app-token", MONITOR_PUSHOVER_SUBSCRIPTION_URL: "https://pushover.net/subscribe/beacon-x1" };

describe("Pushover alerts", () => {
  let h: Harness;
  let po: FakeService;
  before(async () => {
    po = await startFakeService({ status: 200, body: { status: 1, request: "r-1" } });
    h = await startKindHarness({ ...ENV, MONITOR_PUSHOVER_API_URL: `${po.url}/1` }, { siteRoot: "https://hc.example.org" });
  });
  after(async () => {
    await h.close();
    await po.close();
  });

  it("is listed by the API under its upstream kind name", async () => {
    const ch = await addIntegration(h, "po", "uKey1|0|0", "Phones");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: { id: string; kind: string; name: string }) => c.id === ch.uuid && c.kind === "po" && c.name === "Phones"));
  });

  it("posts the form Pushover expects, with an HTML message, the priority and a link to the check", async () => {
    po.clear();
    const { check } = await alertDown(h, await addIntegration(h, "po", "uKey2|1|0"), { name: "Backups <nightly>", tags: "db prod", timeout: 3600 });
    const [req] = po.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/1/messages.json");
    assert.equal(req.headers["content-type"], "application/x-www-form-urlencoded");
    const form = Object.fromEntries(req.form());
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    assert.deepEqual(Object.keys(form), ["token", "user", "message", "title", "html", "priority", "tags", "url", "url_title"]);
    assert.equal(form.token, "app-token");
    assert.equal(form.user, "uKey2");
    assert.equal(form.title, "\u{1F534} Backups <nightly> is DOWN");
    assert.equal(form.html, "1");
    assert.equal(form.priority, "1");
    assert.equal(form.tags, key);
    assert.equal(form.url, `https://hc.example.org/cloaked/${key}/`);
    assert.equal(form.url_title, "View on Mychecks");
    assert.equal(
      form.message,
      "Reason: received a failure signal.\n\n<b>Project:</b> Alices\n<b>Tags:</b> db, prod\n<b>Period:</b> 1 hour\n<b>Total Pings:</b> 1\n<b>Last Ping:</b> Failure, now",
    );
  });

  it("shows a cron schedule, escaped, and no period", async () => {
    po.clear();
    await alertDown(h, await addIntegration(h, "po", "uKey3|0|0"), { schedule: "*/5 * * * *", tz: "Europe/Riga" });
    const message = po.requests[0].form().get("message")!;
    assert.match(message, /<b>Schedule:<\/b> <code>\*\/5 \* \* \* \*<\/code>\n<b>Time Zone:<\/b> Europe\/Riga\n/);
    assert.doesNotMatch(message, /Period/);
  });

  it("says when a check is up again, with the downtime and the up priority", async () => {
    po.clear();
    await alertDownThenUp(h, await addIntegration(h, "po", "uKey4|0|-1"), { name: "Nightly" }, 5400);
    const up = Object.fromEntries(po.requests[1].form());
    assert.equal(up.title, "\u{1F7E2} Nightly is UP");
    assert.equal(up.priority, "-1");
    assert.match(up.message, /^The downtime lasted 1 hour, 30 minutes\.\n\n<b>Project:<\/b> Alices\n/);
    assert.equal(up.retry, undefined);
  });

  it("cancels a down alert of emergency priority before saying the check is up, and repeats emergency alerts", async () => {
    po.clear();
    const { check } = await alertDownThenUp(h, await addIntegration(h, "po", "uKey5|2|2"));
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    assert.deepEqual(po.requests.map((r) => r.url), ["/1/messages.json", `/1/receipts/cancel_by_tag/${key}.json`, "/1/messages.json"]);
    assert.deepEqual(Object.fromEntries(po.requests[1].form()), { token: "app-token" });
    const down = Object.fromEntries(po.requests[0].form());
    assert.equal(down.retry, "300");
    assert.equal(down.expire, "86400");
  });

  it("sends nothing for a direction whose priority is -3, and reads two-part values as one priority both ways", async () => {
    po.clear();
    await alertDownThenUp(h, await addIntegration(h, "po", "uKey6|-3|0"));
    assert.deepEqual(po.requests.map((r) => r.form().get("title")?.slice(0, 2)), ["\u{1F7E2}"]);
    po.clear();
    await alertDownThenUp(h, await addIntegration(h, "po", "uKey7|-1"));
    assert.deepEqual(po.requests.map((r) => r.form().get("priority")), ["-1", "-1"]);
  });

  it("sends a test notification", async () => {
    po.clear();
    assert.deepEqual(await sendTest(h, await addIntegration(h, "po", "uKey8|0|0")), { kind: "sent" });
    assert.equal(po.requests[0].form().get("title"), "\u{1F534} TEST is DOWN");
  });

  it("disables the integration when Pushover says the user key is invalid, does not retry another 400, and retries a 5xx", async () => {
    po.clear();
    po.replies.push({ status: 400, body: { user: "invalid", errors: ["user identifier is not a valid user, group, or subscribed user key"], status: 0 } });
    const gone = await alertDown(h, await addIntegration(h, "po", "bad|0|0"));
    assert.equal(gone.channel.disabled, 1);
    assert.equal(gone.channel.last_error, "Received status code 400 (invalid user)");

    po.clear();
    po.replies.push({ status: 400, body: { message: "cannot parse" } });
    const refused = await alertDown(h, await addIntegration(h, "po", "uKey8|0|0"));
    assert.deepEqual([refused.channel.disabled, refused.channel.last_error], [0, "Received status code 400"]);
    h.clock.advanceSeconds(600);
    await runAlertCycle(h.deps);
    assert.equal(po.requests.length, 1, "a 400 is not retried");

    po.clear();
    po.replies.push({ status: 500, body: "oops" }, { status: 503, body: "busy" });
    const flaky = await alertDown(h, await addIntegration(h, "po", "uKey9|0|0"));
    assert.equal(flaky.channel.disabled, 0);
    assert.equal(flaky.channel.last_error, "Received status code 500");
    h.clock.advanceSeconds(11);
    await runAlertCycle(h.deps);
    assert.equal((await channelRow(h, flaky.channel)).last_error, "Received status code 503");
    h.clock.advanceSeconds(61);
    await runAlertCycle(h.deps);
    assert.equal((await channelRow(h, flaky.channel)).last_error, "");
    assert.equal(po.requests.length, 3);
  });

  it("allows six messages a minute to one user key and drops the rest", async () => {
    po.clear();
    const ch = await addIntegration(h, "po", "uKeyBusy|0|0");
    for (let i = 0; i < 6; i++) assert.equal((await alertDown(h, ch)).channel.last_error, "");
    const seventh = await alertDown(h, ch);
    assert.equal(seventh.channel.last_error, "Rate limit exceeded");
    assert.equal(po.requests.length, 6);
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("po", "uKey|0|-3"), { value: "uKey|0|-3" });
    assert.deepEqual(integrationValue("po", "uKey|2"), { value: "uKey|2" });
    assert.deepEqual(integrationValue("po", "uKey"), { error: '--value must be "user_key|prio|prio_up", priorities from -3 (off) to 2 (emergency)' });
    assert.deepEqual(integrationValue("po", "uKey|3|0"), { error: "a Pushover priority must be a whole number from -3 (off) to 2 (emergency)" });
  });
});

describe("Pushover set-up through the subscription page", () => {
  let h: Harness;
  let alice: WebClient;
  let base: string;
  before(async () => {
    h = await startKindHarness(ENV, { siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
    base = `/projects/${h.project.uuid}`;
  });
  after(() => h.close());

  const poRows = () => h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "po").where("project_id", "=", h.project.id).execute();

  /** Posts the priorities and follows the subscription redirect's success URL back. */
  async function subscribe(prio: string, prioUp: string): Promise<URL> {
    const page = await alice.get(`${base}/integrations/add/po/`);
    assert.equal(page.status, 200);
    assert.match(page.text, /Subscribe with Pushover/);
    assert.match(page.text, /Emergency priority: repeated every 5 minutes for at most 1 day until you acknowledge them\./);
    const res = await alice.post(`${base}/add_pushover/`, { po_priority: prio, po_priority_up: prioUp });
    assert.equal(res.status, 303);
    const target = new URL(res.location!);
    assert.equal(`${target.origin}${target.pathname}`, "https://pushover.net/subscribe/beacon-x1");
    assert.equal(target.searchParams.get("failure"), `https://hc.example.org${base}/integrations/`);
    return new URL(target.searchParams.get("success")!);
  }

  it("sends the user to the subscription page and adds the integration with the user key Pushover returns", async () => {
    const success = await subscribe("2", "-3");
    assert.equal(`${success.origin}${success.pathname}`, `https://hc.example.org${base}/add_pushover/`);
    assert.equal(success.searchParams.get("prio"), "2");
    assert.equal(success.searchParams.get("prio_up"), "-3");
    const res = await alice.get(`${success.pathname}${success.search}&pushover_user_key=uQiRzpo4DXghDmr9QzzfQu27cmVRsG`);
    assert.equal(res.status, 303);
    assert.equal(res.location, `${base}/integrations/`);
    assert.deepEqual((await poRows()).map((r) => r.value), ["uQiRzpo4DXghDmr9QzzfQu27cmVRsG|2|-3"]);
  });

  it("refuses a forged or stale state, another account's, and bad priorities", async () => {
    const before = (await poRows()).length;
    assert.equal((await alice.get(`${base}/add_pushover/?pushover_user_key=u&state=forged&prio=0&prio_up=0`)).status, 403);
    const success = await subscribe("0", "0");
    const mallory = await signedUp(h, "mallory@example.org");
    assert.equal((await mallory.get(`${success.pathname}${success.search}&pushover_user_key=u`)).status, 404);
    const state = success.searchParams.get("state")!;
    assert.equal((await alice.get(`${base}/add_pushover/?pushover_user_key=u&state=${state}&prio=abc&prio_up=0`)).status, 400);
    assert.equal((await alice.get(`${base}/add_pushover/?pushover_user_key=u&state=${state}&prio=0`)).status, 400);
    assert.equal((await alice.post(`${base}/add_pushover/`, { po_priority: "3", po_priority_up: "0" })).status, 400);
    h.clock.advanceSeconds(3601);
    assert.equal((await alice.get(`${success.pathname}${success.search}&pushover_user_key=u`)).status, 403);
    assert.equal((await poRows()).length, before);
  });

  it("removes the project's Pushover integrations when the user unsubscribes", async () => {
    const success = await subscribe("0", "0");
    assert.ok((await poRows()).length > 0);
    const res = await alice.get(`${success.pathname}${success.search}&pushover_user_key=u&pushover_unsubscribed=1`);
    assert.equal(res.status, 303);
    assert.deepEqual(await poRows(), []);
  });
});

describe("Pushover without an application token", () => {
  let h: Harness;
  let alice: WebClient;
  before(async () => {
    h = await startKindHarness({ MONITOR_PUSHOVER_SUBSCRIPTION_URL: ENV.MONITOR_PUSHOVER_SUBSCRIPTION_URL });
    alice = await signedUp(h, "alice@example.org");
  });
  after(() => h.close());

  it("is not offered, its pages are not found, and create-integration says what to set", async () => {
    const base = `/projects/${h.project.uuid}`;
    assert.doesNotMatch((await alice.get(`${base}/integrations/`)).text, /add\/po\//);
    assert.equal((await alice.get(`${base}/integrations/add/po/`)).status, 404);
    assert.equal((await alice.get(`${base}/add_pushover/?pushover_user_key=u&state=x`)).status, 404);
    assert.equal(unavailableReason(kindOf("po")!, h.deps.config), "Pushover integrations are off on this server: set MONITOR_PUSHOVER_API_TOKEN.");
  });
});
