// Pushbullet against a fake of Pushbullet's API: the OAuth set-up and the note pushes.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

const ENV = { MONITOR_PUSHBULLET_CLIENT_ID: "pb-client", MONITOR_PUSHBULLET_CLIENT_SECRET: "pb-secret" };

async function startPushbullet(): Promise<FakeService> {
  const pb = await startFakeService({ status: 200, body: { active: true, iden: "push-1", type: "note" } });
  pb.on("POST", "/oauth2/token", (req) =>
    req.form().get("code") === "good-code" ? { status: 200, body: { access_token: "o.tok3n", token_type: "Bearer" } } : { status: 400, body: { error: { code: "invalid_request" } } },
  );
  return pb;
}

describe("Pushbullet set-up through Pushbullet's authorization", () => {
  let h: Harness;
  let pb: FakeService;
  let alice: WebClient;
  let base: string;
  before(async () => {
    pb = await startPushbullet();
    h = await startKindHarness({ ...ENV, MONITOR_PUSHBULLET_API_URL: pb.url, MONITOR_PUSHBULLET_WEB_URL: "https://www.pushbullet.example" }, { siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
    base = `/projects/${h.project.uuid}/integrations/`;
  });
  after(async () => {
    await h.close();
    await pb.close();
  });

  async function connect(): Promise<string> {
    const page = await alice.get(`${base}add/pushbullet/`);
    assert.equal(page.status, 200);
    const url = new URL(/<a class="button primary" href="([^"]+)">/.exec(page.text)![1].replace(/&amp;/g, "&"));
    assert.equal(`${url.origin}${url.pathname}`, "https://www.pushbullet.example/authorize");
    assert.deepEqual([...url.searchParams.keys()], ["client_id", "redirect_uri", "response_type", "state"]);
    assert.equal(url.searchParams.get("client_id"), "pb-client");
    assert.equal(url.searchParams.get("redirect_uri"), "https://hc.example.org/integrations/add_pushbullet/");
    assert.equal(url.searchParams.get("response_type"), "code");
    return url.searchParams.get("state")!;
  }
  const rows = () => h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "pushbullet").execute();

  it("trades the code for an access token, stores it as the value, and lists the kind in the API", async () => {
    pb.clear();
    assert.match((await alice.get(base)).text, new RegExp(`href="${base}add/pushbullet/"`));
    const res = await alice.get(`/integrations/add_pushbullet/?code=good-code&state=${await connect()}`);
    assert.equal(res.status, 303);
    assert.equal(res.location, base);
    const [token] = pb.requests;
    assert.equal(token.method, "POST");
    assert.equal(token.url, "/oauth2/token");
    assert.equal(token.headers["content-type"], "application/x-www-form-urlencoded");
    assert.deepEqual(Object.fromEntries(token.form()), { client_id: "pb-client", client_secret: "pb-secret", code: "good-code", grant_type: "authorization_code" });
    const [row] = await rows();
    assert.equal(row.value, "o.tok3n");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.deepEqual(listed.json.channels, [{ id: row.uuid, name: "", kind: "pushbullet" }]);
  });

  it("says so when the user declines or Pushbullet answers oddly, and adds nothing", async () => {
    const before = (await rows()).length;
    assert.match((await alice.visit(`/integrations/add_pushbullet/?error=access_denied&state=${await connect()}`)).text, /Pushbullet setup was cancelled\./);
    assert.match((await alice.visit(`/integrations/add_pushbullet/?code=bad-code&state=${await connect()}`)).text, /Received an unexpected response from Pushbullet\. Integration not added\./);
    pb.replies.push({ status: 200, body: { access_token: 42 } });
    assert.match((await alice.visit(`/integrations/add_pushbullet/?code=good-code&state=${await connect()}`)).text, /Received an unexpected response from Pushbullet\./);
    assert.equal((await rows()).length, before);
  });

  it("refuses a forged state, another account's, and one older than an hour", async () => {
    assert.equal((await alice.get("/integrations/add_pushbullet/?code=good-code&state=forged")).status, 403);
    const state = await connect();
    const mallory = await signedUp(h, "mallory@example.org");
    assert.equal((await mallory.get(`/integrations/add_pushbullet/?code=good-code&state=${state}`)).status, 403);
    h.clock.advanceSeconds(3601);
    assert.equal((await alice.get(`/integrations/add_pushbullet/?code=good-code&state=${state}`)).status, 403);
  });
});

describe("Pushbullet alerts", () => {
  let h: Harness;
  let pb: FakeService;
  before(async () => {
    pb = await startPushbullet();
    h = await startKindHarness({ ...ENV, MONITOR_PUSHBULLET_API_URL: pb.url });
  });
  after(async () => {
    await h.close();
    await pb.close();
  });

  it("pushes a note with the access token, titled with the site's name", async () => {
    pb.clear();
    await alertDown(h, await addIntegration(h, "pushbullet", "o.abc"), { name: "Backups" });
    const [req] = pb.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/v2/pushes");
    assert.equal(req.headers["access-token"], "o.abc");
    assert.equal(req.headers["content-type"], "application/json");
    assert.equal(req.text(), '{"type": "note", "title": "Mychecks", "body": "The check \\"Backups\\" is DOWN (received a failure signal)."}');
  });

  it("says when a check is up again, with the downtime", async () => {
    pb.clear();
    await alertDownThenUp(h, await addIntegration(h, "pushbullet", "o.abc"), { name: "Nightly" }, 5400);
    assert.equal(pb.requests[1].json().body, 'The check "Nightly" is UP.\nThe downtime lasted 1 hour, 30 minutes.');
  });

  it("sends a test notification, and reports a refusal with its status code", async () => {
    pb.clear();
    const ch = await addIntegration(h, "pushbullet", "o.abc");
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.equal(pb.requests[0].json().body, 'The check "TEST" is DOWN.');
    pb.replies.push({ status: 401, body: { error: { code: "invalid_access_token" } } });
    const { channel } = await alertDown(h, ch);
    assert.equal(channel.last_error, "Received status code 401");
    assert.equal(channel.disabled, 0);
  });

  it("takes the access token as create-integration's value", () => {
    assert.deepEqual(integrationValue("pushbullet", " o.abc "), { value: "o.abc" });
    assert.deepEqual(integrationValue("pushbullet", "two words"), { error: "--value must be a Pushbullet access token" });
  });
});

describe("Pushbullet without an OAuth client", () => {
  let h: Harness;
  let alice: WebClient;
  before(async () => {
    h = await startKindHarness({ MONITOR_PUSHBULLET_CLIENT_ID: "pb-client" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(() => h.close());

  it("is not offered, its pages are not found, and create-integration says what to set", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/pushbullet\//);
    assert.equal((await alice.get(`${base}add/pushbullet/`)).status, 404);
    assert.equal((await alice.get("/integrations/add_pushbullet/?code=good-code&state=x")).status, 404);
    assert.equal(unavailableReason(kindOf("pushbullet")!, h.deps.config), "Pushbullet integrations are off on this server: set MONITOR_PUSHBULLET_CLIENT_SECRET.");
  });
});
