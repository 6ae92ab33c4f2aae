// Matrix against a fake homeserver: joining the room from the dashboard, the message event,
// and refusals.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

const ENV = { MONITOR_MATRIX_USER_ID: "@beacon:hs.example.org", MONITOR_MATRIX_ACCESS_TOKEN: "syt_bot" };

async function startHomeserver(): Promise<FakeService> {
  const hs = await startFakeService({ status: 200, body: { event_id: "$ev1" } });
  hs.on("POST", "/_matrix/client/v3/join/:room", (_req, { room }) => {
    if (room === "#private:hs.example.org") return { status: 403, body: { errcode: "M_FORBIDDEN", error: "You are not invited to this room." } };
    if (room === "#odd:hs.example.org") return { status: 200, body: { room: "x" } };
    return { status: 200, body: { room_id: "!r00m:hs.example.org" } };
  });
  return hs;
}

describe("Matrix integrations", () => {
  let h: Harness;
  let hs: FakeService;
  let alice: WebClient;
  before(async () => {
    hs = await startHomeserver();
    h = await startKindHarness({ ...ENV, MONITOR_MATRIX_HOMESERVER: hs.url }, { siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await hs.close();
  });

  const uniqueKey = async (uuid: string) => (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", uuid).executeTakeFirstOrThrow()).unique_key;

  it("joins the room given on the dashboard, stores its id, names the integration after the address, and the API lists it", async () => {
    hs.clear();
    const page = await alice.get(`/projects/${h.project.uuid}/integrations/add/matrix/`);
    assert.equal(page.status, 200);
    assert.match(page.text, /Invite @beacon:hs\.example\.org/);
    const res = await alice.post(`/projects/${h.project.uuid}/add_matrix/`, { alias: "#ops:hs.example.org" });
    assert.equal(res.status, 303);
    const [join] = hs.requests;
    assert.equal(join.method, "POST");
    assert.equal(join.url, "/_matrix/client/v3/join/%23ops%3Ahs.example.org");
    assert.equal(join.headers.authorization, "Bearer syt_bot");
    const row = await h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "matrix").executeTakeFirstOrThrow();
    assert.equal(row.value, "!r00m:hs.example.org");
    assert.equal(row.name, "#ops:hs.example.org");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.deepEqual(listed.json.channels, [{ id: row.uuid, name: "#ops:hs.example.org", kind: "matrix" }]);
  });

  it("shows why the room could not be joined, keeping what was typed", async () => {
    const add = `/projects/${h.project.uuid}/add_matrix/`;
    const cases: [string, RegExp][] = [
      ["", /This field is required\./],
      ["#" + "x".repeat(100), /Ensure this value has at most 100 characters \(it has 101\)\./],
      ["#private:hs.example.org", /Matrix server returned status 403 \(Forbidden\)\.\nDid you invite @beacon:hs\.example\.org to the room\?/],
      ["#odd:hs.example.org", /Matrix server returned unexpected response/],
    ];
    for (const [alias, message] of cases) {
      const res = await alice.post(add, { alias });
      assert.equal(res.status, 400, alias);
      assert.match(res.text, message);
      if (alias) assert.match(res.text, new RegExp(`value="${alias}"`));
    }
    hs.clear();
    hs.replies.push({ status: 404, body: { errcode: "M_UNRECOGNIZED" } });
    await alice.post(add, { alias: "#a/../../../admin:hs.example.org" });
    assert.equal(hs.requests[0].url, "/_matrix/client/v3/join/%23a%2F..%2F..%2F..%2Fadmin%3Ahs.example.org");
    hs.replies.push({ status: 429, body: { errcode: "M_LIMIT_EXCEEDED" } });
    assert.match((await alice.post(add, { alias: "#ops:hs.example.org" })).text, /Matrix server returned status 429 \(Too Many Requests\), please try later\./);
    assert.equal((await h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "matrix").execute()).length, 1);
  });

  it("puts an m.room.message event with a plain and an HTML body into the room", async () => {
    hs.clear();
    const ch = await addIntegration(h, "matrix", "!r00m:hs.example.org");
    const { check } = await alertDown(h, ch, { name: "DB <main>", tags: "prod", timeout: 3600 }, { body: "disk <full>" });
    const [req] = hs.requests;
    assert.equal(req.method, "PUT");
    assert.match(req.url, /^\/_matrix\/client\/v3\/rooms\/%21r00m%3Ahs\.example\.org\/send\/m\.room\.message\/[0-9a-f-]{36}$/);
    assert.equal(req.headers.authorization, "Bearer syt_bot");
    assert.equal(req.headers["content-type"], "application/json");
    const event = req.json();
    assert.deepEqual(Object.keys(event), ["msgtype", "body", "format", "formatted_body"]);
    assert.equal(event.msgtype, "m.text");
    assert.equal(event.format, "org.matrix.custom.html");
    assert.equal(event.body, "DB &lt;main&gt; is DOWN (received a failure signal).");
    const link = `https://hc.example.org/cloaked/${await uniqueKey(check.uuid)}/`;
    assert.equal(
      event.formatted_body,
      [
        `\u{1F534} The check <a href="${link}">DB &lt;main&gt;</a> is <b>DOWN</b> (received a failure signal).`,
        "<br>",
        "<br>",
        "<b>Project:</b> Alices<br>",
        "<b>Tags:</b> <code>prod</code> <br>",
        "<b>Period:</b> 1 hour<br>",
        "<b>Total Pings:</b> 1<br>",
        "<b>Last Ping:</b> Failure, now<br>",
        "<b>Last Ping Body:</b><br>",
        "<pre>disk &lt;full&gt;</pre>",
      ].join("\n"),
    );
  });

  it("says when a check is up again, with the downtime, and sends a test notification", async () => {
    hs.clear();
    const ch = await addIntegration(h, "matrix", "!r00m:hs.example.org");
    await alertDownThenUp(h, ch, { name: "Nightly" }, 5400);
    const up = hs.requests[1].json();
    assert.equal(up.body, "Nightly is now UP. The downtime lasted 1 hour, 30 minutes.");
    assert.match(up.formatted_body, /is <b>UP<\/b>\.\n<br>The downtime lasted 1 hour, 30 minutes\.\n<br>\n<br>\n/);
    assert.notEqual(hs.requests[0].url, hs.requests[1].url, "a transaction id per event");
    hs.clear();
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.equal(hs.requests[0].json().body, "TEST is DOWN.");
  });

  it("reports a refusal with its status code and retries it", async () => {
    hs.clear();
    hs.replies.push({ status: 403, body: { errcode: "M_FORBIDDEN" } });
    const { channel } = await alertDown(h, await addIntegration(h, "matrix", "!gone:hs.example.org"));
    assert.equal(channel.last_error, "Received status code 403");
    assert.equal(channel.disabled, 0);
  });

  it("takes a room id as create-integration's value", () => {
    assert.deepEqual(integrationValue("matrix", "!r00m:hs.example.org"), { value: "!r00m:hs.example.org" });
    assert.deepEqual(integrationValue("matrix", "#ops:hs.example.org"), { error: "--value must be a Matrix room id, !abc:example.org (invite the bot and let it join first)" });
  });
});

describe("Matrix without a bot account", () => {
  let h: Harness;
  let alice: WebClient;
  before(async () => {
    h = await startKindHarness({ MONITOR_MATRIX_HOMESERVER: "https://hs.example.org" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(() => h.close());

  it("is not offered, its pages are not found, and create-integration says what to set", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/matrix\//);
    assert.equal((await alice.get(`${base}add/matrix/`)).status, 404);
    await alice.get(base);
    assert.equal((await alice.post(`/projects/${h.project.uuid}/add_matrix/`, { alias: "#ops:hs.example.org" })).status, 404);
    assert.equal(unavailableReason(kindOf("matrix")!, h.deps.config), "Matrix integrations are off on this server: set MONITOR_MATRIX_ACCESS_TOKEN.");
  });
});
